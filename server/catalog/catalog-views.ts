import type { Feature, Offering, Product } from '@/generated/prisma/client';
import type { OfferingView, ProductView, ResolvedFeature } from './catalog.schemas';
import { toBaseRate } from './money';

export function toProductView(product: Product, issuerClientId: string): ProductView {
  return {
    Id: product.id,
    ClientId: issuerClientId,
    Name: product.name,
    Description: product.description,
    Status: product.status,
    Platform: product.platform,
  };
}

export function toOfferingView(offering: Offering, issuerClientId: string): OfferingView {
  return {
    Id: offering.id,
    ProductId: offering.productId,
    ClientId: issuerClientId,
    Name: offering.name,
    Description: offering.description,
    Status: offering.status,
    LicenseClassification: offering.classification,
    Category: offering.category,
    BaseRate: toBaseRate(offering.priceMinor, offering.currency),
    Currency: offering.currency,
    Interval: offering.interval,
    IntervalUnit: offering.intervalUnit,
  };
}

export function toResolvedFeature(feature: Feature): ResolvedFeature {
  return {
    FeatureKey: feature.key,
    DisplayName: feature.displayName,
    Description: feature.description,
    Rate: feature.rate.toNumber(),
    SampleSeconds: feature.sampleSeconds,
    RateLimit: feature.rateLimit,
    ServiceAccessLevel: feature.accessLevel,
  };
}
