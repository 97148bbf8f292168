import { z } from 'zod';
import { correlationIdSchema, currencySchema, discountCodeSchema, idSchema, issuerClientIdSchema, requestIdSchema, returnUrlSchema } from './fields.js';

/** POST /purchase/checkout (spec "Purchase API"): what the signed-in buyer's app sends. */
export const purchaseCheckoutSchema = z.object({
  requestId: requestIdSchema,
  offeringId: idSchema,
  issuerClientId: issuerClientIdSchema,
  correlationId: correlationIdSchema.optional(),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
  originContext: z.enum(['web', 'mobile_app']).optional(),
  /** Extension of the spec: the currency to pay in (one of the offering's prices; default: its default price). */
  currency: currencySchema.optional(),
  /** Extension of the spec: a discount code of the seller's. */
  discountCode: discountCodeSchema.optional(),
});
export type PurchaseCheckoutInput = z.infer<typeof purchaseCheckoutSchema>;
