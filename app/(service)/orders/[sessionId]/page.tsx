import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { api, orNotFound, portalMe } from '@/app/trpc-server';
import { requestFormat } from '@/app/components/request-format';
import { codeLinkText, ReceiptSummary } from '../receipt-summary';
import { PrintButton } from './print-button';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Receipt', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ sessionId: string }> };

/** One order's receipt, for its buyer only (anyone else gets the 404 page); laid out to print. */
export default async function ReceiptPage({ params }: Props) {
  const { sessionId } = await params;
  const session = await portalMe();
  if (!session) redirect(`/login?callbackUrl=${encodeURIComponent(`/orders/${sessionId}`)}`);
  const receipt = await orNotFound(api.buyerOrders.receipt({ checkoutId: sessionId }));
  const format = await requestFormat();

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="receipt">
      <p className="text-sm print:hidden">
        <Link href="/orders" className="text-indigo-700 underline hover:text-indigo-600">
          ← All your orders
        </Link>
      </p>
      <header className="space-y-1">
        <p className="text-sm uppercase tracking-wide text-slate-600">Receipt</p>
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          {receipt.offeringName} from {receipt.sellerName}
        </h1>
        <p className="text-slate-600">
          {receipt.stateText} · {receipt.paidAt ? (receipt.amountMinor === 0 ? 'Free' : format.money(receipt.amountMinor, receipt.currency)) : 'nothing charged'}
          {receipt.refundedMinor > 0 && ` · ${format.money(receipt.refundedMinor, receipt.currency)} refunded`}
        </p>
      </header>

      <section aria-labelledby="receipt-details" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 print:border-0 print:p-0 print:shadow-none">
        <h2 id="receipt-details" className="sr-only">
          Order details
        </h2>
        <ReceiptSummary receipt={receipt} />
      </section>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 print:hidden">
        {receipt.codeHref && (
          <Link href={receipt.codeHref} className="font-medium text-indigo-700 underline hover:text-indigo-600">
            {codeLinkText(receipt.quantity)}
          </Link>
        )}
        {receipt.licenseHref && (
          <Link href={receipt.licenseHref} className="font-medium text-indigo-700 underline hover:text-indigo-600">
            See the license
          </Link>
        )}
        <Link href={receipt.storefrontPath} className="font-medium text-indigo-700 underline hover:text-indigo-600 [overflow-wrap:anywhere]">
          Back to {receipt.sellerName}&apos;s storefront
        </Link>
        <PrintButton />
      </div>
      <p className="hidden text-xs text-slate-600 print:block">Printed from the licensing service. Order number {receipt.orderNumber}.</p>
    </div>
  );
}
