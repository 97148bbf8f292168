import Link from 'next/link';
import { kit } from '@/app/core';
import { LicenseClassification, describeDeviceRules, describeInterval, classificationLabel, describePrice } from '@/server/entry/shared';
import type { requestFormat } from '@/app/components/request-format';
import { BuyButton } from './buy-button';
import type { storefrontPage } from './storefront-reads';

// One offering as the storefront shows it (a card in the store's list) and as its own page does
// (/marketplace/{issuerClientId}/{offeringId}): the same price, features, terms and Buy, from the
// same reads, so the two never disagree.

export type StorefrontPageData = NonNullable<Awaited<ReturnType<typeof storefrontPage>>>;
type Offering = StorefrontPageData['offerings'][number];
type Format = Awaited<ReturnType<typeof requestFormat>>;

/** What every offering of a store is shown with: the checkout's free rule and the buyer's currency. */
export function storefrontShelf(page: StorefrontPageData, currencyAsked: Parameters<typeof kit.preferredCurrency>[1], explicitCurrency: string | undefined) {
  const { storefront, offerings, listed } = page;
  // The checkout's own rule (a BaseRate is null or 0 exactly when the price in minor units is).
  const isFree = (offering: Offering) => kit.isFreeOffering({ classification: offering.licenseClassification, priceMinor: offering.baseRate });
  // Each offering is shown in the buyer's currency when it has a price in it (the explicit choice,
  // else the request's country or language), else in its default; the Buy form pays in that one.
  const shownPrice = (offering: Offering) => {
    const currency = kit.preferredCurrency(offering.prices, currencyAsked);
    return offering.prices.find((price) => price.currency === currency) ?? null;
  };
  const storeCurrencies = [...new Set(offerings.filter((offering) => !isFree(offering)).flatMap((offering) => offering.prices.map((price) => price.currency)))].sort();
  const firstDefault = offerings.find((offering) => !isFree(offering))?.currency;
  return {
    isFree,
    shownPrice,
    explicitCurrency,
    storeCurrencies,
    storeCurrency: kit.preferredCurrency(
      storeCurrencies.map((currency) => ({ currency, isDefault: currency === firstDefault })),
      currencyAsked,
    ),
    waitingForPayments: !storefront.isCheckoutReady && offerings.some((offering) => !isFree(offering)),
    featuresOf: new Map(listed.map((detail) => [detail.offering.id, detail.resolvedFeatures])),
    allowanceOf: new Map(listed.flatMap((detail) => detail.allowances.map((allowance) => [`${detail.offering.id}/${allowance.featureKey}`, allowance] as const))),
  };
}

export type Shelf = ReturnType<typeof storefrontShelf>;

/** The offering's price, features, terms and Buy (or why it cannot be bought), under its heading. */
export function OfferingBody(props: {
  page: StorefrontPageData;
  shelf: Shelf;
  offering: Offering;
  format: Format;
  signedIn: boolean;
  resume?: { seats: number };
  /** The page of the offering itself: every price it has and its trial are listed. */
  full?: boolean;
}) {
  const { page, shelf, offering, format } = props;
  const { seller, storefront, terms, held } = page;
  const features = shelf.featuresOf.get(offering.id) ?? [];
  const free = shelf.isFree(offering);
  const seatBased = terms.get(offering.id)?.seatBased ?? false;
  const heldLicenseId = held.get(offering.id);
  const price = free ? null : shelf.shownPrice(offering);
  const shown = price ? { ...offering, baseRate: price.baseRate, currency: price.currency } : offering;
  const explicitCurrency = shelf.explicitCurrency;
  const notInAsked = price !== null && explicitCurrency !== undefined && price.currency !== explicitCurrency && shelf.storeCurrencies.includes(explicitCurrency);
  const otherPrices = props.full && !free ? offering.prices.filter((other) => other.currency !== price?.currency) : [];
  return (
    <>
      <p className="mt-1 text-xl font-bold" data-testid="price" data-currency={price?.currency}>
        {describePrice(shown, { perSeat: seatBased && !free, formatAmount: format.decimalMoney })}
      </p>
      {notInAsked && (
        <p className="text-xs text-slate-600" data-testid="price-note">
          Not sold in {explicitCurrency.toUpperCase()}: priced in {price.currency.toUpperCase()}.
        </p>
      )}
      {otherPrices.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="other-prices">
          Also sold for {otherPrices.map((other) => describePrice({ ...offering, baseRate: other.baseRate, currency: other.currency }, { perSeat: seatBased, formatAmount: format.decimalMoney })).join(' · ')}
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
                    const allowance = shelf.allowanceOf.get(`${offering.id}/${feature.featureKey}`);
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
            signedIn={props.signedIn}
            resume={props.resume}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-600">Can be bought once this store takes payments.</p>
        )}
      </div>
    </>
  );
}

/** The classification badge beside an offering's name. */
export function ClassificationBadge({ offering }: { offering: Offering }) {
  return <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{classificationLabel(offering.licenseClassification)}</span>;
}
