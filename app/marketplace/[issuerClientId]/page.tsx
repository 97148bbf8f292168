import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { portalMe } from '@/app/trpc-server';
import { requestFormat } from '@/app/components/request-format';
import { currencyRequest } from './buyer-currency';
import { CurrencyChoice } from './currency-choice';
import { ClassificationBadge, OfferingBody, storefrontShelf } from './offering-card';
import { shareMetadata } from './share-metadata';
import { storefrontPage, storefrontProfile } from './storefront-reads';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ issuerClientId: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { issuerClientId } = await params;
  const seller = await storefrontProfile(issuerClientId);
  if (!seller) return { title: 'Storefront not found' };
  return shareMetadata({ title: seller.displayName, description: `Software from ${seller.displayName}, with licenses issued and kept by the licensing service.`, seller });
}

export default async function MarketplacePage({ params, searchParams }: Props) {
  const { issuerClientId } = await params;
  const query = (await searchParams) ?? {};
  const explicitCurrency = typeof query.currency === 'string' && /^[A-Za-z]{3}$/.test(query.currency) ? query.currency.toLowerCase() : undefined;
  // A link that starts a purchase (`?buy=<offeringId>&seats=<n>`, also the way back after signing in) goes on on the offering's own page.
  if (typeof query.buy === 'string' && query.buy.length <= 100) {
    const onward = new URLSearchParams({ buy: '1', ...(typeof query.seats === 'string' ? { seats: query.seats } : {}), ...(explicitCurrency ? { currency: explicitCurrency } : {}) });
    redirect(`/marketplace/${encodeURIComponent(issuerClientId)}/${encodeURIComponent(query.buy)}?${onward}`);
  }
  const [page, session, currencyAsked] = await Promise.all([storefrontPage(issuerClientId), portalMe(), currencyRequest(explicitCurrency)]);
  if (!page) notFound();
  const { seller, storefront, offerings } = page;
  const format = await requestFormat();
  const shelf = storefrontShelf(page, currencyAsked, explicitCurrency);
  const storefrontPath = `/marketplace/${encodeURIComponent(seller.issuerClientId)}`;

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{seller.displayName}</h1>
        <CurrencyChoice currencies={shelf.storeCurrencies} selected={shelf.storeCurrency} locale={format.locale} />
        {shelf.waitingForPayments && (
          <p className="text-sm text-amber-800" data-testid="payments-notice">
            {offerings.some(shelf.isFree)
              ? 'Free offerings can be taken now; paid ones can be bought once this store takes payments.'
              : 'This store is not taking payments yet; its offerings can be bought once it does.'}
          </p>
        )}
      </header>

      {storefront.products.length === 0 && (
        <p className="text-slate-600" data-testid="empty-storefront">
          This store has nothing for sale yet. Come back later.
        </p>
      )}

      {storefront.products.map((product) => (
        <section key={product.id} aria-labelledby={`product-${product.id}`} className="space-y-4">
          <div>
            <h2 id={`product-${product.id}`} className="text-2xl font-semibold [overflow-wrap:anywhere]">
              {product.name}
            </h2>
            {product.description && <p className="text-slate-600 [overflow-wrap:anywhere]">{product.description}</p>}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {(storefront.offeringsByProduct[product.id] ?? []).map((offering) => (
              <li key={offering.id} id={`offering-${offering.id}`} data-testid="offering" className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
                    <Link href={`${storefrontPath}/${encodeURIComponent(offering.id)}${explicitCurrency ? `?currency=${explicitCurrency}` : ''}`} className="hover:underline" data-testid="offering-link">
                      {offering.name}
                    </Link>
                  </h3>
                  <ClassificationBadge offering={offering} />
                </div>
                <OfferingBody page={page} shelf={shelf} offering={offering} format={format} signedIn={session !== null} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
