import type { License, Offering } from '@/generated/prisma/client';
import { billingPeriodAt, type BillingPeriod } from '../../billing/billing-period';
import { CatalogStatus, LicenseClassification } from '../../catalog/catalog-enums';
import { classificationLabel, describeInterval } from '../../catalog/describe-offering';
import { findOfferingPrice } from '../../catalog/offering-prices';
import type { Tx } from '../../db';
import { SALE_TAX_FIELDS, taxOnLaterCharge } from '../../billing/tax-amount';
import { DomainError } from '../../errors';
import type { PlanChangeTiming } from './plan-change.schema';

// The rules of a plan change (docs/api/management.md "Plan changes"), and its figures: one function
// for the change itself and for the pages' preview, so what a page shows is what is charged.
//
// - The license is live: Active or Trialing (else 409 LicenseNotActive).
// - The new offering is another active offering of the same product of the same seller, of the same
//   classification, and for a subscription of the same billing interval; a buyer moves only to an
//   offering the storefront lists. A license sold at a price needs a price of the new offering in
//   the currency it was sold in; one sold at no price moves only to another free offering. Each
//   refusal is a 400 ValidationError naming OfferingId, saying why.
// - A change to the same price or more applies now by default, a cheaper one at the end of the
//   current billing period. Now: (new − old) × live seats × the share of the period left is charged
//   (negative: credited), rounded to the minor unit, half away from zero. During a trial nothing was
//   billed yet, so nothing is prorated (its period ends with the trial). A one-time purchase (or a
//   trial offering) has no period: it changes only now, and the whole difference per live seat is
//   what the change is worth (a credit when cheaper).

/** What the rules read of a license. */
export type LicenseForPlanChange = Pick<
  License,
  'id' | 'sellerId' | 'offeringId' | 'status' | 'classification' | 'termStart' | 'termEnd' | 'trialEnd' | 'cancelAtPeriodEnd' | 'unitPriceMinor' | 'currency' | 'processorSubscriptionId'
> & { offering: Offering };

export interface PlanChangeTerms {
  target: Offering;
  timing: PlanChangeTiming;
  /** The timing the caller would get by leaving When out. */
  defaultTiming: PlanChangeTiming;
  effectiveAt: Date;
  fromUnitPriceMinor: number | null;
  unitPriceMinor: number | null;
  currency: string | null;
  /** Charged when it applies now (negative: credited), tax included when the sale was taxed; 0 at the period's end. */
  prorationMinor: number;
  /** The tax in prorationMinor (same sign), at the rate of the license's sale. */
  prorationTaxMinor: number;
  liveSeats: number;
  /** The billing period now (subscriptions); null for a one-time purchase or a trial offering. */
  period: BillingPeriod | null;
}

/** The statuses a plan change may start from. */
const CHANGEABLE = ['Active', 'Trialing'];

function offeringRefusal(message: string): DomainError {
  return new DomainError('ValidationError', message, { details: [{ Code: 'InvalidValue', Message: message, Field: 'OfferingId' }] });
}

function whenRefusal(message: string): DomainError {
  return new DomainError('ValidationError', message, { details: [{ Code: 'InvalidValue', Message: message, Field: 'When' }] });
}

/** Whether a license in `status` may change plans (the pages ask before they offer it). */
export function mayChangePlan(status: string): boolean {
  return CHANGEABLE.includes(status);
}

/** Rounds half away from zero: a credit is the mirror of the same charge. */
function roundMinor(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/** The new offering, checked against every rule but the price (which needs the currency). */
async function targetOffering(tx: Tx, license: LicenseForPlanChange, offeringId: string, by: 'seller' | 'buyer'): Promise<Offering> {
  const target = await tx.offering.findFirst({ where: { id: offeringId, sellerId: license.sellerId } });
  if (!target) throw offeringRefusal('No offering with that id for this seller.');
  if (target.productId !== license.offering.productId) {
    throw offeringRefusal(`${target.name} is an offering of another product: a plan changes within one product (changes across products are refused).`);
  }
  if (target.id === license.offeringId) throw offeringRefusal(`The license is already on ${target.name}.`);
  if (target.status !== CatalogStatus.Active) throw offeringRefusal(`${target.name} is not active: a draft or archived offering takes no licenses.`);
  if (by === 'buyer' && !target.listed) throw offeringRefusal(`${target.name} is not offered on the storefront; ask the seller to move you to it.`);
  if (target.classification !== license.classification) {
    throw offeringRefusal(
      `A ${classificationLabel(license.classification).toLowerCase()} license moves only to another ${classificationLabel(license.classification).toLowerCase()} offering; ${target.name} is ${classificationLabel(target.classification).toLowerCase()}.`,
    );
  }
  if (license.classification === LicenseClassification.Subscription && (target.interval !== license.offering.interval || target.intervalUnit !== license.offering.intervalUnit)) {
    const theirs = describeInterval(target.interval, target.intervalUnit) ?? 'another period';
    const ours = describeInterval(license.offering.interval, license.offering.intervalUnit) ?? 'its period';
    throw offeringRefusal(`${target.name} bills every ${theirs} and this license every ${ours}: a plan change keeps the billing interval.`);
  }
  return target;
}

/** One seat's price of the new offering for this license, in the currency it was sold in. */
async function targetPrice(tx: Tx, license: LicenseForPlanChange, target: Offering): Promise<{ unitPriceMinor: number | null; currency: string | null }> {
  if (license.unitPriceMinor === null) {
    if (target.priceMinor !== null) throw offeringRefusal(`This license was sold at no price: it moves only to another free offering, and ${target.name} is paid (buy it instead).`);
    return { unitPriceMinor: null, currency: null };
  }
  const currency = license.currency ?? license.offering.currency;
  if (target.priceMinor === null) throw offeringRefusal(`${target.name} is free: a license sold at a price does not move to a free offering (cancel it instead).`);
  const price = await findOfferingPrice(tx, target, currency);
  if (!price) throw offeringRefusal(`${target.name} has no price in ${currency.toUpperCase()}, the currency this license was sold in.`);
  return { unitPriceMinor: price.amountMinor, currency };
}

/** The figures of moving `license` to `offeringId` at `when` (its default when left out), as of `now`; throws the rule that refuses it. */
export async function planChangeTerms(
  tx: Tx,
  license: LicenseForPlanChange,
  ask: { offeringId: string; when?: PlanChangeTiming; by: 'seller' | 'buyer' },
  now: Date,
): Promise<PlanChangeTerms> {
  const terms = await untaxedTerms(tx, license, ask, now);
  if (terms.prorationMinor === 0) return { ...terms, prorationTaxMinor: 0 };
  // Taxed as the license's sale was (its rate, inclusive or exclusive), as seats added later are.
  const sale = (await tx.license.findUnique({ where: { id: license.id }, select: { checkout: { select: SALE_TAX_FIELDS } } }))?.checkout ?? null;
  const { grossMinor, taxMinor } = taxOnLaterCharge(sale, BigInt(terms.prorationMinor));
  return { ...terms, prorationMinor: Number(grossMinor), prorationTaxMinor: Number(taxMinor) };
}

async function untaxedTerms(
  tx: Tx,
  license: LicenseForPlanChange,
  ask: { offeringId: string; when?: PlanChangeTiming; by: 'seller' | 'buyer' },
  now: Date,
): Promise<Omit<PlanChangeTerms, 'prorationTaxMinor'>> {
  if (!CHANGEABLE.includes(license.status)) throw new DomainError('LicenseNotActive', `Plans change only on an active or trialing license; this one is ${license.status}.`);
  const target = await targetOffering(tx, license, ask.offeringId, ask.by);
  const { unitPriceMinor, currency } = await targetPrice(tx, license, target);
  const fromUnitPriceMinor = license.unitPriceMinor;
  const liveSeats = await tx.seat.count({ where: { licenseId: license.id, retiredAt: null } });
  const difference = (unitPriceMinor ?? 0) - (fromUnitPriceMinor ?? 0);
  const base = { target, fromUnitPriceMinor, unitPriceMinor, currency, liveSeats };

  if (license.classification !== LicenseClassification.Subscription) {
    if (ask.when === 'period_end') throw whenRefusal('A one-time purchase has no billing period: its plan changes now.');
    return { ...base, timing: 'now', defaultTiming: 'now', effectiveAt: now, prorationMinor: difference * liveSeats, period: null };
  }

  const trialing = license.status === 'Trialing' && license.trialEnd !== null && license.trialEnd.getTime() > now.getTime();
  const period: BillingPeriod = trialing
    ? { start: license.termStart, end: license.trialEnd! }
    : billingPeriodAt(license.termStart, license.offering.interval ?? 1, license.offering.intervalUnit ?? 2, now);
  // Nothing is billed during a trial: any change may as well apply at once.
  const defaultTiming: PlanChangeTiming = trialing || difference >= 0 ? 'now' : 'period_end';
  const timing = ask.when ?? defaultTiming;
  if (timing === 'period_end') {
    if (license.cancelAtPeriodEnd) throw whenRefusal('This subscription is cancelled and ends with its period: a change at the period’s end would never apply.');
    return { ...base, timing, defaultTiming, effectiveAt: period.end, prorationMinor: 0, period };
  }
  const share = trialing ? 0 : Math.max(0, period.end.getTime() - now.getTime()) / (period.end.getTime() - period.start.getTime());
  // At most 2,147,483,647 × 1,000 × 2 before the share: exact in a double, stored in a 64-bit column.
  return { ...base, timing, defaultTiming, effectiveAt: now, prorationMinor: roundMinor(difference * liveSeats * share), period };
}
