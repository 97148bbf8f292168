import type { Prisma } from '@/generated/prisma/client';
import type { LicenseView } from './license-view.schema';

/** What a license view reads: the features it was sold with and the number of live seats. */
export const licenseViewInclude = {
  offering: { select: { productId: true } },
  features: { orderBy: { key: 'asc' } },
  _count: { select: { seats: { where: { retiredAt: null } } } },
} as const satisfies Prisma.LicenseInclude;

export type LicenseWithView = Prisma.LicenseGetPayload<{ include: typeof licenseViewInclude }>;

export function toLicenseView(license: LicenseWithView): LicenseView {
  return {
    licenseId: license.id,
    status: license.status,
    licenseClassification: license.classification,
    offeringId: license.offeringId,
    productId: license.offering.productId,
    // The tenant the seller bound the license to (never a buyer's purchase-API reference).
    correlationId: license.tenantId,
    term: { startUtc: license.termStart.toISOString(), endUtc: license.termEnd?.toISOString() ?? null },
    features: license.features.map((feature) => ({
      featureKey: feature.key,
      displayName: feature.displayName,
      serviceAccessLevel: feature.accessLevel,
      rateLimit: feature.rateLimit,
      allowance: feature.allowance,
      allowancePeriodUnit: feature.allowancePeriodUnit,
    })),
    seatCount: license._count.seats,
    createdUtc: license.createdAt.toISOString(),
  };
}
