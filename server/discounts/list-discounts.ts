import { discountsQuerySchema, type DiscountsQuery } from '../../sdk/src/contract/discounts';
import type { Tx } from '../db';
import { validationErrorFromZod } from '../validation-error';
import { DISCOUNT_VIEW_INCLUDE, discountView, type DiscountPage } from './discount-view';

/**
 * The seller's discount codes by code, A to Z, a page after a cursor (GET /licensing-mgmt/discounts):
 * the order a seller looks a code up in, and a cursor (the last Code read) that stays valid whatever
 * is made or deleted meanwhile; a code made since that sorts before the cursor is on a fresh read.
 */
export async function listDiscounts(ctx: { db: Tx }, input: DiscountsQuery & { sellerId: string }): Promise<DiscountPage> {
  const parsed = discountsQuerySchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { after, limit } = parsed.data;
  const rows = await ctx.db.discount.findMany({
    where: { sellerId: input.sellerId, ...(after !== undefined ? { code: { gt: after } } : {}) },
    orderBy: { code: 'asc' },
    take: limit + 1,
    include: DISCOUNT_VIEW_INCLUDE,
  });
  const page = rows.slice(0, limit);
  return { discounts: page.map(discountView), nextCursor: page.at(-1)?.code ?? after ?? null, hasMore: rows.length > limit };
}
