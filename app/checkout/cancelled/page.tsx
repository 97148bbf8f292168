import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Payment cancelled', robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** The hosted cancel page (when the app gives no CancelUrl). Nothing was charged; no sign-in needed. */
export default function CheckoutCancelledPage() {
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-8 shadow-sm" data-testid="checkout-cancelled">
      <h1 className="text-2xl font-semibold">Payment cancelled. You can return to the app.</h1>
      <p className="text-slate-600">Nothing was charged and no license was issued. Start the purchase again whenever you are ready.</p>
      <p>
        <Link href="/" className="font-medium text-indigo-700 underline hover:text-indigo-600">
          Back to the start page
        </Link>
      </p>
    </section>
  );
}
