import { z } from 'zod';
import { emailAddressSchema, seatCountSchema } from '../../sdk/src/contract/fields';
import { purchaseCheckoutSchema } from '../../sdk/src/contract/purchase';

// The request shape and its field rules are the contract's (shared with the client library).
export { purchaseCheckoutSchema, type PurchaseCheckoutInput } from '../../sdk/src/contract/purchase';

/**
 * The storefront's Buy button (tRPC, the signed-in buyer): the purchase checkout's offering, the
 * currency shown and a discount code when one was entered, plus, on a seat-based offering, the
 * seats wanted. The REST purchase API has no Quantity (spec).
 */
export const storefrontPurchaseSchema = purchaseCheckoutSchema.pick({ issuerClientId: true, offeringId: true, currency: true, discountCode: true }).extend({
  quantity: seatCountSchema.optional(),
});

/**
 * A guest checkout's first step on the storefront: the offering and the e-mail address the code
 * goes to. The code proves the address; the account is made for it when the code is redeemed.
 */
export const guestCheckoutCodeSchema = storefrontPurchaseSchema.pick({ issuerClientId: true, offeringId: true }).extend({ email: emailAddressSchema });

export const checkoutSessionSchema = z.object({
  sessionId: z.string(),
  sessionUrl: z.string().nullable(),
  claimUrl: z.string().optional(),
});

export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
