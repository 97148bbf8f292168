import { z } from 'zod';
import { guidKeySchema, requestIdSchema } from '../checkout/purchase-checkout.schema';

/** Items of one consumption batch (README "Runtime paths"). */
export const MAX_USAGE_ITEMS_PER_BATCH = 1000;
/** Units of one item; a larger use is several items. */
export const MAX_UNITS_PER_ITEM = 1_000_000_000;

/** POST /licensing/runtime/GenerateLicenseAuthorization. */
export const generateAuthorizationSchema = z.object({
  requestId: requestIdSchema,
  licenseId: z.string().min(1).max(100),
});
export type GenerateAuthorizationInput = z.infer<typeof generateAuthorizationSchema>;

/** A feature of the authorization: what the seat may do with it now. */
export const authorizedFeatureSchema = z.object({
  FeatureKey: z.string(),
  ServiceAccessLevel: z.enum(['Allowed', 'Denied']).nullable(),
  /** Uses of the feature allowed to this seat per rate window; null for no limit. */
  RateLimit: z.number().int().nullable(),
  RateWindowSeconds: z.number().int().nullable(),
  /** Units per allowance period; null for unlimited. */
  Allowance: z.number().int().nullable(),
  /** Units this seat has left in the current period; null for unlimited. 0: spent until PeriodEndUtc. */
  Remaining: z.number().int().nullable(),
  PeriodEndUtc: z.string().nullable(),
});

/**
 * The statement a license authorization signs (spec "License authorization"): its claims are a
 * token format, named as the spec names them, like `iss` and `exp` beside them; the REST answer
 * shows the same fields beside the compact JWS for readers. Not a wire mapping of a camelCase value:
 * the signed bytes are what clients verify.
 */
export const authorizationStatementSchema = z.object({
  AuthorizationId: z.string(),
  RequestId: z.string(),
  LicenseId: z.string(),
  SeatId: z.string(),
  LicenseClassification: z.number().int(),
  IssuedUtc: z.string(),
  ExpiresUtc: z.string(),
  Features: z.array(authorizedFeatureSchema),
});
export type AuthorizationStatement = z.infer<typeof authorizationStatementSchema>;

/** What the service answers: the compact JWS (ES256) and the statement it signs, also as the JSON it was serialised to once. */
export interface LicenseAuthorization {
  authorization: string;
  statement: AuthorizationStatement;
  statementJson: string;
}

export const usageItemSchema = z.object({
  featureKey: z.string().min(1).max(64),
  units: z.number().int('Units is a whole number.').min(1).max(MAX_UNITS_PER_ITEM),
  /** When the use happened (ISO 8601); kept with the item, for the seller's records. */
  timeUtc: z.iso.datetime({ offset: true }),
});

/** POST /consumption/runtime/messages: one batch of metered usage of one seat. */
export const usageBatchSchema = z.object({
  licenseId: z.string().min(1).max(100),
  /** The client's idempotency key for the batch: a batch sent again is counted once. */
  batchId: guidKeySchema('BatchId'),
  items: z.array(usageItemSchema).min(1).max(MAX_USAGE_ITEMS_PER_BATCH),
});
export type UsageBatchInput = z.infer<typeof usageBatchSchema>;

export const usageReceiptSchema = z.object({
  batchId: z.string(),
  /** Items in this request (on a duplicate none of them was counted: see Duplicate). */
  items: z.number().int(),
  /** True when this BatchId had been received before: nothing was counted again. */
  duplicate: z.boolean(),
  /** True when the credential was revoked: the usage is kept, never applied to allowance or billed. */
  dropped: z.boolean(),
});
export type UsageReceipt = z.infer<typeof usageReceiptSchema>;
