import type { Metadata } from 'next';
import Link from 'next/link';
import { db } from '@/server/db';
import { listSellerCustomers, sellerCustomersQuerySchema } from '@/server/portal/list-seller-customers';
import { getPortalSession } from '@/server/portal/session';
import { findSellerMemberships } from '@/server/sellers/find-seller-memberships';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Customers' };

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CustomersPage({ searchParams }: Props) {
  const session = (await getPortalSession())!;
  const [membership] = await findSellerMemberships({ db: db() }, session.accountId);
  if (!membership) return <p className="text-slate-600">Register as a seller to see your customers.</p>;
  const raw = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const query = sellerCustomersQuerySchema.parse({ q: first(raw.q) || undefined, page: first(raw.page) });
  const result = await listSellerCustomers({ db: db() }, { ...query, sellerId: membership.seller.id });
  const pageLink = (page: number) => `/portal/customers?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(page) })}`;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Customers</h1>
        <p className="max-w-2xl text-slate-600">The people holding your licenses, newest first. Licenses made for a tenant without a buyer are not listed here.</p>
      </header>
      <form role="search" aria-label="Find customers" action="/portal/customers" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          E-mail
          <input name="q" type="search" defaultValue={query.q ?? ''} className="min-w-0 rounded-md border border-slate-300 px-3 py-2 font-normal" />
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
          Search
        </button>
      </form>
      <p className="text-sm text-slate-600" aria-live="polite">
        {result.total === 0 ? 'No customers match.' : `${result.total} customer${result.total === 1 ? '' : 's'}; page ${result.page} of ${result.pages}.`}
      </p>
      {result.rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Customers">
          {result.rows.map((customer) => (
            <li key={customer.email} data-testid="customer-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
              <Link href={`/portal/licenses?q=${encodeURIComponent(customer.email)}`} className="min-w-0 font-medium break-all text-indigo-700 hover:underline">
                {customer.email}
              </Link>
              <span className="text-slate-600">
                {customer.licenses} license{customer.licenses === 1 ? '' : 's'} ({customer.activeLicenses} active) · since{' '}
                <time dateTime={customer.firstLicenseAt.toISOString()}>{dateFormat.format(customer.firstLicenseAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {result.pages > 1 && (
        <nav aria-label="Pages" className="flex gap-4 text-sm">
          {result.page > 1 && (
            <Link href={pageLink(result.page - 1)} className="font-medium text-indigo-700 hover:underline">
              Previous page
            </Link>
          )}
          {result.page < result.pages && (
            <Link href={pageLink(result.page + 1)} className="font-medium text-indigo-700 hover:underline">
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
