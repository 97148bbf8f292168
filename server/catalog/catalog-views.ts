import type { Feature, Offering, Product } from '@/generated/prisma/client';
import type { OfferingView, PriceView, ProductView, ResolvedFeature } from './catalog.schemas';
import { toBaseRate } from './money';
import { pricesOf, type OtherPrice } from './offering-prices';

export function toProductView(product: Product, issuerClientId: string): ProductView {
  return {
    id: product.id,
    clientId: issuerClientId,
    name: product.name,
    description: product.description,
    status: product.status,
    platform: product.platform,
  };
}

/** An offering's prices as buyers read them (major units), the default first. */
export function toPriceViews(offering: Pick<Offering, 'priceMinor' | 'currency'> & { prices: OtherPrice[] }): PriceView[] {
  return pricesOf(offering).map((price) => ({ currency: price.currency, baseRate: toBaseRate(price.amountMinor, price.currency)!, isDefault: price.isDefault }));
}

/**
 * The spec's offering view plus our extensions. The catalog's readers load the other prices
 * (`withOtherPrices`); a row read without them (a checkout's or a claim's one price) lists its
 * default price only.
 */
export function toOfferingView(offering: Offering & { prices?: OtherPrice[] }, issuerClientId: string): OfferingView {
  return {
    id: offering.id,
    productId: offering.productId,
    clientId: issuerClientId,
    name: offering.name,
    description: offering.description,
    status: offering.status,
    licenseClassification: offering.classification,
    category: offering.category,
    baseRate: toBaseRate(offering.priceMinor, offering.currency),
    currency: offering.currency,
    interval: offering.interval,
    intervalUnit: offering.intervalUnit,
    ...(offering.trialDays ? { trialDays: offering.trialDays } : {}),
    prices: toPriceViews({ ...offering, prices: offering.prices ?? [] }),
    maxDevices: offering.maxDevices,
    deviceMode: offering.deviceMode,
    maxOfflineDays: offering.maxOfflineDays,
  };
}

export function toResolvedFeature(feature: Feature): ResolvedFeature {
  return {
    featureKey: feature.key,
    displayName: feature.displayName,
    description: feature.description,
    rate: feature.rate.toNumber(),
    sampleSeconds: feature.sampleSeconds,
    rateLimit: feature.rateLimit,
    serviceAccessLevel: feature.accessLevel,
  };
}
