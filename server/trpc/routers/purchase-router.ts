import crypto from 'node:crypto';
import { createPurchaseCheckout } from '../../checkout/create-purchase-checkout';
import { guestCheckoutCodeSchema, storefrontPurchaseSchema } from '../../checkout/purchase-checkout.schema';
import { requestGuestCheckoutCode } from '../../checkout/request-guest-checkout-code';
import { createTrpcRouter, protectedProcedure, publicProcedure } from '../init';

/**
 * The storefront's Buy button: a purchase checkout as the signed-in buyer (same service as POST
 * /purchase/checkout); signed out, the guest checkout's code first (it signs the buyer in).
 */
export const purchaseRouter = createTrpcRouter({
  requestGuestCode: publicProcedure
    .input(guestCheckoutCodeSchema)
    .mutation(({ ctx, input }) => requestGuestCheckoutCode(ctx, { ...input, clientIp: ctx.clientIp })),
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
