import type { LicenseStatus, Prisma, ServiceAccessLevel } from '@/generated/prisma/client';
import { classificationLabel } from '../catalog/describe-offering';
import { sellerDisplayName } from '../catalog/seller-profile';
import type { Db } from '../db';

export interface BuyerLicenseCodeView {
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface BuyerSeatView {
  id: string;
  createdAt: Date;
  retiredAt: Date | null;
  codes: BuyerLicenseCodeView[];
}

export interface BuyerFeatureView {
  key: string;
  displayName: string;
  accessLevel: ServiceAccessLevel | null;
  /** Requests per minute for one seat; null for no limit. */
  rateLimit: number | null;
  /** Units per allowance period for one seat; null for unlimited. */
  allowance: number | null;
  allowancePeriodUnit: number | null;
}

export interface BuyerLicenseView {
  id: string;
  status: LicenseStatus;
  classification: number;
  classificationLabel: string;
  termStart: Date;
  termEnd: Date | null;
  createdAt: Date;
  offeringId: string;
  offeringName: string;
  productName: string;
  sellerName: string;
  features: BuyerFeatureView[];
  seats: BuyerSeatView[];
}

// Selected field by field: a license code's secretHash (and anything added later) never leaves.
const buyerLicenseSelect = {
  id: true,
  status: true,
  classification: true,
  termStart: true,
  termEnd: true,
  createdAt: true,
  offeringId: true,
  seller: { select: { contactName: true, legalName: true } },
  offering: {
    select: {
      name: true,
      product: { select: { name: true } },
    },
  },
  features: {
    orderBy: { key: 'asc' },
    select: { key: true, displayName: true, accessLevel: true, rateLimit: true, allowance: true, allowancePeriodUnit: true },
  },
  seats: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      createdAt: true,
      retiredAt: true,
      codes: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
      },
    },
  },
} as const satisfies Prisma.LicenseSelect;

/** The license page: every license the signed-in buyer owns, newest first. */
export async function listBuyerLicenses(ctx: { db: Db }, input: { buyerAccountId: string }): Promise<BuyerLicenseView[]> {
  const licenses = await ctx.db.license.findMany({
    where: { buyerAccountId: input.buyerAccountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: buyerLicenseSelect,
  });
  return licenses.map((license) => ({
    id: license.id,
    status: license.status,
    classification: license.classification,
    classificationLabel: classificationLabel(license.classification),
    termStart: license.termStart,
    termEnd: license.termEnd,
    createdAt: license.createdAt,
    offeringId: license.offeringId,
    offeringName: license.offering.name,
    productName: license.offering.product.name,
    sellerName: sellerDisplayName(license.seller),
    features: license.features.map((feature) => ({ ...feature })),
    seats: license.seats.map((seat) => ({ ...seat, codes: seat.codes.map((code) => ({ ...code })) })),
  }));
}
