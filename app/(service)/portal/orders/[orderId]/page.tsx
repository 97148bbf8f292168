import type { Metadata } from 'next';
import Link from 'next/link';
import type { SellerOrderDetail, SellerOrderDispute, SellerOrderRefund } from '@licensing/core';
import { kit } from '@/app/core';
import { api, orNotFound, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { FactList, type Fact } from '@/app/components/fact-list';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';
import { ToastProvider } from '@/app/components/toast';
import { StatusBadge } from '../../licenses/status-badge';
import { SellerWelcome } from '../../seller-welcome';
import { orderStatusWords, refundWords } from '../order-status';
import { RefreshWhileRefundsPending, RefundAction } from './refund-action';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Order' };

type Props = { params: Promise<{ orderId: string }> };

const PROCESSOR_WORDS: Record<SellerOrderDetail['processor'], string> = {
  local: 'Local processor (test mode, no card charged)',
  stripe: 'Stripe',
  none: 'No payment (free)',
};

/** One order of the seller: what it charged, what went back and why, what the buyer's bank disputed, and its license. */
export default async function SellerOrderPage({ params }: Props) {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  const { orderId } = await params;
  // Another seller's order and an unknown id are the same not-found page.
  const order = await orNotFound(api.sellerOrders.detail({ orderId }));
  const [format, mayRefund] = await Promise.all([requestFormat(), mayDo('refunds')]);
  const status = orderStatusWords(order);
  const refunded = refundWords(order);
  const openDispute = order.disputes.some((dispute) => dispute.status === 'open');
  const money = (minor: number) => format.money(minor, order.currency);
  const paid = order.status === 'completed' && order.amountMinor > 0;

  const facts: Fact[] = [
    ['Order number', <span key="number" className="font-mono">{order.orderNumber}</span>, 'order-number'],
    ...(order.invoiceNumber ? ([['Order id', <span key="id" className="font-mono text-xs break-all">{order.id}</span>]] as Fact[]) : []),
    ['Ordered', <FormattedDateTime key="ordered" value={order.createdAt} />],
    ...(order.completedAt ? ([[order.amountMinor > 0 ? 'Paid' : 'Completed', <FormattedDateTime key="completed" value={order.completedAt} />]] as Fact[]) : []),
    ['Customer', order.customerEmail ?? 'not known yet', 'order-customer'],
    ['Offering', `${order.productName} · ${order.offeringName}`],
    ['Seats', String(order.seats)],
    ['Channel', order.channel === 'seller backend' ? `Your backend (embedded)${order.tenantId ? `, tenant ${order.tenantId}` : ''}` : 'Storefront or app'],
    ['Payment', PROCESSOR_WORDS[order.processor]],
    ['License', <LicenseFact key="license" license={order.license} />, 'order-license'],
  ];
  const moneyFacts: Fact[] = [
    ['Amount', order.amountMinor === 0 && !order.discount ? 'Free' : money(order.amountMinor), 'order-amount'],
    ...(order.discount ? ([[`Discount (${order.discount.code})`, `−${money(order.discount.amountMinor)}`, 'order-discount']] as Fact[]) : []),
    ...(order.taxMinor > 0
      ? ([
          ['Net', money(order.amountMinor - order.taxMinor), 'order-net'],
          ['Tax', money(order.taxMinor), 'order-tax'],
        ] as Fact[])
      : []),
    ...(order.amountMinor > 0
      ? ([
          ['Refunded', money(order.refundedMinor), 'order-refunded'],
          ['Left to refund', money(order.refundableMinor), 'order-refundable'],
        ] as Fact[])
      : []),
  ];

  return (
    <ToastProvider>
      <div className="space-y-8">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/portal/orders" className="font-medium text-indigo-700 hover:underline">
            ← All orders
          </Link>
        </nav>
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words">Order {order.orderNumber}</h1>
            <span className="flex flex-wrap gap-2" data-testid="order-status">
              <Badge {...status} />
              {refunded && <Badge {...refunded} />}
              {openDispute && <Badge label="Disputed" className="bg-red-50 text-red-800 ring-red-200" />}
            </span>
          </div>
          <p className="text-slate-600 [overflow-wrap:anywhere]">
            {order.productName} · {order.offeringName}
            {order.customerEmail ? <> for {order.customerEmail}</> : null}
          </p>
        </header>

        <section aria-labelledby="order-details-heading" className="space-y-2">
          <h2 id="order-details-heading" className="text-xl font-semibold">
            Details
          </h2>
          <div className="rounded-lg border border-slate-200 bg-white px-4">
            <FactList facts={facts} />
          </div>
        </section>

        <section aria-labelledby="order-money-heading" className="space-y-3">
          <h2 id="order-money-heading" className="text-xl font-semibold">
            Money
          </h2>
          <div className="rounded-lg border border-slate-200 bg-white px-4">
            <FactList facts={moneyFacts} />
          </div>
          {paid && mayRefund && (
            <RefundAction
              orderId={order.id}
              currency={order.currency}
              refundableMinor={order.refundableMinor}
              customerEmail={order.customerEmail}
              license={order.license === null ? 'none' : kit.isFinalLicenseStatus(order.license.status) ? 'ended' : 'live'}
            />
          )}
          {paid && order.refundableMinor > 0 && <RoleNotice needs="refunds" />}
        </section>

        <section aria-labelledby="refunds-heading" className="space-y-3">
          {/* Focus lands here after a refund, so the seller hears the list that now holds it. */}
          <h2 id="refunds-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            Refunds
          </h2>
          {order.refunds.length === 0 ? (
            <p className="text-sm text-slate-600">{paid ? 'Nothing has been refunded on this order.' : 'This order took no money, so there is nothing to refund.'}</p>
          ) : (
            <ul className="space-y-3" aria-label="Refunds of this order">
              {order.refunds.map((refund) => (
                <RefundItem key={refund.id} refund={refund} money={money} hasLicense={order.license !== null} />
              ))}
            </ul>
          )}
          <RefreshWhileRefundsPending key={order.refunds.length} pending={order.refunds.some((refund) => refund.status === 'pending')} />
        </section>

        <section aria-labelledby="disputes-heading" className="space-y-3">
          <h2 id="disputes-heading" className="text-xl font-semibold">
            Disputes
          </h2>
          {order.disputes.length === 0 ? (
            <p className="text-sm text-slate-600">The buyer’s bank has not disputed this payment.</p>
          ) : (
            <ul className="space-y-3" aria-label="Disputes of this order">
              {order.disputes.map((dispute) => (
                <DisputeItem key={dispute.id} dispute={dispute} money={format.money} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </ToastProvider>
  );
}

function Badge({ label, className }: { label: string; className: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${className}`}>{label}</span>;
}

/** The order's license: a link, its status, and in plain words when money moved it. */
function LicenseFact({ license }: { license: SellerOrderDetail['license'] }) {
  if (!license) return <span className="text-slate-600">none issued</span>;
  const why =
    license.statusReason === 'Refunded'
      ? 'ended by a refund'
      : license.statusReason === 'Disputed'
        ? license.status === 'Suspended'
          ? 'suspended by a dispute'
          : 'ended by a lost dispute'
        : null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <StatusBadge status={license.status} />
      {why && <span data-testid="order-license-reason">{why}</span>}
      <Link href={`/portal/licenses/${encodeURIComponent(license.id)}`} className="font-medium text-indigo-700 hover:underline">
        Open the license
      </Link>
    </span>
  );
}

const REFUND_STATUS: Record<SellerOrderRefund['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  succeeded: { label: 'Succeeded', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
};

function RefundItem({ refund, money, hasLicense }: { refund: SellerOrderRefund; money: (minor: number) => string; hasLicense: boolean }) {
  const status = REFUND_STATUS[refund.status];
  return (
    <li data-testid="order-refund" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <span data-testid="order-refund-amount">{money(refund.amountMinor)}</span> on <FormattedDateTime value={refund.createdAt} />
        </p>
        <span data-testid="order-refund-status">
          <Badge {...status} />
        </span>
      </div>
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Made by</dt>
        <dd>{refund.source === 'seller' ? 'You' : 'At the processor'}</dd>
        {hasLicense && (
          <>
            <dt className="text-slate-600">License</dt>
            <dd data-testid="order-refund-license">{refund.licenseAction === 'revoke' ? 'Ended (its codes stop working)' : 'Kept'}</dd>
          </>
        )}
        <dt className="text-slate-600">Reason</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{refund.reason ?? <span className="text-slate-600">none given</span>}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          {refund.status === 'pending'
            ? 'The processor is making it; this page updates by itself.'
            : refund.status === 'succeeded'
              ? refund.settledAt
                ? <>Confirmed by the processor <FormattedDateTime value={refund.settledAt} /></>
                : 'Confirmed by the processor'
              : 'The processor refused it; the amount can be refunded again.'}
        </dd>
      </dl>
    </li>
  );
}

const DISPUTE_STATUS: Record<SellerOrderDispute['status'], { label: string; className: string; meaning: string }> = {
  open: { label: 'Open', className: 'bg-red-50 text-red-800 ring-red-200', meaning: 'The license is suspended until the bank decides.' },
  won: { label: 'Won', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200', meaning: 'The bank decided for you; the license runs again unless you changed it meanwhile.' },
  lost: { label: 'Lost', className: 'bg-slate-100 text-slate-800 ring-slate-300', meaning: 'The payment went back to the buyer, and the license ended.' },
};

function DisputeItem({ dispute, money }: { dispute: SellerOrderDispute; money: (minor: number, currency: string) => string }) {
  const status = DISPUTE_STATUS[dispute.status];
  return (
    <li data-testid="order-dispute" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {dispute.amountMinor > 0 ? money(dispute.amountMinor, dispute.currency) : 'Amount not reported'} disputed
        </p>
        <Badge {...status} />
      </div>
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Opened</dt>
        <dd>
          <FormattedDate value={dispute.openedAt} />
        </dd>
        <dt className="text-slate-600">Reason</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{dispute.reason ? dispute.reason.replaceAll('_', ' ') : <span className="text-slate-600">not given</span>}</dd>
        <dt className="text-slate-600">Closed</dt>
        <dd>{dispute.closedAt ? <FormattedDate value={dispute.closedAt} /> : 'not yet'}</dd>
        <dt className="text-slate-600">Outcome</dt>
        <dd>{status.meaning}</dd>
      </dl>
    </li>
  );
}
