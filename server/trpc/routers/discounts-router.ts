import { z } from 'zod';
import { createDiscountSchema, discountsQuerySchema, updateDiscountSchema } from '../../../sdk/src/contract/discounts';
import { idSchema } from '../../../sdk/src/contract/fields';
import { createDiscount } from '../../discounts/create-discount';
import { deleteDiscount } from '../../discounts/delete-discount';
import { getDiscount } from '../../discounts/get-discount';
import { listDiscounts } from '../../discounts/list-discounts';
import { updateDiscount } from '../../discounts/update-discount';
import { createTrpcRouter, sellerProcedure } from '../init';

const discountRef = z.object({ discountId: idSchema });

/** The portal's Discounts page: the same services as /licensing-mgmt/discounts, for the signed-in seller. */
export const discountsRouter = createTrpcRouter({
  list: sellerProcedure('store:read').input(discountsQuerySchema).query(({ ctx, input }) => listDiscounts(ctx, { ...input, sellerId: ctx.seller.id })),
  get: sellerProcedure('store:read').input(discountRef).query(({ ctx, input }) => getDiscount(ctx, { ...input, sellerId: ctx.seller.id })),
  create: sellerProcedure('discounts:write').input(createDiscountSchema).mutation(({ ctx, input }) => createDiscount(ctx, { ...input, sellerId: ctx.seller.id })),
  update: sellerProcedure('discounts:write').input(updateDiscountSchema.extend(discountRef.shape)).mutation(({ ctx, input }) => updateDiscount(ctx, { ...input, sellerId: ctx.seller.id })),
  remove: sellerProcedure('discounts:write').input(discountRef).mutation(({ ctx, input }) => deleteDiscount(ctx, { ...input, sellerId: ctx.seller.id })),
});
