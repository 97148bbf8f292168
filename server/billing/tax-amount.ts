import type { TaxBehavior } from '@/generated/prisma/client';

// Tax as the service computes it (docs/payments.md "Tax"): the local processor's at Pay, and the tax
// on a later charge of a license (seats added) at the rate of its sale; Stripe Tax computes Stripe's.
// Integer arithmetic in minor units, rounded to the nearest unit, halves up.

/** The tax in, or on, `amountMinor` at `rateBps` (1900 = 19%): exclusive adds it, inclusive finds it inside. */
export function taxOf(amountMinor: bigint, behavior: TaxBehavior, rateBps: number): { taxMinor: bigint; grossMinor: bigint } {
  const rate = BigInt(rateBps);
  if (rate === 0n || amountMinor === 0n) return { taxMinor: 0n, grossMinor: amountMinor };
  if (behavior === 'exclusive') {
    const taxMinor = (amountMinor * rate + 5_000n) / 10_000n;
    return { taxMinor, grossMinor: amountMinor + taxMinor };
  }
  // Inclusive: the net is gross × 10000 / (10000 + rate), rounded; the tax is the rest.
  const net = (amountMinor * 10_000n * 2n + (10_000n + rate)) / ((10_000n + rate) * 2n);
  return { taxMinor: amountMinor - net, grossMinor: amountMinor };
}

/**
 * A business buyer (one that gives a tax id) in another country than the seller pays no tax: the
 * buyer accounts for it (the EU's reverse charge, and the same rule elsewhere here). Stripe Tax
 * applies its own rules with Stripe.
 */
export function isReverseCharge(buyer: { country: string; taxId: string | null }, sellerCountry: string | null): boolean {
  return Boolean(buyer.taxId) && sellerCountry !== null && buyer.country.toUpperCase() !== sellerCountry.toUpperCase();
}

/**
 * The rate a license's sale was taxed at, for its later charges: the rate the service applied, else
 * (Stripe computed the tax) the rate its figures imply; null when no tax was collected on it.
 */
function saleTaxRateBps(sale: { taxBehavior: TaxBehavior | null; taxRateBps: number | null; taxMinor: bigint; amountMinor: bigint; taxExempt: boolean }): number | null {
  if (!sale.taxBehavior) return null;
  if (sale.taxExempt) return 0;
  if (sale.taxRateBps !== null) return sale.taxRateBps;
  const net = sale.amountMinor - sale.taxMinor;
  return net > 0n ? Number((sale.taxMinor * 10_000n + net / 2n) / net) : 0;
}

type Sale = Parameters<typeof saleTaxRateBps>[0];

/**
 * A later charge of a license (seats added, a plan change's proration; a credit is negative), taxed
 * as its sale was: the gross and the tax in it, with the charge's sign. Untaxed when its sale was.
 */
export function taxOnLaterCharge(sale: Sale | null, amountMinor: bigint): { grossMinor: bigint; taxMinor: bigint } {
  const rateBps = sale ? saleTaxRateBps(sale) : null;
  if (!sale?.taxBehavior || rateBps === null) return { grossMinor: amountMinor, taxMinor: 0n };
  const sign = amountMinor < 0n ? -1n : 1n;
  const { grossMinor, taxMinor } = taxOf(amountMinor * sign, sale.taxBehavior, rateBps);
  return { grossMinor: grossMinor * sign, taxMinor: taxMinor * sign };
}

/** What a license's later charges are taxed by: its sale's tax, as its checkout recorded it. */
export const SALE_TAX_FIELDS = { taxBehavior: true, taxRateBps: true, taxMinor: true, amountMinor: true, taxExempt: true } as const;
