import { z } from 'zod';
import { emailAddressSchema } from '../identity/accounts';
import { correlationIdSchema, MAX_SEATS_PER_CHECKOUT, requestIdSchema, returnUrlSchema } from './purchase-checkout.schema';

export { MAX_SEATS_PER_CHECKOUT };

/**
 * POST /licensing/checkout/embedded (spec "Embedded checkout"), called by a seller's backend with
 * its account API key. Quantity is the number of seats on a seat-based offering (1 to
 * MAX_SEATS_PER_CHECKOUT, default 1); any other offering sells one license of one seat, so a
 * Quantity other than 1 is refused there (checked against the offering, ValidationError on Quantity).
 */
export const embeddedCheckoutSchema = z.object({
  offeringId: z.string().min(1).max(100),
  correlationId: correlationIdSchema.min(1, 'CorrelationId is required.'),
  customerEmail: emailAddressSchema,
  issuerClientId: z.string().min(1).max(100).optional(),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
  requestId: requestIdSchema.optional(),
  quantity: z.number().int('Quantity is a whole number of seats.').min(1).max(MAX_SEATS_PER_CHECKOUT).optional(),
  returnUrl: returnUrlSchema.optional(),
});

export type EmbeddedCheckoutInput = z.infer<typeof embeddedCheckoutSchema>;

/** POST /licensing/checkout/session/result. */
export const sessionResultRequestSchema = z.object({
  sessionId: z.string().min(1).max(100),
});
