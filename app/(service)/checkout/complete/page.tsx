import type { Metadata } from 'next';
import Link from 'next/link';
import type { CheckoutOutcome, BuyerReceipt } from '@licensing/core';
import { api, portalMe, refusedWith } from '@/app/trpc-server';
import { checkoutOutcome } from '../checkout-outcome';
import { ReceiptSummary } from '../../orders/receipt-summary';
import { SaleCodesBox } from '../../licenses/sale-codes-box';
import { DownloadLinks } from '@/app/components/download-links';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your purchase', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ session_id?: string }> };

const TONE = {
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  pending: 'border-amber-300 bg-amber-50 text-amber-950',
  cancelled: 'border-slate-200 bg-white text-slate-900',
  failed: 'border-red-200 bg-red-50 text-red-950',
  unknown: 'border-slate-200 bg-white text-slate-900',
} as const;

function headingOf(outcome: CheckoutOutcome): string {
  const what = outcome.offeringName ? ` for ${outcome.offeringName}` : '';
  switch (outcome.state) {
    case 'completed':
      return `Payment received${what}.`;
    case 'pending':
      return `Waiting for the payment${what} to be confirmed…`;
    case 'cancelled':
      return `Payment cancelled${what}.`;
    case 'failed':
      return `The payment${what} did not go through.`;
    default:
      return 'We cannot find this purchase.';
  }
}

/** The receipt of a paid checkout when the one looking is its buyer, signed in; null for anyone else. */
async function receiptForViewer(sessionId: string, signedIn: boolean): Promise<BuyerReceipt | null> {
  if (!signedIn) return null;
  try {
    return await api.buyerOrders.receipt({ checkoutId: sessionId });
  } catch (error) {
    if (refusedWith(error, 'NotFound')) return null;
    throw error;
  }
}

/**
 * The hosted result page (spec: when the app gives no SuccessUrl). It reads the checkout and says
 * what happened: paid, still waiting for the processor (refreshing itself), cancelled, failed or
 * unknown. The checkout id is the only key, so it shows no buyer data and no credential, except
 * to the buyer of that checkout, signed in, who sees the license codes (one per seat, each with a
 * Copy button) and the receipt's summary.
 */
export default async function CheckoutCompletePage({ searchParams }: Props) {
  const { session_id: sessionId } = await searchParams;
  const outcome = await checkoutOutcome(sessionId);
  const licensesPath = outcome.state === 'completed' ? `/licenses?session=${encodeURIComponent(sessionId!)}` : '/licenses';
  // A buyer who paid from an app has no portal session in this browser: sign in first, then back here.
  const signedIn = (await portalMe()) !== null;
  const licensesHref = signedIn ? licensesPath : `/login?callbackUrl=${encodeURIComponent(licensesPath)}`;
  const receipt = outcome.state === 'completed' ? await receiptForViewer(sessionId!, signedIn) : null;
  // The codes and downloads only to the buyer of this checkout (who alone has its receipt).
  const sale = receipt ? await api.licenses.saleCodes({ sessionId: sessionId! }) : null;
  const receiptPath = outcome.state === 'completed' ? `/orders/${encodeURIComponent(sessionId!)}` : null;
  return (
    <section className={`mx-auto max-w-lg min-w-0 space-y-4 rounded-lg border p-8 ${TONE[outcome.state]}`} data-testid="checkout-complete" data-state={outcome.state}>
      {/* While the processor has not confirmed, the page reads the checkout again every 3 seconds. */}
      {outcome.state === 'pending' && <meta httpEquiv="refresh" content="3" />}
      <h1 className="text-2xl font-semibold break-words" role={outcome.state === 'pending' ? 'status' : undefined}>
        {headingOf(outcome)}
      </h1>
      {outcome.state === 'completed' && (
        <p>
          Your license from {outcome.sellerName} is ready. If you bought from an app, it picks the license up by itself in a moment; you can return to it.{' '}
          {signedIn ? (
            'A confirmation e-mail is on its way.'
          ) : (
            <span data-testid="codes-by-email">
              The license and its codes are on their way to your e-mail address: the e-mail’s <strong>Show your license codes</strong> button signs you in and
              shows them.
            </span>
          )}
        </p>
      )}
      {sale && sale.codes.length > 0 && <SaleCodesBox codes={sale.codes} offeringName={outcome.offeringName ?? 'your purchase'} licenseHref={licensesPath} />}
      {sale && receipt && <DownloadLinks downloads={sale.downloads} productName={receipt.productName} />}
      {receipt && (
        <section aria-labelledby="receipt-summary" className="rounded-md border border-emerald-200 bg-white p-4 text-slate-900" data-testid="checkout-receipt">
          <h2 id="receipt-summary" className="text-base font-semibold">
            Your receipt
          </h2>
          <ReceiptSummary receipt={receipt} />
        </section>
      )}
      {outcome.state === 'pending' && <p>The payment processor has not confirmed the payment yet. This page checks again every few seconds; nothing more to do.</p>}
      {outcome.state === 'cancelled' && <p>Nothing was charged and no license was issued. You can start again whenever you are ready.</p>}
      {outcome.state === 'failed' && (
        <p>
          {outcome.reason ?? 'The payment failed.'} Nothing was charged and no license was issued. You can try again from {outcome.sellerName}&apos;s
          storefront.
        </p>
      )}
      {outcome.state === 'unknown' && <p>The link may be incomplete. If you paid, your license is on your licenses page, and the app you bought from shows it.</p>}
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {(outcome.state === 'completed' || outcome.state === 'unknown') && (
          <Link href={licensesHref} className="font-medium text-indigo-700 underline hover:text-indigo-600">
            {signedIn ? 'See your licenses' : 'Sign in to see your licenses'}
          </Link>
        )}
        {receiptPath && (
          <Link
            href={receipt ? receiptPath : `/login?callbackUrl=${encodeURIComponent(receiptPath)}`}
            className="font-medium text-indigo-700 underline hover:text-indigo-600"
          >
            {receipt ? 'See the receipt' : 'Sign in to see the receipt'}
          </Link>
        )}
        {outcome.storefrontPath && (
          <Link href={outcome.storefrontPath} className="font-medium text-indigo-700 underline hover:text-indigo-600">
            Back to {outcome.sellerName}&apos;s storefront
          </Link>
        )}
      </p>
    </section>
  );
}
