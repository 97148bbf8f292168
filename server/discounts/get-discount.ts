import type { Tx } from '../db';
import { DomainError } from '../errors';
import { DISCOUNT_VIEW_INCLUDE, discountView, type DiscountView } from './discount-view';

/** The seller's discount with what its view needs; another seller's is NotFound like an unknown one. */
async function findOwnDiscount(tx: Tx, input: { sellerId: string; discountId: string }) {
  const discount = await tx.discount.findFirst({ where: { id: input.discountId, sellerId: input.sellerId }, include: DISCOUNT_VIEW_INCLUDE });
  if (!discount) throw new DomainError('NotFound', 'No discount with that id.');
  return discount;
}

/** One of the seller's discount codes (GET /licensing-mgmt/discounts/{discountId}). */
export async function getDiscount(ctx: { db: Tx }, input: { sellerId: string; discountId: string }): Promise<DiscountView> {
  return discountView(await findOwnDiscount(ctx.db, input));
}
