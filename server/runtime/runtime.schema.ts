import { z } from 'zod';

// The runtime requests (authorization, usage batch) are the contract's (shared with the client library).
export {
  generateAuthorizationSchema,
  usageBatchSchema,
  type GenerateAuthorizationInput,
  type UsageBatchInput,
} from '../../sdk/src/contract/runtime';

/** A feature of the authorization: what the seat may do with it now. */
const authorizedFeatureSchema = z.object({
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
  /** The device the authorization is for, when the request named one (null: a fingerprint not activated, on a license without a device limit). */
  DeviceId: z.string().nullable().optional(),
  Fingerprint: z.string().optional(),
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
