import { z } from 'zod';
import { toBaseRate } from '../catalog/money';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { priceCheckout } from './checkout-price';

/** What a discount code would take off one seat of an offering, in a currency (major units): what a checkout would charge. */
export const discountQuoteSchema = z.object({
  code: z.string(),
  currency: z.string(),
  /** One seat's price before and after the discount's first payment. */
  price: z.number(),
  priceAfterDiscount: z.number(),
  amountOff: z.number(),
  /** once (the first payment), forever, or repeating for `durationMonths`. */
  duration: z.enum(['once', 'forever', 'repeating']),
  durationMonths: z.number().int().nullable(),
});
type DiscountQuote = z.infer<typeof discountQuoteSchema>;

/**
 * The discount a code gives on one seat of a listed offering, priced exactly as a checkout would
 * (checkout-price.ts), without taking a redemption: for an agent or a page that asks "what would I
 * pay with this code?". Refusals are the checkout's (ValidationError naming DiscountCode or Currency).
 */
export async function quoteDiscount(ctx: { db: Db }, input: { sellerId: string; offeringId: string; currency: string | null; discountCode: string }): Promise<DiscountQuote> {
  const offering = await ctx.db.offering.findFirst({ where: { id: input.offeringId, sellerId: input.sellerId } });
  if (!offering) throw new DomainError('NotFound', 'No listed offering with that id for this seller.');
  const price = await priceCheckout(ctx.db, { offering, quantity: 1, currency: input.currency, discountCode: input.discountCode });
  const discount = price.discount!;
  const major = (minor: bigint) => toBaseRate(Number(minor), price.currency) ?? 0;
  return {
    code: discount.code,
    currency: price.currency,
    price: major(price.subtotalMinor),
    priceAfterDiscount: major(price.dueMinor),
    amountOff: major(discount.offMinor),
    duration: discount.terms.duration,
    durationMonths: discount.terms.durationMonths,
  };
}
