import type { Metadata } from 'next';
import Link from 'next/link';
import { firstSearchParam, Pager } from '@/app/components/pager';
import { kit } from '@/app/core';
import { api, portalMe } from '@/app/trpc-server';
import { FormattedDate } from '@/app/components/formatted';
import { ListSearchForm } from '../list-search-form';
import { ListSummary } from '../list-summary';
import { SellerWelcome } from '../seller-welcome';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Customers' };

const HOLDING_OPTIONS = [
  { value: 'any', label: 'All customers' },
  { value: 'active', label: 'Holding an active license' },
] as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CustomersPage({ searchParams }: Props) {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  const raw = await searchParams;
  const query = kit.sellerCustomersQuerySchema.parse({ q: firstSearchParam(raw.q) || undefined, holding: firstSearchParam(raw.holding) || undefined, page: firstSearchParam(raw.page) });
  const result = await api.sellerCustomers.list(query);
  const filter = { q: query.q, holding: query.holding === 'any' ? undefined : query.holding };
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Customers</h1>
        <p className="max-w-2xl text-slate-600">The people holding your licenses, newest first. Licenses made for a tenant without a buyer are not listed here.</p>
      </header>
      <ListSearchForm
        action="/portal/customers"
        label="Find customers"
        textLabel="E-mail"
        text={query.q}
        filter={{ name: 'holding', label: 'Show', value: query.holding, options: HOLDING_OPTIONS }}
      />
      <ListSummary total={result.total} page={result.page} pages={result.pages} noun={{ one: 'customer', many: 'customers' }} testId="customers-count" exportPath="/portal/customers/export" filter={filter} />
      {result.rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Customers">
          {result.rows.map((customer) => (
            <li key={customer.email} data-testid="customer-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
              <Link href={`/portal/licenses?q=${encodeURIComponent(customer.email)}`} className="min-w-0 font-medium break-all text-indigo-700 hover:underline">
                {customer.email}
              </Link>
              <span className="text-slate-600">
                {customer.licenses} license{customer.licenses === 1 ? '' : 's'} ({customer.activeLicenses} active) · since{' '}
                <FormattedDate value={customer.firstLicenseAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager path="/portal/customers" filter={filter} page={result.page} pages={result.pages} />
    </div>
  );
}
