import type { Metadata } from 'next';
import Link from 'next/link';
import { firstSearchParam, Pager } from '@/app/components/pager';
import { kit } from '@/app/core';
import { api, portalMe } from '@/app/trpc-server';
import { FormattedDate } from '@/app/components/formatted';
import { ListSearchForm } from '../list-search-form';
import { SellerWelcome } from '../seller-welcome';
import { StatusBadge } from './status-badge';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Licenses' };

const STATUS_OPTIONS = [{ value: '', label: 'Any' }, ...kit.licenseStatusSchema.options.map((status) => ({ value: status, label: status }))];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SellerLicensesPage({ searchParams }: Props) {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  const raw = await searchParams;
  const query = kit.sellerLicensesQuerySchema.parse({
    q: firstSearchParam(raw.q) || undefined,
    status: firstSearchParam(raw.status) || undefined,
    attention: firstSearchParam(raw.attention) || undefined,
    page: firstSearchParam(raw.page),
  });
  const result = await api.sellerLicenses.list(query);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Licenses</h1>
        <p className="max-w-2xl text-slate-600">Every license you sold or created: find one by your tenant id or the customer&apos;s e-mail, then manage its seats, codes and status.</p>
      </header>
      <ListSearchForm
        action="/portal/licenses"
        label="Find licenses"
        textLabel="Tenant id or customer e-mail"
        text={query.q}
        filter={{ name: 'status', label: 'Status', value: query.status ?? '', options: STATUS_OPTIONS }}
      />
      {query.attention ? (
        <p className="text-sm" data-testid="stripe-attention">
          Showing the licenses that need a look at Stripe.{' '}
          <Link href="/portal/licenses" className="font-medium text-indigo-700 hover:underline">
            Show every license
          </Link>
        </p>
      ) : result.needingStripeAttention > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="stripe-attention">
          {result.needingStripeAttention === 1 ? '1 license needs' : `${result.needingStripeAttention} licenses need`} a look at Stripe: a change Stripe did not take, or a
          difference found by the hourly comparison.{' '}
          <Link href="/portal/licenses?attention=stripe" className="font-medium underline">
            Show {result.needingStripeAttention === 1 ? 'it' : 'them'}
          </Link>
        </p>
      ) : null}
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="licenses-count">
        {result.total === 0 ? 'No licenses match.' : `${result.total} license${result.total === 1 ? '' : 's'}; page ${result.page} of ${result.pages}.`}
      </p>
      {result.rows.length > 0 && (
        <ul className="space-y-3" aria-label="Licenses">
          {result.rows.map((license) => (
            <li key={license.id} data-testid="seller-license-row" className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Link href={`/portal/licenses/${license.id}`} className="min-w-0 font-semibold break-words text-indigo-700 hover:underline">
                  {license.productName} · {license.offeringName}
                </Link>
                <span className="flex flex-wrap items-center gap-2">
                  {license.needsStripeAttention ? (
                    <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                      Stripe: needs a look
                    </span>
                  ) : null}
                  <StatusBadge status={license.status} />
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div className="min-w-0">
                  <dt className="inline text-slate-500">Tenant: </dt>
                  <dd className="inline break-all">{license.tenantId ?? '—'}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="inline text-slate-500">Customer: </dt>
                  <dd className="inline break-all">{license.customerEmail ?? '—'}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">Live seats: </dt>
                  <dd className="inline">{license.liveSeats}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">Created: </dt>
                  <dd className="inline">
                    <FormattedDate value={license.createdAt} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pager path="/portal/licenses" filter={{ q: query.q, status: query.status, attention: query.attention }} page={result.page} pages={result.pages} />
    </div>
  );
}
