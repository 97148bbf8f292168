import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { firstSearchParam, Pager } from '@/app/components/pager';
import type { BuyerOrderView } from '@licensing/core';
import { api, portalMe } from '@/app/trpc-server';
import { FormattedDate } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';
import { codeLinkText } from './receipt-summary';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your orders' };

type Props = { searchParams: Promise<{ page?: string | string[] }> };

const STATE_STYLE: Record<BuyerOrderView['state'], string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  completed: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-100 text-red-800',
};

/** The buyer's order history: every checkout they made, newest first, 25 a page. */
export default async function OrdersPage({ searchParams }: Props) {
  const session = await portalMe();
  if (!session) redirect('/login?callbackUrl=/orders');
  const { page: pageParam } = await searchParams;
  const requested = Number.parseInt(firstSearchParam(pageParam) ?? '1', 10);
  const { orders, page, pageCount, total } = await api.buyerOrders.list({ page: Number.isNaN(requested) ? undefined : requested });

  return (
    <div className="space-y-8">
      <header className="space-y-1 border-b border-slate-200 pb-4">
        <h1 className="text-3xl font-bold tracking-tight">Your orders</h1>
        <p className="text-slate-600">
          Everything you bought or claimed, newest first. The licenses themselves, their seats and codes are on{' '}
          <Link href="/licenses" className="text-indigo-700 underline hover:text-indigo-600">
            your licenses
          </Link>
          .
        </p>
      </header>

      {total === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>You have no orders yet.</p>
          <p className="mt-1 text-sm">
            Find something in the{' '}
            <Link href="/marketplace" className="text-indigo-700 underline hover:text-indigo-600">
              marketplace
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.id} data-testid="order" data-order-id={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}

      <Pager path="/orders" filter={{}} page={page} pages={pageCount} />
    </div>
  );
}

async function OrderRow({ order }: { order: BuyerOrderView }) {
  const format = await requestFormat();
  return (
    <article className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1 basis-56 space-y-1">
        <h2 className="font-semibold [overflow-wrap:anywhere]">
          <Link href={`/orders/${encodeURIComponent(order.id)}`} className="text-indigo-700 underline hover:text-indigo-600">
            {order.offeringName}
          </Link>
        </h2>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
          {order.productName} · from <span data-testid="order-seller">{order.sellerName}</span>
          {order.quantity > 1 && ` · ${order.quantity} seats`}
        </p>
        {(order.codeHref ?? order.licenseHref) && (
          <p className="text-sm">
            <Link href={(order.codeHref ?? order.licenseHref)!} className="text-indigo-700 underline hover:text-indigo-600" aria-label={`${order.codeHref ? codeLinkText(order.quantity) : 'See the license'} of ${order.offeringName}`}>
              {order.codeHref ? codeLinkText(order.quantity) : 'See the license'}
            </Link>
          </p>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-x-5 gap-y-1 text-sm">
        <div>
          <dt className="text-xs text-slate-600">Amount</dt>
          <dd className="font-medium">
            <span data-testid="order-amount">{order.amountMinor === 0 ? 'Free' : format.money(order.amountMinor, order.currency)}</span>
            {order.refundedMinor > 0 && (
              <span className="block text-xs font-normal text-slate-600" data-testid="order-refunded">
                {format.money(order.refundedMinor, order.currency)} refunded
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Date</dt>
          <dd>
            <FormattedDate value={order.createdAt} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Status</dt>
          <dd>
            <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-medium ${STATE_STYLE[order.state]}`} data-testid="order-status">
              {order.stateText}
            </span>
          </dd>
        </div>
      </dl>
    </article>
  );
}
