import { z } from 'zod';

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

export const checkoutSessionSchema = z.object({
  SessionId: z.string(),
  SessionUrl: z.string().nullable(),
  ClaimUrl: z.string().optional(),
});

export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
