import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './globals.css';
import { TrpcProvider } from './trpc-provider';

export const metadata: Metadata = {
  title: { default: 'Licensing service', template: '%s · Licensing service' },
  description: 'Sell software and issue and enforce its licenses.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each carries its own CSP nonce.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-5xl items-center justify-between px-6 py-4" aria-label="Main">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Licensing service
            </Link>
            <div className="flex items-center gap-5 text-sm">
              <Link href="/marketplace/demo" className="text-slate-600 hover:text-slate-900">
                Demo storefront
              </Link>
              <Link href="/licenses" className="text-slate-600 hover:text-slate-900">
                Your licenses
              </Link>
              <Link href="/portal" className="text-slate-600 hover:text-slate-900">
                Seller portal
              </Link>
            </div>
          </nav>
        </header>
        <TrpcProvider>
          <main id="main" className="mx-auto max-w-5xl px-6 py-10">
            {children}
          </main>
        </TrpcProvider>
      </body>
    </html>
  );
}
