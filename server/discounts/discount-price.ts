import type { DiscountDuration, DiscountKind } from '@/generated/prisma/client';

// What a discount takes off, computed the same way for every processor (docs/payments.md
// "Discounts"): a percent of the subtotal (unit price × seats) rounded to the nearest minor unit,
// halves up; an amount in the charge's currency, taken off the subtotal once, never below zero.
// Stripe computes its own from the coupon the same way; what Stripe reports is what the order keeps.

export interface DiscountTerms {
  kind: DiscountKind;
  percentOff: number | null;
  /** Per currency (lower case), minor units: an `amount` discount applies only in these currencies. */
  amounts: { currency: string; amountMinor: number }[];
  duration: DiscountDuration;
  durationMonths: number | null;
}

/** The amount of an `amount` discount in `currency`, or null when it has none there. */
function discountAmountIn(terms: Pick<DiscountTerms, 'amounts'>, currency: string): number | null {
  return terms.amounts.find((amount) => amount.currency === currency)?.amountMinor ?? null;
}

/**
 * What `terms` takes off a charge of `subtotalMinor` in `currency` (never more than the subtotal);
 * null when an amount discount has no amount in that currency.
 */
export function discountOff(terms: DiscountTerms, subtotalMinor: bigint, currency: string): bigint | null {
  if (terms.kind === 'percent') {
    const percent = BigInt(terms.percentOff ?? 0);
    // Half up: (subtotal × percent + 50) / 100, in integers.
    return (subtotalMinor * percent + 50n) / 100n;
  }
  const amount = discountAmountIn(terms, currency);
  if (amount === null) return null;
  const off = BigInt(amount);
  return off > subtotalMinor ? subtotalMinor : off;
}
