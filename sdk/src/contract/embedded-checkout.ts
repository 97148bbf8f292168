import { z } from 'zod';
import { currencySchema, discountCodeSchema, emailAddressSchema, idSchema, issuerClientIdSchema, requestIdSchema, requiredCorrelationIdSchema, returnUrlSchema, seatCountSchema } from './fields.js';

/**
 * POST /licensing/checkout/embedded (spec "Embedded checkout"), called by a seller's backend with
 * its account API key. Quantity is the number of seats on a seat-based offering (1 to
 * MAX_SEATS_PER_REQUEST, default 1); any other offering sells one license of one seat, so a
 * Quantity other than 1 is refused there (checked against the offering, ValidationError on Quantity).
 */
export const embeddedCheckoutSchema = z.object({
  offeringId: idSchema,
  correlationId: requiredCorrelationIdSchema,
  customerEmail: emailAddressSchema,
  issuerClientId: issuerClientIdSchema.optional(),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
  requestId: requestIdSchema.optional(),
  quantity: seatCountSchema.optional(),
  returnUrl: returnUrlSchema.optional(),
  /** Extension of the spec: the currency to pay in (one of the offering's prices; default: its default price). */
  currency: currencySchema.optional(),
  /** Extension of the spec: a discount code of the seller's. */
  discountCode: discountCodeSchema.optional(),
});
export type EmbeddedCheckoutInput = z.infer<typeof embeddedCheckoutSchema>;

/** POST /licensing/checkout/session/result. */
export const sessionResultRequestSchema = z.object({
  sessionId: idSchema,
});
