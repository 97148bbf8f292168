import type { Metadata } from 'next';
import Link from 'next/link';
import { firstSearchParam, Pager } from '@/app/components/pager';
import { ServiceHeader } from '@/app/components/service-header';
import type { StorefrontCard } from '@licensing/core';
import { kit } from '@/app/core';
import { api, refusedWith } from '@/app/trpc-server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Marketplace' };

type Props = { searchParams: Promise<{ q?: string | string[]; page?: string | string[] }> };

/**
 * The marketplace (spec: {portal_url}/marketplace): every seller's storefront that lists something,
 * by store name, with a search (a plain GET form, so it works without script) and pages. It is not
 * under app/(service), whose layout would wrap the storefronts too, so it carries the service's
 * header itself.
 */
export default async function MarketplacePage({ searchParams }: Props) {
  const params = await searchParams;
  const requested = Number.parseInt(firstSearchParam(params.page) ?? '1', 10);
  const asked = firstSearchParam(params.q)?.trim() ?? '';
  // A search no text column can hold (a NUL, a lone surrogate) finds nothing to narrow by: every store.
  const result = await api.marketplace.storefronts({ query: asked, page: requested }).catch((error: unknown) => {
    if (refusedWith(error, 'ValidationError')) return api.marketplace.storefronts({ page: requested });
    throw error;
  });
  // A longer search (typed into the address) is cut, and the page says so rather than drop it silently.
  const shortened = asked.length > kit.STOREFRONT_SEARCH_MAX;

  return (
    <>
      <ServiceHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="space-y-8">
          <header className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight">Marketplace</h1>
            <p className="text-slate-600">Software sold through this service. Open a storefront to see what each seller offers.</p>
          </header>

          <form method="get" action="/marketplace" role="search" className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-60">
              <label htmlFor="marketplace-search" className="block text-sm font-medium text-slate-700">
                Search stores and products
              </label>
              <input
                id="marketplace-search"
                type="search"
                name="q"
                defaultValue={result.query}
                maxLength={kit.STOREFRONT_SEARCH_MAX}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600"
              />
            </div>
            <button
              type="submit"
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Search
            </button>
          </form>

          <p className="text-sm text-slate-600" role="status" data-testid="storefront-count">
            {result.query
              ? `${result.total} ${result.total === 1 ? 'store matches' : 'stores match'} “${result.query}”.`
              : `${result.total} ${result.total === 1 ? 'store' : 'stores'}.`}{' '}
            {shortened && <span data-testid="search-shortened">Only the first {kit.STOREFRONT_SEARCH_MAX} characters of your search were used. </span>}
            {result.query && (
              <Link href="/marketplace" className="text-indigo-700 underline hover:text-indigo-600">
                Show all stores
              </Link>
            )}
          </p>

          {result.storefronts.length > 0 && (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Storefronts">
              {result.storefronts.map((storefront) => (
                <li key={storefront.issuerClientId}>
                  <StorefrontTile storefront={storefront} />
                </li>
              ))}
            </ul>
          )}

          <Pager path="/marketplace" filter={{ q: result.query }} page={result.page} pages={result.pageCount} />
        </div>
      </main>
    </>
  );
}

function StorefrontTile({ storefront }: { storefront: StorefrontCard }) {
  const path = `/marketplace/${encodeURIComponent(storefront.issuerClientId)}`;
  return (
    <article
      data-testid="storefront"
      data-issuer-client-id={storefront.issuerClientId}
      className="relative flex h-full items-start gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-indigo-600 hover:border-indigo-300"
    >
      {storefront.logoPath ? (
        // The logo is the seller's own upload, served by the storefront's logo route.
        // eslint-disable-next-line @next/next/no-img-element -- the seller's own image, served by us, sized here
        <img src={storefront.logoPath} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md object-contain" />
      ) : (
        <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-indigo-100 text-lg font-semibold text-indigo-800">
          {storefront.initials}
        </span>
      )}
      <div className="min-w-0 space-y-1">
        <h2 className="font-semibold [overflow-wrap:anywhere]">
          {/* The link covers the whole tile (its ::after), so the tile is one tab stop and one click target. */}
          <Link href={path} className="text-slate-900 after:absolute after:inset-0 after:content-[''] focus:outline-none">
            {storefront.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{storefront.productNames.join(' · ')}</p>
        <p className="text-xs text-slate-600">
          {storefront.listedOfferings} {storefront.listedOfferings === 1 ? 'offering' : 'offerings'}
          {/* Two stores may share a name: the address tells them apart. */}
          <span className="block font-mono [overflow-wrap:anywhere]" data-testid="storefront-address">
            /marketplace/{storefront.issuerClientId}
          </span>
        </p>
      </div>
    </article>
  );
}
