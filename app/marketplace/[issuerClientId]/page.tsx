import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { getOfferingDetail } from '@/server/catalog/get-offering-detail';
import { getStorefront } from '@/server/catalog/get-storefront';
import { classificationLabel, describePrice } from '@/server/catalog/describe-offering';
import { findSellerProfile } from '@/server/catalog/seller-profile';
import { db } from '@/server/db';
import { BuyButton } from './buy-button';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ issuerClientId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { issuerClientId } = await params;
  const seller = await findSellerProfile({ db: db() }, issuerClientId);
  return { title: seller ? `Storefront of ${seller.displayName}` : 'Storefront not found' };
}

export default async function MarketplacePage({ params }: Props) {
  const { issuerClientId } = await params;
  const ctx = { db: db() };
  const seller = await findSellerProfile(ctx, issuerClientId);
  if (!seller) notFound();

  const storefront = await getStorefront(ctx, issuerClientId);
  const offerings = Object.values(storefront.OfferingsByProduct).flat();
  const details = new Map(
    (await Promise.all(offerings.map((offering) => getOfferingDetail(ctx, issuerClientId, offering.Id)))).map((detail) => [
      detail.Offering.Id,
      detail,
    ]),
  );

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <p className="text-sm uppercase tracking-wide text-slate-500">Storefront</p>
        <h1 className="text-3xl font-bold tracking-tight">{seller.displayName}</h1>
        {!storefront.IsCheckoutReady && (
          <p className="text-sm text-amber-700">This seller is not taking paid checkouts yet; free offerings are available.</p>
        )}
      </header>

      {storefront.Products.length === 0 && <p className="text-slate-600">This seller has no offerings listed yet.</p>}

      {storefront.Products.map((product) => (
        <section key={product.Id} aria-labelledby={`product-${product.Id}`} className="space-y-4">
          <div>
            <h2 id={`product-${product.Id}`} className="text-2xl font-semibold">
              {product.Name}
            </h2>
            {product.Description && <p className="text-slate-600">{product.Description}</p>}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {(storefront.OfferingsByProduct[product.Id] ?? []).map((offering) => {
              const features = details.get(offering.Id)?.ResolvedFeatures ?? [];
              // The same rule as the checkout's: trials and free or zero-dollar offerings cost nothing.
              const free = offering.LicenseClassification === LicenseClassification.Trial || !offering.BaseRate;
              return (
                <li key={offering.Id} data-testid="offering" className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="text-lg font-semibold">{offering.Name}</h3>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                      {classificationLabel(offering.LicenseClassification)}
                    </span>
                  </div>
                  <p className="mt-1 text-xl font-bold" data-testid="price">
                    {describePrice(offering)}
                  </p>
                  {offering.Description && <p className="mt-2 text-sm text-slate-600">{offering.Description}</p>}
                  {features.length > 0 && (
                    <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label={`Features of ${offering.Name}`}>
                      {features.map((feature) => (
                        <li key={feature.FeatureKey}>
                          <span className="font-medium">{feature.DisplayName}</span>
                          {feature.ServiceAccessLevel === 'Denied' ? (
                            <span className="text-slate-500"> · not included</span>
                          ) : (
                            feature.RateLimit !== null && <span className="text-slate-500"> · up to {feature.RateLimit} per minute</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="mt-auto">
                    {free || storefront.IsCheckoutReady ? (
                      <BuyButton issuerClientId={issuerClientId} offeringId={offering.Id} offeringName={offering.Name} free={free} />
                    ) : (
                      <p className="mt-4 text-sm text-slate-500">Available once this seller takes paid checkouts.</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
