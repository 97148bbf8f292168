import { LicenseClassification } from '../../catalog/catalog-enums';
import type { LicenseStatus, Prisma } from '@/generated/prisma/client';
import { formatInvoiceNumber } from '../../billing/invoice-number';
import { describeInterval } from '../../catalog/describe-offering';
import { storefrontName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { billingPeriodAt, type BillingPeriod } from '../../billing/billing-period';
import { isFinalLicenseStatus } from '../licenses/license-status';
import { billingManagementOf } from '../../payments/billing-management';

export interface SubscriptionBillingView {
  licenseId: string;
  offeringName: string;
  productName: string;
  sellerName: string;
  status: LicenseStatus;
  /** "month", "3 months". */
  periodText: string;
  seatBased: boolean;
  liveSeats: number;
  /**
   * One seat's price per period, as sold (the checkout's amount over its quantity), and what a
   * period costs now (per seat × live seats on a seat-based plan, else the price sold): integer
   * minor units of `currency`, as every amount here; pages format them in the reader's locale.
   */
  perSeatMinor: number;
  pricePerPeriodMinor: number;
  currency: string;
  currentPeriod: BillingPeriod;
  /** The next renewal; null once cancelled. */
  renewsAt: Date | null;
  /** The end of a cancelled subscription (License.termEnd); null while it renews. */
  endsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  /** It has ended (final status, or past its end): nothing to change any more. */
  ended: boolean;
  /** What the next renewal charges and when; null once cancelled or ended. */
  nextCharge: { amountMinor: number; on: Date } | null;
  paymentMethod: string;
  /** What was charged for this license, newest first: the purchase (its receipt and invoice number), seats added and plan changes since (a credit is negative). */
  charges: { kind: 'purchase' | 'seats' | 'plan'; label: string; amountMinor: number; currency: string; at: Date; href: string | null }[];
  /** The plan change waiting for the end of the period: the next charge is at its price. */
  scheduledPlanChange: { toOfferingName: string; effectiveAt: Date; unitPriceMinor: number } | null;
}

export const billedLicenseSelect = {
  id: true,
  buyerAccountId: true,
  status: true,
  classification: true,
  termStart: true,
  termEnd: true,
  cancelAtPeriodEnd: true,
  unitPriceMinor: true,
  seller: { select: { storeName: true, contactName: true, legalName: true, stripeAccountId: true } },
  offering: { select: { name: true, interval: true, intervalUnit: true, seatBased: true, product: { select: { name: true } } } },
  checkout: { select: { id: true, processor: true, processorCustomerId: true, amountMinor: true, currency: true, quantity: true, invoiceNumber: true, completedAt: true, createdAt: true } },
} as const satisfies Prisma.LicenseSelect;

export type BilledLicense = Prisma.LicenseGetPayload<{ select: typeof billedLicenseSelect }>;

/** The buyer's own subscription billed by the local processor; NotFound for anything else (another buyer's license too). */
export async function findLocallyBilledLicense(ctx: { db: Db }, input: { licenseId: string; buyerAccountId: string }): Promise<BilledLicense & { checkout: NonNullable<BilledLicense['checkout']> }> {
  const license = await ctx.db.license.findFirst({ where: { id: input.licenseId, buyerAccountId: input.buyerAccountId }, select: billedLicenseSelect });
  if (!license || billingManagementOf({ isSubscription: license.classification === LicenseClassification.Subscription, checkout: license.checkout }) !== 'local-page' || !license.checkout) {
    throw new DomainError('NotFound', 'No subscription of yours with that id is billed on this service.');
  }
  return { ...license, checkout: license.checkout };
}

/** The period `now` falls in, anchored at termStart with the offering's interval (a month when the offering has none). */
export function currentPeriodOf(license: Pick<BilledLicense, 'termStart' | 'offering'>, now: Date): BillingPeriod {
  return billingPeriodAt(license.termStart, license.offering.interval ?? 1, license.offering.intervalUnit ?? 2, now);
}

/** Whether the subscription has ended: a final status, or past the end it was cancelled for. */
export function subscriptionEnded(license: Pick<BilledLicense, 'status' | 'termEnd'>, now: Date): boolean {
  return isFinalLicenseStatus(license.status) || (license.termEnd !== null && license.termEnd.getTime() <= now.getTime());
}

/** The billing page of a subscription sold through the local processor, for its buyer. */
export async function getSubscriptionBilling(ctx: { db: Db; now?: Date }, input: { licenseId: string; buyerAccountId: string }): Promise<SubscriptionBillingView> {
  const now = ctx.now ?? new Date();
  const license = await findLocallyBilledLicense(ctx, input);
  const [liveSeats, seatCharges, planChanges] = await Promise.all([
    ctx.db.seat.count({ where: { licenseId: license.id, retiredAt: null } }),
    ctx.db.seatCharge.findMany({ where: { licenseId: license.id }, orderBy: { createdAt: 'desc' }, take: 50 }),
    ctx.db.planChange.findMany({ where: { licenseId: license.id, status: { in: ['applied', 'scheduled'] } }, orderBy: { createdAt: 'desc' }, take: 50 }),
  ]);
  const { checkout, offering } = license;
  const amountMinor = Number(checkout.amountMinor);
  const applied = planChanges.filter((change) => change.status === 'applied');
  // After a plan change, one seat costs the new offering's price (License.unitPriceMinor); before, what the checkout charged.
  const perSeatMinor = applied.length > 0 && license.unitPriceMinor !== null ? license.unitPriceMinor : Math.round(amountMinor / Math.max(1, checkout.quantity));
  const periodMinor = offering.seatBased || applied.length > 0 ? perSeatMinor * liveSeats : amountMinor;
  const scheduled = planChanges.find((change) => change.status === 'scheduled' && change.unitPriceMinor !== null);
  const scheduledName = scheduled ? ((await ctx.db.offering.findUnique({ where: { id: scheduled.toOfferingId }, select: { name: true } }))?.name ?? 'another plan') : null;
  const offeringNames = new Map(
    (await ctx.db.offering.findMany({ where: { id: { in: applied.map((change) => change.toOfferingId) } }, select: { id: true, name: true } })).map((row) => [row.id, row.name]),
  );
  const ended = subscriptionEnded(license, now);
  const currentPeriod = currentPeriodOf(license, now);
  const renewsAt = license.cancelAtPeriodEnd || ended ? null : currentPeriod.end;
  const purchase = {
    kind: 'purchase' as const,
    label: checkout.invoiceNumber === null ? 'Purchase' : `Purchase, invoice ${formatInvoiceNumber(checkout.invoiceNumber)}`,
    amountMinor,
    currency: checkout.currency,
    at: checkout.completedAt ?? checkout.createdAt,
    href: `/orders/${encodeURIComponent(checkout.id)}`,
  };
  const added = seatCharges.map((charge) => ({
    kind: 'seats' as const,
    label: `${charge.seats} ${charge.seats === 1 ? 'seat' : 'seats'} added (for the rest of the period)`,
    amountMinor: Number(charge.amountMinor),
    currency: charge.currency,
    at: charge.createdAt,
    href: null,
  }));
  const planCharges = applied
    .filter((change) => change.prorationMinor !== 0n)
    .map((change) => ({
      kind: 'plan' as const,
      label: `Plan changed to ${offeringNames.get(change.toOfferingId) ?? 'another plan'} (${change.prorationMinor > 0n ? 'charged' : 'credited'} for the rest of the period)`,
      amountMinor: Number(change.prorationMinor),
      currency: change.currency ?? checkout.currency,
      at: change.appliedAt ?? change.createdAt,
      href: null,
    }));
  const nextAtNewPrice = scheduled && renewsAt && scheduled.effectiveAt.getTime() <= renewsAt.getTime();
  return {
    licenseId: license.id,
    offeringName: offering.name,
    productName: offering.product.name,
    sellerName: storefrontName(license.seller),
    status: license.status,
    periodText: describeInterval(offering.interval ?? 1, offering.intervalUnit ?? 2) ?? 'period',
    seatBased: offering.seatBased,
    liveSeats,
    perSeatMinor,
    pricePerPeriodMinor: periodMinor,
    currency: checkout.currency,
    currentPeriod,
    renewsAt,
    endsAt: license.cancelAtPeriodEnd ? license.termEnd : null,
    cancelAtPeriodEnd: license.cancelAtPeriodEnd,
    ended,
    nextCharge: renewsAt ? { amountMinor: nextAtNewPrice ? scheduled.unitPriceMinor! * liveSeats : periodMinor, on: renewsAt } : null,
    paymentMethod: 'Local test processor (no card is charged)',
    charges: [...added, ...planCharges, purchase].sort((a, b) => b.at.getTime() - a.at.getTime()),
    scheduledPlanChange: scheduled && scheduledName ? { toOfferingName: scheduledName, effectiveAt: scheduled.effectiveAt, unitPriceMinor: scheduled.unitPriceMinor! } : null,
  };
}
