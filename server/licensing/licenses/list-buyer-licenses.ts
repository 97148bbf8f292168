import { CatalogStatus, LicenseClassification } from '../../catalog/catalog-enums';
import { mayChangePlan } from './plan-change-terms';
import type { LicenseStatus, Prisma, ServiceAccessLevel } from '@/generated/prisma/client';
import { classificationLabel } from '../../catalog/describe-offering';
import { storefrontName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { billingManagementOf, type BillingManagement } from '../../payments/billing-management';
import { toDeviceView, type DeviceView } from '../devices/device-view';
import { downloadsForLicense, productDownloadsSelect, type ProductDownloadView } from '../../catalog/manage/product-downloads';

export interface BuyerLicenseCodeView {
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface BuyerSeatView {
  id: string;
  createdAt: Date;
  retiredAt: Date | null;
  codes: BuyerLicenseCodeView[];
  /** The devices activated on the seat and not deactivated (a floating one whose lease lapsed says so). */
  devices: DeviceView[];
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
  /** The buyer cancelled the subscription: it ends at termEnd, the end of the period paid for. */
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
  offeringId: string;
  /** The checkout that sold it (its receipt is /orders/<id>); null for a license the seller created directly. */
  checkoutId: string | null;
  billing: BillingManagement;
  offeringName: string;
  productName: string;
  sellerName: string;
  features: BuyerFeatureView[];
  seats: BuyerSeatView[];
  /** Devices each seat may have activated at once; null for any number. */
  maxDevices: number | null;
  /** "Change plan" is offered: the license is active or trialing and its product lists other offerings. */
  canChangePlan: boolean;
  /** Where to download the product, while the license runs (catalog/manage/product-downloads.ts). */
  downloads: ProductDownloadView[];
  /** The plan change waiting for the end of the period (the buyer may cancel it); null when none. */
  scheduledPlanChange: { toOfferingName: string; effectiveAt: Date; unitPriceMinor: number | null; currency: string | null } | null;
}

// Selected field by field: a license code's secretHash (and anything added later) never leaves.
const buyerLicenseSelect = {
  id: true,
  status: true,
  classification: true,
  termStart: true,
  termEnd: true,
  cancelAtPeriodEnd: true,
  createdAt: true,
  maxDevices: true,
  offeringId: true,
  checkoutId: true,
  checkout: { select: { processor: true, processorCustomerId: true, amountMinor: true } },
  seller: { select: { storeName: true, contactName: true, legalName: true } },
  offering: {
    select: {
      name: true,
      // Two listed offerings at most: enough to tell whether one is not the license's own.
      product: { select: { name: true, offerings: { where: { status: CatalogStatus.Active, listed: true }, select: { id: true }, take: 2 }, ...productDownloadsSelect } },
    },
  },
  planChanges: { where: { status: 'scheduled' }, take: 1, select: { toOfferingId: true, effectiveAt: true, unitPriceMinor: true, currency: true } },
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
      devices: { where: { deactivatedAt: null }, orderBy: [{ activatedAt: 'asc' }, { id: 'asc' }] },
    },
  },
} as const satisfies Prisma.LicenseSelect;

function scheduledOf(change: { toOfferingId: string; effectiveAt: Date; unitPriceMinor: number | null; currency: string | null } | undefined, names: Map<string, string>): BuyerLicenseView['scheduledPlanChange'] {
  if (!change) return null;
  return { toOfferingName: names.get(change.toOfferingId) ?? 'another plan', effectiveAt: change.effectiveAt, unitPriceMinor: change.unitPriceMinor, currency: change.currency };
}

/** The license page: every license the signed-in buyer owns, newest first. */
export async function listBuyerLicenses(ctx: { db: Db; now?: Date }, input: { buyerAccountId: string }): Promise<BuyerLicenseView[]> {
  const licenses = await ctx.db.license.findMany({
    where: { buyerAccountId: input.buyerAccountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: buyerLicenseSelect,
  });
  const scheduledTo = licenses.flatMap((license) => license.planChanges.map((change) => change.toOfferingId));
  const names = new Map(
    scheduledTo.length === 0 ? [] : (await ctx.db.offering.findMany({ where: { id: { in: scheduledTo } }, select: { id: true, name: true } })).map((offering) => [offering.id, offering.name]),
  );
  const now = ctx.now ?? new Date();
  return licenses.map((license) => ({
    id: license.id,
    status: license.status,
    classification: license.classification,
    classificationLabel: classificationLabel(license.classification),
    termStart: license.termStart,
    termEnd: license.termEnd,
    cancelAtPeriodEnd: license.cancelAtPeriodEnd,
    createdAt: license.createdAt,
    offeringId: license.offeringId,
    checkoutId: license.checkoutId,
    billing: billingManagementOf({ isSubscription: license.classification === LicenseClassification.Subscription, checkout: license.checkout }),
    offeringName: license.offering.name,
    productName: license.offering.product.name,
    downloads: downloadsForLicense(license),
    sellerName: storefrontName(license.seller),
    features: license.features.map((feature) => ({ ...feature })),
    seats: license.seats.map((seat) => ({ ...seat, codes: seat.codes.map((code) => ({ ...code })), devices: seat.devices.map((device) => toDeviceView(device, now)) })),
    maxDevices: license.maxDevices,
    canChangePlan: mayChangePlan(license.status) && license.offering.product.offerings.some((offering) => offering.id !== license.offeringId),
    scheduledPlanChange: scheduledOf(license.planChanges[0], names),
  }));
}
