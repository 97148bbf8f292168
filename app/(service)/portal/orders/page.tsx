import type { Metadata } from 'next';
import Link from 'next/link';
import { firstSearchParam, Pager } from '@/app/components/pager';
import type { SellerOrderRow } from '@licensing/core';
import { kit } from '@/app/core';
import { api, portalMe } from '@/app/trpc-server';
import { FormattedDateTime } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';
import { ListSearchForm } from '../list-search-form';
import { ListSummary } from '../list-summary';
import { SellerWelcome } from '../seller-welcome';
import { ORDER_STATUS_WORDS, orderStatusWords, refundWords } from './order-status';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Orders' };

const STATUS_OPTIONS = [{ value: '', label: 'Any' }, ...kit.ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_WORDS[status].label }))];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  const raw = await searchParams;
  const query = kit.sellerOrdersQuerySchema.parse({ q: firstSearchParam(raw.q) || undefined, status: firstSearchParam(raw.status) || undefined, page: firstSearchParam(raw.page) });
  const result = await api.sellerOrders.list(query);
  const filter = { q: query.q, status: query.status };
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
        <p className="max-w-2xl text-slate-600">
          Every checkout of your offerings, newest first: bought in your storefront or an app, or opened by your backend for a tenant.
        </p>
      </header>
      <ListSearchForm
        action="/portal/orders"
        label="Find orders"
        textLabel="E-mail, order id or tenant id"
        text={query.q}
        filter={{ name: 'status', label: 'Status', value: query.status ?? '', options: STATUS_OPTIONS }}
      />
      <ListSummary total={result.total} page={result.page} pages={result.pages} noun={{ one: 'order', many: 'orders' }} testId="orders-count" exportPath="/portal/orders/export" filter={filter} />
      {result.rows.length > 0 && (
        <div>
          {/* Column titles for sighted readers on wide screens; each value carries its own label for everyone else. */}
          <div aria-hidden="true" className={`hidden gap-x-3 px-4 pb-2 text-xs font-medium text-slate-600 lg:grid ${COLUMNS}`}>
            {COLUMN_TITLES.map((title) => (
              <span key={title}>{title}</span>
            ))}
          </div>
          <ul className="space-y-3 lg:space-y-0 lg:divide-y lg:divide-slate-100 lg:rounded-lg lg:border lg:border-slate-200 lg:bg-white" aria-label="Orders">
            {result.rows.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        </div>
      )}
      <Pager path="/portal/orders" filter={filter} page={result.page} pages={result.pages} />
    </div>
  );
}

// One grid for the titles and the rows on wide screens; on a phone each order is a card of label: value lines.
const COLUMNS = 'lg:grid-cols-[6.5rem_minmax(0,1.8fr)_minmax(0,1.3fr)_2.5rem_5.5rem_7rem_minmax(0,1fr)_3.5rem]';
const COLUMN_TITLES = ['Date', 'Customer', 'Offering', 'Seats', 'Amount', 'Status', 'Channel', 'License'];

async function OrderRow({ order }: { order: SellerOrderRow }) {
  const format = await requestFormat();
  const status = orderStatusWords(order);
  const refunded = refundWords(order);
  return (
    <li data-testid="order-row" className="relative rounded-lg border border-slate-200 bg-white p-4 text-sm lg:rounded-none lg:border-0 lg:bg-transparent lg:px-4 lg:py-3">
      <dl className={`grid grid-cols-[5.5rem_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 ${COLUMNS}`}>
        <Field label="Date">
          <FormattedDateTime value={order.createdAt} />
        </Field>
        <Field label="Customer">{order.customerEmail ? <EmailAddress email={order.customerEmail} /> : <span className="text-slate-600">not known yet</span>}</Field>
        <Field label="Offering">
          <span className="font-medium">
            {order.productName} · {order.offeringName}
          </span>
          <Link href={`/portal/orders/${encodeURIComponent(order.id)}`} className="block font-mono text-xs text-indigo-700 hover:underline">
            <span className="sr-only">Order </span>
            {order.id}
          </Link>
        </Field>
        <Field label="Seats">{order.seats}</Field>
        <Field label="Amount">
          <span data-testid="order-amount">{order.amountMinor === 0 && !order.discount ? 'Free' : format.money(order.amountMinor, order.currency)}</span>
          {order.discount && <span className="block text-xs text-slate-600">{order.discount.code} −{format.money(order.discount.amountMinor, order.currency)}</span>}
          {order.refundedMinor > 0 && (
            <span data-testid="order-refunded" className="block text-xs text-slate-600">
              {format.money(order.refundedMinor, order.currency)} refunded
            </span>
          )}
        </Field>
        <Field label="Status">
          <span className="flex flex-wrap gap-1">
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${status.className}`}>{status.label}</span>
            {refunded && <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${refunded.className}`}>{refunded.label}</span>}
          </span>
        </Field>
        <Field label="Channel">
          {order.channel === 'seller backend' ? 'Your backend (embedded)' : 'Storefront or app'}
          {order.tenantId && <span className="block text-slate-600">Tenant {order.tenantId}</span>}
        </Field>
        <Field label="License">
          {order.licenseId ? (
            <Link href={`/portal/licenses/${order.licenseId}`} className="font-medium text-indigo-700 hover:underline">
              Open<span className="sr-only"> the license of order {order.id}</span>
            </Link>
          ) : (
            <span className="text-slate-600">none</span>
          )}
        </Field>
      </dl>
    </li>
  );
}

/** An e-mail address that may wrap after its @ before it wraps anywhere else. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 1) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />@{email.slice(at + 1)}
    </>
  );
}

/** A label beside its value on a phone; on wide screens the column title shows it and the label is for screen readers. */
function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-600 lg:sr-only">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
