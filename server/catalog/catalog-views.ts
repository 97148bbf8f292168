import type { Feature, Offering, Product } from '@/generated/prisma/client';
import type { OfferingView, ProductView, ResolvedFeature } from './catalog.schemas';
import { toBaseRate } from './money';

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

export function toOfferingView(offering: Offering, issuerClientId: string): OfferingView {
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
