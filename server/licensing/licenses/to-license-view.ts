import type { Prisma } from '@/generated/prisma/client';
import { licenseViewSchema, type LicenseView } from './license-view.schema';

/** What a license view reads: the features it was sold with and the number of live seats. */
export const licenseViewInclude = {
  offering: { select: { productId: true } },
  features: { orderBy: { key: 'asc' } },
  _count: { select: { seats: { where: { retiredAt: null } } } },
} as const satisfies Prisma.LicenseInclude;

export type LicenseWithView = Prisma.LicenseGetPayload<{ include: typeof licenseViewInclude }>;

export function toLicenseView(license: LicenseWithView): LicenseView {
  return licenseViewSchema.parse({
    LicenseId: license.id,
    Status: license.status,
    LicenseClassification: license.classification,
    OfferingId: license.offeringId,
    ProductId: license.offering.productId,
    // The tenant the seller bound the license to (never a buyer's purchase-API reference).
    CorrelationId: license.tenantId,
    Term: { StartUtc: license.termStart.toISOString(), EndUtc: license.termEnd?.toISOString() ?? null },
    Features: license.features.map((feature) => ({
      FeatureKey: feature.key,
      DisplayName: feature.displayName,
      ServiceAccessLevel: feature.accessLevel,
      RateLimit: feature.rateLimit,
      Allowance: feature.allowance,
      AllowancePeriodUnit: feature.allowancePeriodUnit,
    })),
    SeatCount: license._count.seats,
    CreatedUtc: license.createdAt.toISOString(),
  });
}
