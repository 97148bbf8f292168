import type { ReactNode } from 'react';

/**
 * The hosted checkout page (the local processor's) is the seller's, like the storefront: its own
 * header carries the store's logo and name, and the service's navigation is not on it (a buyer
 * paying sees whom they pay and one way on: Pay).
 */
export default function HostedCheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {children}
    </main>
  );
}
