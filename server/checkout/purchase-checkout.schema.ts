import { z } from 'zod';
import { emailAddressSchema } from '../identity/accounts';

/** README "Embedded checkout": seats bought on one checkout. */
export const MAX_SEATS_PER_CHECKOUT = 1000;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// The same rule as one pattern, so the API document carries it too: a GUID that is not all zeros.
const NON_EMPTY_GUID = /^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A GUID idempotency key named `field`; the empty GUID is refused (it cannot tell attempts apart). */
export function guidKeySchema(field: string) {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!GUID.test(value)) ctx.addIssue({ code: 'invalid_format', format: 'regex', pattern: GUID.source, input: value, message: `${field} must be a GUID.` });
      else if (!NON_EMPTY_GUID.test(value)) ctx.addIssue({ code: 'custom', message: `${field} must not be the empty GUID.` });
    })
    .meta({ pattern: NON_EMPTY_GUID.source, format: 'uuid', description: 'A GUID, not all zeros.' })
    .transform((value) => value.toLowerCase());
}

export const requestIdSchema = guidKeySchema('RequestId');

/** Absolute http or https URL. */
export const returnUrlSchema = z
  .string()
  .max(2048)
  .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'An absolute http or https URL.', example: 'https://app.example.com/purchase-done' })
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
