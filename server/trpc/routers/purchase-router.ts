import crypto from 'node:crypto';
import { createPurchaseCheckout } from '../../checkout/create-purchase-checkout';
import { storefrontPurchaseSchema } from '../../checkout/purchase-checkout.schema';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The storefront's Buy button: a purchase checkout as the signed-in buyer (same service as POST /purchase/checkout). */
export const purchaseRouter = createTrpcRouter({
  buy: protectedProcedure
    .input(storefrontPurchaseSchema)
    // A click is one purchase attempt: a fresh RequestId each time.
    .mutation(({ ctx, input }) =>
      createPurchaseCheckout(ctx, {
        ...input,
        requestId: crypto.randomUUID(),
        buyerAccountId: ctx.session.accountId,
        buyerEmail: ctx.session.email,
      }),
    ),
});
