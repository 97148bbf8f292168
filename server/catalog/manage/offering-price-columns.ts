import type { Prisma } from '@/generated/prisma/client';
import { toMinorUnits } from '../money';
import type { OtherPrice } from '../offering-prices';
import { defaultPriceOf, defaultPriceTerms, type OfferingTerms } from './catalog-edit.schema';

// How an offering's terms are stored: the default price on the offering's row (priceMinor in
// currency), every other currency's as an OfferingPrice row (the default's never repeated there;
// server/catalog/offering-prices.ts reads them back). Written with the row in one statement, so
// the offering and its prices change together.

export interface OfferingPriceColumns {
  priceMinor: number | null;
  currency: string;
  /** The other currencies' prices; null when the terms leave them as they are (Prices left out). */
  others: OtherPrice[] | null;
}

/** The default price's columns and the other currencies' rows the (parsed) terms ask for. */
export function offeringPriceColumns(terms: Pick<OfferingTerms, 'baseRate' | 'currency' | 'prices'>): OfferingPriceColumns {
  const { baseRate, currency } = defaultPriceTerms(terms);
  const priceMinor = baseRate === null ? null : toMinorUnits(baseRate, currency);
  if (terms.prices === undefined) return { priceMinor, currency, others: null };
  const chosen = defaultPriceOf(terms.prices);
  const others = terms.prices.filter((price) => price !== chosen).map((price) => ({ currency: price.currency, amountMinor: toMinorUnits(price.baseRate, price.currency) }));
  return { priceMinor, currency, others };
}

/** The nested write of a new offering's other prices. */
export function createOtherPrices(columns: OfferingPriceColumns): Prisma.OfferingPriceCreateNestedManyWithoutOfferingInput {
  return { create: columns.others ?? [] };
}

/**
 * The nested write that brings an offering's other prices to what the terms ask: the list given
 * replaces them all; left out, they stay, but for the one in the new default currency (the
 * default is never repeated) and all of them once the offering is free (a free offering has none).
 */
export function replaceOtherPrices(columns: OfferingPriceColumns): Prisma.OfferingPriceUpdateManyWithoutOfferingNestedInput {
  if (columns.others !== null) return { deleteMany: {}, create: columns.others };
  if (!columns.priceMinor) return { deleteMany: {} };
  return { deleteMany: { currency: columns.currency } };
}
