import type { Tx } from '../db';
import { DomainError } from '../errors';

/**
 * Removes one of the seller's discount codes: no checkout redeems it from now on. Orders that
 * redeemed it keep the code they redeemed (Checkout.discountCode; the link, Checkout.discountId, is
 * set null by its foreign key), and a subscription keeps what it was given.
 */
export async function deleteDiscount(ctx: { db: Tx }, input: { sellerId: string; discountId: string }): Promise<void> {
  const { count } = await ctx.db.discount.deleteMany({ where: { id: input.discountId, sellerId: input.sellerId } });
  if (count === 0) throw new DomainError('NotFound', 'No discount with that id.');
}
