import crypto from 'node:crypto';
import { createGuestPurchaseCheckout, createPurchaseCheckout } from '../../checkout/create-purchase-checkout';
import { guestCheckoutCodeSchema, storefrontPurchaseSchema } from '../../checkout/purchase-checkout.schema';
import { requestGuestCheckoutCode } from '../../checkout/request-guest-checkout-code';
import { createTrpcRouter, protectedProcedure, publicProcedure } from '../init';

/**
 * The storefront's Buy button: a purchase checkout as the signed-in buyer (same service as POST
 * /purchase/checkout); signed out, a paid offering is a guest checkout (pay first, the address typed
 * on the payment page, verified by the delivery e-mail's link) and a free one the guest checkout's
 * code first (it signs the buyer in).
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
  buyAsGuest: publicProcedure
    .input(storefrontPurchaseSchema)
    .mutation(({ ctx, input }) => createGuestPurchaseCheckout(ctx, { ...input, requestId: crypto.randomUUID(), clientIp: ctx.clientIp ?? null })),
});
