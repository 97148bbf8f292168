import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { StorefrontAccount } from './storefront-account';
import { portalMe } from '@/app/trpc-server';
import { storefrontProfile } from './storefront-reads';

// The storefront is the seller's: its logo and store name on top, the buyer's own sign-in state
// beside them, and the service only as a quiet "sold through" line at the foot. The seller is
// looked up here, ahead of the page's loading boundary, so an unknown seller is a real 404 and a
// former storefront id a real redirect rather than a streamed 200.
export default async function StorefrontLayout({ children, params }: { children: ReactNode; params: Promise<{ issuerClientId: string }> }) {
  const { issuerClientId } = await params;
  const seller = await storefrontProfile(issuerClientId);
  if (!seller) notFound();
  if (!seller.current) permanentRedirect(`/marketplace/${encodeURIComponent(seller.issuerClientId)}`);
  const session = await portalMe();
  const storefrontPath = `/marketplace/${encodeURIComponent(seller.issuerClientId)}`;
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-4 sm:px-6" aria-label="Store">
          <Link href={storefrontPath} className="flex min-w-0 items-center gap-3" data-testid="store-home">
            {seller.logoPath ? (
              // A wordmark keeps its shape: the height is fixed, the width follows it up to 10rem.
              // eslint-disable-next-line @next/next/no-img-element -- the seller's own image, served by us, sized here
              <img src={seller.logoPath} alt="" height={40} className="h-10 w-auto min-w-10 max-w-40 shrink-0 rounded object-contain object-left" />
            ) : (
              <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-indigo-100 font-semibold text-indigo-800">
                {seller.displayName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="min-w-0 text-lg font-semibold tracking-tight [overflow-wrap:anywhere]" data-testid="store-name">
              {seller.displayName}
            </span>
          </Link>
          <StorefrontAccount email={session?.email ?? null} storefrontPath={storefrontPath} />
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-10 text-sm text-slate-600 sm:px-6">
        Sold through the <Link href="/marketplace" className="underline hover:text-slate-900">licensing service marketplace</Link>. Payments,
        licenses and receipts are handled by the service.
      </footer>
    </>
  );
}
