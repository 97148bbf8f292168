import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { kit } from '@/app/core';
import { portalMe } from '@/app/trpc-server';
import { requestFormat } from '@/app/components/request-format';
import { currencyRequest } from '../buyer-currency';
import { ClassificationBadge, OfferingBody, storefrontShelf, type StorefrontPageData } from '../offering-card';
import { shareMetadata } from '../share-metadata';
import { storefrontPage } from '../storefront-reads';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ issuerClientId: string; offeringId: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

/** The offering and its product, when the store lists it. */
function listedOffering(page: StorefrontPageData | null, offeringId: string) {
  const offering = page?.offerings.find((candidate) => candidate.id === offeringId);
  const product = offering && page!.storefront.products.find((candidate) => (page!.storefront.offeringsByProduct[candidate.id] ?? []).some((listed) => listed.id === offering.id));
  return offering && product ? { offering, product } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { issuerClientId, offeringId } = await params;
  const page = await storefrontPage(issuerClientId);
  const found = listedOffering(page, offeringId);
  if (!page || !found) return { title: 'Offering not found' };
  const [first] = page.images.get(found.product.id) ?? [];
  return shareMetadata({
    image: first ? { ...first, path: kit.productImagePath(page.seller.issuerClientId, first.id) } : null,
    title: `${found.offering.name} · ${page.seller.displayName}`,
    description: found.offering.description || found.product.description || `${found.product.name} from ${page.seller.displayName}.`,
    path: `/marketplace/${encodeURIComponent(page.seller.issuerClientId)}/${encodeURIComponent(found.offering.id)}`,
    seller: page.seller,
  });
}

/** One offering's own page, in the seller's chrome: what it is, every price, its features and Buy. A link that starts a purchase (`?buy=1&seats=<n>`) goes on here. */
export default async function OfferingPage({ params, searchParams }: Props) {
  const { issuerClientId, offeringId } = await params;
  const query = (await searchParams) ?? {};
  const explicitCurrency = typeof query.currency === 'string' && /^[A-Za-z]{3}$/.test(query.currency) ? query.currency.toLowerCase() : undefined;
  const resume = query.buy === '1' ? { seats: typeof query.seats === 'string' && /^\d{1,4}$/.test(query.seats) ? Number(query.seats) : 1 } : undefined;
  const [page, session, currencyAsked] = await Promise.all([storefrontPage(issuerClientId), portalMe(), currencyRequest(explicitCurrency)]);
  const found = listedOffering(page, offeringId);
  if (!page || !found) notFound();
  const { offering, product } = found;
  const format = await requestFormat();
  const shelf = storefrontShelf(page, currencyAsked, explicitCurrency);
  const images = (page.images.get(product.id) ?? []).map((image) => ({ ...image, src: kit.productImagePath(page.seller.issuerClientId, image.id) }));
  return (
    <article className="mx-auto max-w-3xl space-y-6" data-testid="offering-page" aria-labelledby="offering-name">
      <p className="text-sm">
        <Link href={`/marketplace/${encodeURIComponent(page.seller.issuerClientId)}`} className="text-indigo-700 underline hover:text-indigo-600">
          ← All of {page.seller.displayName}
        </Link>
      </p>
      <header className="space-y-2">
        <p className="text-sm font-medium text-slate-600 [overflow-wrap:anywhere]">{product.name}</p>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 id="offering-name" className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            {offering.name}
          </h1>
          <ClassificationBadge offering={offering} />
        </div>
        {product.description && <p className="text-slate-700 [overflow-wrap:anywhere]">{product.description}</p>}
      </header>
      {images.length > 0 && (
        // Each image is drawn at its own size's shape (width and height given), so nothing moves as it loads.
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Pictures of ${product.name}`} data-testid="product-images">
          {images.map((image, index) => (
            <li key={image.id} className={index === 0 ? 'col-span-2 sm:col-span-4' : ''}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the seller's image, resized by the service and served at its size */}
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                className="h-auto w-full rounded-lg border border-slate-200 bg-slate-100 object-contain"
              />
            </li>
          ))}
        </ul>
      )}
      <section aria-label="Price and purchase" className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="offering">
        <OfferingBody page={page} shelf={shelf} offering={offering} format={format} signedIn={session !== null} resume={resume} full />
      </section>
    </article>
  );
}
