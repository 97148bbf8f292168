import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { kit } from '@/app/core';
import { portalMe } from '@/app/trpc-server';
import { LicenseClassification, describeDeviceRules, describeInterval, classificationLabel, describePrice } from '@/server/entry/shared';
import { requestFormat } from '@/app/components/request-format';
import { BuyButton } from './buy-button';
import { currencyRequest } from './buyer-currency';
import { CurrencyChoice } from './currency-choice';
import { storefrontPage, storefrontProfile } from './storefront-reads';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ issuerClientId: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { issuerClientId } = await params;
  const seller = await storefrontProfile(issuerClientId);
  return { title: seller ? seller.displayName : 'Storefront not found' };
}

export default async function MarketplacePage({ params, searchParams }: Props) {
  const { issuerClientId } = await params;
  // "Buy" while signed out comes back here after sign-in with what was being bought: it goes on.
  const query = (await searchParams) ?? {};
  const resumeOffering = typeof query.buy === 'string' ? query.buy : null;
  const resumeSeats = typeof query.seats === 'string' && /^\d{1,4}$/.test(query.seats) ? Number(query.seats) : 1;
  const explicitCurrency = typeof query.currency === 'string' && /^[A-Za-z]{3}$/.test(query.currency) ? query.currency.toLowerCase() : undefined;
  const [page, session, currencyAsked] = await Promise.all([storefrontPage(issuerClientId), portalMe(), currencyRequest(explicitCurrency)]);
  if (!page) notFound();
  const { seller, storefront, offerings, listed: details, terms, held } = page;
  const featuresOf = new Map(details.map((detail) => [detail.offering.id, detail.resolvedFeatures]));
  const allowanceOf = new Map(details.flatMap((detail) => detail.allowances.map((allowance) => [`${detail.offering.id}/${allowance.featureKey}`, allowance] as const)));
  const format = await requestFormat();
  // The checkout's own rule (a BaseRate is null or 0 exactly when the price in minor units is).
  const isFree = (offering: (typeof offerings)[number]) => kit.isFreeOffering({ classification: offering.licenseClassification, priceMinor: offering.baseRate });
  const waitingForPayments = !storefront.isCheckoutReady && offerings.some((offering) => !isFree(offering));
  // Each offering is shown in the buyer's currency when it has a price in it (the explicit choice,
  // else the request's country or language), else in its default; the Buy form pays in that one.
  const shownPrice = (offering: (typeof offerings)[number]) => {
    const currency = kit.preferredCurrency(offering.prices, currencyAsked);
    return offering.prices.find((price) => price.currency === currency) ?? null;
  };
  const storeCurrencies = [...new Set(offerings.filter((offering) => !isFree(offering)).flatMap((offering) => offering.prices.map((price) => price.currency)))].sort();
  const firstDefault = offerings.find((offering) => !isFree(offering))?.currency;
  const storeCurrency = kit.preferredCurrency(
    storeCurrencies.map((currency) => ({ currency, isDefault: currency === firstDefault })),
    currencyAsked,
  );

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{seller.displayName}</h1>
        <CurrencyChoice currencies={storeCurrencies} selected={storeCurrency} locale={format.locale} />
        {waitingForPayments && (
          <p className="text-sm text-amber-800" data-testid="payments-notice">
            {offerings.some(isFree)
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
            {(storefront.offeringsByProduct[product.id] ?? []).map((offering) => {
              const features = featuresOf.get(offering.id) ?? [];
              const free = isFree(offering);
              const seatBased = terms.get(offering.id)?.seatBased ?? false;
              const heldLicenseId = held.get(offering.id);
              const price = free ? null : shownPrice(offering);
              const shown = price ? { ...offering, baseRate: price.baseRate, currency: price.currency } : offering;
              const notInAsked = price !== null && explicitCurrency !== undefined && price.currency !== explicitCurrency && storeCurrencies.includes(explicitCurrency);
              return (
                <li key={offering.id} id={`offering-${offering.id}`} data-testid="offering" className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{offering.name}</h3>
                    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{classificationLabel(offering.licenseClassification)}</span>
                  </div>
                  <p className="mt-1 text-xl font-bold" data-testid="price" data-currency={price?.currency}>
                    {describePrice(shown, { perSeat: seatBased && !free, formatAmount: format.decimalMoney })}
                  </p>
                  {notInAsked && (
                    <p className="text-xs text-slate-600" data-testid="price-note">
                      Not sold in {explicitCurrency.toUpperCase()}: priced in {price.currency.toUpperCase()}.
                    </p>
                  )}
                  {offering.description && <p className="mt-2 text-sm text-slate-600 [overflow-wrap:anywhere]">{offering.description}</p>}
                  {typeof offering.maxDevices === 'number' && (
                    <p className="mt-2 text-sm text-slate-700" data-testid="devices">
                      {describeDeviceRules(offering, { perSeat: seatBased })}
                    </p>
                  )}
                  {features.length > 0 && (
                    <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label={`Features of ${offering.name}`}>
                      {features.map((feature) => (
                        <li key={feature.featureKey}>
                          <span className="font-medium [overflow-wrap:anywhere]">{feature.displayName}</span>
                          {feature.serviceAccessLevel === 'Denied' ? (
                            <span className="text-slate-600"> · not included</span>
                          ) : (
                            <>
                              {(() => {
                                const allowance = allowanceOf.get(`${offering.id}/${feature.featureKey}`);
                                return allowance?.allowance != null && allowance.allowancePeriodUnit !== null ? (
                                  <span className="text-slate-600" data-testid="allowance">
                                    {' '}
                                    · {format.count(allowance.allowance)} per {describeInterval(1, allowance.allowancePeriodUnit)}
                                    {seatBased ? ' per seat' : ''}
                                  </span>
                                ) : null;
                              })()}
                              {feature.rateLimit !== null && <span className="text-slate-600"> · up to {feature.rateLimit} per minute</span>}
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="mt-auto">
                    {heldLicenseId ? (
                      <p className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="already-held">
                        {offering.licenseClassification === LicenseClassification.Trial ? 'You already had this trial. ' : 'You already have this. '}
                        <Link href={`/licenses#license-${heldLicenseId}`} className="font-medium underline">
                          Go to your license
                        </Link>
                      </p>
                    ) : free || storefront.isCheckoutReady ? (
                      <BuyButton
                        issuerClientId={seller.issuerClientId}
                        offeringId={offering.id}
                        offeringName={offering.name}
                        free={free}
                        seatBased={seatBased}
                        currency={price?.currency}
                        signedIn={session !== null}
                        resume={resumeOffering === offering.id ? { seats: resumeSeats } : undefined}
                      />
                    ) : (
                      <p className="mt-4 text-sm text-slate-600">Can be bought once this store takes payments.</p>
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
