import { z } from 'zod';
import { correlationIdSchema, idSchema, issuerClientIdSchema, requestIdSchema, returnUrlSchema } from './fields.js';

/** POST /purchase/checkout (spec "Purchase API"): what the signed-in buyer's app sends. */
export const purchaseCheckoutSchema = z.object({
  requestId: requestIdSchema,
  offeringId: idSchema,
  issuerClientId: issuerClientIdSchema,
  correlationId: correlationIdSchema.optional(),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
  originContext: z.enum(['web', 'mobile_app']).optional(),
});
export type PurchaseCheckoutInput = z.infer<typeof purchaseCheckoutSchema>;
