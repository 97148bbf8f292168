import { z } from 'zod';

/** README "Embedded checkout": seats bought on one checkout. */
export const MAX_SEATS_PER_CHECKOUT = 1000;

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** A GUID idempotency key; the empty GUID is refused (it cannot tell attempts apart). */
export const requestIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'RequestId must be a GUID.')
  .refine((value) => value !== EMPTY_GUID, 'RequestId must not be the empty GUID.')
  .transform((value) => value.toLowerCase());

/** Absolute http or https URL. */
export const returnUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an absolute http or https URL.');

export const correlationIdSchema = z.string().max(128, 'CorrelationId is at most 128 characters.');

/** POST /purchase/checkout (spec "Purchase API"). The SDK validates with this same schema. */
export const purchaseCheckoutSchema = z.object({
  requestId: requestIdSchema,
  offeringId: z.string().min(1).max(100),
  issuerClientId: z.string().min(1).max(100),
  correlationId: correlationIdSchema.optional(),
  successUrl: returnUrlSchema.optional(),
  cancelUrl: returnUrlSchema.optional(),
  originContext: z.enum(['web', 'mobile_app']).optional(),
});

export type PurchaseCheckoutInput = z.infer<typeof purchaseCheckoutSchema>;

/**
 * The storefront's Buy button (tRPC, the signed-in buyer): the purchase checkout's offering plus,
 * on a seat-based offering, the seats wanted. The REST purchase API has no Quantity (spec).
 */
export const storefrontPurchaseSchema = purchaseCheckoutSchema.pick({ issuerClientId: true, offeringId: true }).extend({
  quantity: z.number().int('Seats are a whole number.').min(1).max(MAX_SEATS_PER_CHECKOUT).optional(),
});

export const checkoutSessionSchema = z.object({
  SessionId: z.string(),
  SessionUrl: z.string().nullable(),
  ClaimUrl: z.string().optional(),
});

export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
