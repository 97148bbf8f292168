import type { Metadata } from 'next';
import Link from 'next/link';
import { checkoutOutcome } from '../checkout-outcome';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Payment cancelled', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

/**
 * The hosted cancel page (when the app gives no CancelUrl; the processor's cancel URL carries the
 * checkout's session_id). Nothing was charged; no sign-in needed. It names the seller and links
 * back to its storefront when the checkout is known, and claims no more than the checkout says:
 * a checkout that was paid after all (another tab) is not called cancelled.
 */
export default async function CheckoutCancelledPage({ searchParams }: Props) {
  const { session_id: sessionParam } = await searchParams;
  const outcome = await checkoutOutcome(sessionParam);
  const paidAfterAll = outcome.state === 'completed';
  return (
    <section
      className="mx-auto max-w-lg min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-8 shadow-sm"
      data-testid="checkout-cancelled"
      data-state={outcome.state}
    >
      {paidAfterAll ? (
        <>
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">This purchase{outcome.offeringName ? ` of ${outcome.offeringName}` : ''} was paid.</h1>
          <p className="text-slate-700">It was completed before it could be cancelled, so your license is ready.</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
            Payment cancelled{outcome.offeringName ? ` for ${outcome.offeringName}` : ''}.
          </h1>
          <p className="text-slate-700">Nothing was charged and no license was issued. If you came from an app, you can return to it now.</p>
        </>
      )}
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {outcome.storefrontPath ? (
          <Link href={outcome.storefrontPath} className="font-medium text-indigo-700 underline hover:text-indigo-600 [overflow-wrap:anywhere]">
            Back to {outcome.sellerName}&apos;s storefront
          </Link>
        ) : (
          <Link href="/marketplace" className="font-medium text-indigo-700 underline hover:text-indigo-600">
            Browse the marketplace
          </Link>
        )}
        {paidAfterAll && (
          <Link href="/licenses" className="font-medium text-indigo-700 underline hover:text-indigo-600">
            See your licenses
          </Link>
        )}
      </p>
    </section>
  );
}
