import type { Offering, OfferingPrice } from '@/generated/prisma/client';
import type { Tx } from '../db';

// An offering's prices: its default (Offering.priceMinor in Offering.currency) and one more per
// other currency (OfferingPrice rows), at most MAX_PRICES_PER_OFFERING in all. A free offering has
// none. Every reader asks here, so that "the price in EUR" means one thing everywhere.

export interface PriceInCurrency {
  /** Lower-case ISO 4217. */
  currency: string;
  /** Minor units of `currency`. */
  amountMinor: number;
  isDefault: boolean;
}

type PricedOffering = Pick<Offering, 'priceMinor' | 'currency'>;
/** An offering's price row as pricesOf reads it. */
export type OtherPrice = Pick<OfferingPrice, 'currency' | 'amountMinor'>;

/**
 * What a query of offerings includes so that `pricesOf` can read them: the other currencies' rows,
 * in the same statement (`include: { product: true, ...withOtherPrices }`).
 */
export const withOtherPrices = { prices: { select: { currency: true, amountMinor: true } } } as const;

/** The prices of an offering whose other prices are loaded: the default first, then by currency. */
export function pricesOf(offering: PricedOffering & { prices: OtherPrice[] }): PriceInCurrency[] {
  if (offering.priceMinor === null) return [];
  const others = [...offering.prices]
    .filter((price) => price.currency !== offering.currency)
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((price) => ({ currency: price.currency, amountMinor: price.amountMinor, isDefault: false }));
  return [{ currency: offering.currency, amountMinor: offering.priceMinor, isDefault: true }, ...others];
}

/**
 * The offering's price in `currency` (lower case), or its default price when `currency` is null;
 * null when it has no price in that currency (or none at all: a free offering).
 */
export async function findOfferingPrice(tx: Tx, offering: PricedOffering & Pick<Offering, 'id'>, currency: string | null): Promise<PriceInCurrency | null> {
  if (offering.priceMinor === null) return null;
  if (currency === null || currency === offering.currency) return { currency: offering.currency, amountMinor: offering.priceMinor, isDefault: true };
  const other = await tx.offeringPrice.findUnique({ where: { offeringId_currency: { offeringId: offering.id, currency } } });
  return other ? { currency: other.currency, amountMinor: other.amountMinor, isDefault: false } : null;
}
