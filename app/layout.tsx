import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { LocaleProvider } from './components/formatted';
import { requestLocale } from './components/request-format';
import './globals.css';
import { TrpcProvider } from './trpc-provider';

export const metadata: Metadata = {
  title: { default: 'Licensing service', template: '%s · Licensing service' },
  description: 'Sell software and issue and enforce its licenses.',
};

// The chrome is the section's own: the service's header in app/(service)/layout.tsx, the seller's
// in app/marketplace/[issuerClientId]/layout.tsx.
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each carries its own CSP nonce.
  await headers();
  // Client components format in the locale the server rendered with (app/components/formats.ts).
  const locale = await requestLocale();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <LocaleProvider locale={locale}>
          <TrpcProvider>{children}</TrpcProvider>
        </LocaleProvider>
      </body>
    </html>
  );
}
