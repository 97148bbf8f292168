import type { Offering } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { issueLicenseCode } from '../codes/issue-license-code';
import { deviceRulesOf } from './license-device-rules';
import { snapshotOfferingFeatures } from './license-features';
import { licenseTermEnd } from './license-term';

export interface MintedLicense {
  licenseId: string;
  seatIds: string[];
  /** The license codes issued with it, one per seat in seat order (see `codes` below); empty when none. */
  codes: string[];
}

/** A license with its seats and their license codes. Run inside the caller's transaction. */
export async function mintLicense(
  tx: Tx,
  input: {
    offering: Offering;
    buyerAccountId: string | null;
    correlationId: string | null;
    /** The seller's tenant, only where the seller itself asked (docs/api/management.md "Tenants"). */
    tenantId?: string | null;
    seatCount: number;
    /**
     * Which seats get a license code at once: every seat, for a buyer's purchase or claim (each seat
     * bought works at once); only a one-seat license's, for a seller's tenant (its backend issues and
     * keeps one per seat: spec "Tenant seat workflow"). Omitted: one-seat only.
     */
    codes?: 'every-seat' | 'one-seat-only';
    /**
     * The price of one seat per period it is sold at (minor units of the offering's currency): what
     * its checkout charged per seat. Omitted: the offering's price now (a seller's direct creation).
     * Null or 0: sold at no price.
     */
    unitPriceMinor?: number | null;
    /** The currency of sale (lower case): its checkout's. Omitted: the offering's default currency. */
    currency?: string;
    checkoutId?: string;
    processorSubscriptionId?: string | null;
    /** A subscription sold with a free trial: it starts Trialing (it authorizes) until this many days pass. */
    trialDays?: number | null;
    now?: Date;
  },
): Promise<MintedLicense> {
  const termStart = input.now ?? new Date();
  const unitPriceMinor = (input.unitPriceMinor === undefined ? input.offering.priceMinor : input.unitPriceMinor) || null;
  const license = await tx.license.create({
    data: {
      sellerId: input.offering.sellerId,
      offeringId: input.offering.id,
      buyerAccountId: input.buyerAccountId,
      checkoutId: input.checkoutId,
      classification: input.offering.classification,
      termStart,
      termEnd: licenseTermEnd(input.offering, termStart),
      correlationId: input.correlationId,
      tenantId: input.tenantId ?? null,
      processorSubscriptionId: input.processorSubscriptionId ?? null,
      unitPriceMinor,
      currency: unitPriceMinor === null ? null : (input.currency ?? input.offering.currency),
      ...(input.trialDays ? { status: 'Trialing', trialEnd: new Date(termStart.getTime() + input.trialDays * 86_400_000) } : {}),
      ...deviceRulesOf(input.offering),
    },
  });
  // Entitlements are fixed at sale (the device rules above, the features here): a later edit of the
  // offering changes no license already sold.
  await snapshotOfferingFeatures(tx, { licenseId: license.id, offeringId: input.offering.id, currency: license.currency });
  const seatIds: string[] = [];
  for (let i = 0; i < input.seatCount; i++) seatIds.push((await tx.seat.create({ data: { licenseId: license.id } })).id);
  await recordEvent(tx, {
    sellerId: license.sellerId,
    type: 'license.created',
    licenseId: license.id,
    data: { LicenseId: license.id, OfferingId: license.offeringId, CorrelationId: license.correlationId, Status: license.status, SeatCount: seatIds.length, TermEndUtc: license.termEnd?.toISOString() ?? null },
  });
  const coded = input.codes === 'every-seat' || seatIds.length === 1 ? seatIds : [];
  const codes: string[] = [];
  for (const [index, seatId] of coded.entries()) codes.push((await issueLicenseCode({ db: tx }, { licenseId: license.id, seatId, label: `Seat ${index + 1}` })).code);
  return { licenseId: license.id, seatIds, codes };
}
