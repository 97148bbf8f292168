import { z } from 'zod';
import { idSchema, MAX_ID_LENGTH, requestIdSchema, requiredCorrelationIdSchema, seatCountSchema } from './fields.js';

// The request shapes of the management API (README "Management API"), camelCase. Every write carries
// a RequestId: the same request again gets the first answer.

export const createLicenseSchema = z.object({
  requestId: requestIdSchema,
  offeringId: idSchema,
  /** The tenant id: the license is bound to it. */
  correlationId: requiredCorrelationIdSchema,
  seats: seatCountSchema,
});
export type CreateLicenseInput = z.infer<typeof createLicenseSchema>;

export const addSeatsSchema = z.object({ requestId: requestIdSchema, quantity: seatCountSchema });
export type AddSeatsInput = z.infer<typeof addSeatsSchema>;

/** A write with nothing to say but its RequestId (retire, revoke, cancel, suspend, resume). */
export const requestOnlySchema = z.object({ requestId: requestIdSchema });

export const issueSeatCodeSchema = z.object({
  requestId: requestIdSchema,
  /** What the code is for (a machine's name, a deployment): shown in listings, never secret. */
  label: z.string().trim().min(1, 'Give the code a label, e.g. the machine it is for.').max(100),
});
export type IssueSeatCodeInput = z.infer<typeof issueSeatCodeSchema>;

export const bindTenantSchema = z.object({ requestId: requestIdSchema, correlationId: requiredCorrelationIdSchema });
export type BindTenantInput = z.infer<typeof bindTenantSchema>;

/** GET /licensing-mgmt/licenses?correlationId=<tenant_id>: licenses per page at most. */
export const MAX_LICENSES_PAGE = 100;

export const licensesByCorrelationIdQuerySchema = z.object({
  correlationId: requiredCorrelationIdSchema,
  /** Licenses per page (1-100, default 100). */
  limit: z.coerce.number().int().min(1).max(MAX_LICENSES_PAGE).default(MAX_LICENSES_PAGE),
  /** The NextCursor of the previous page. */
  cursor: z.string().min(1).max(MAX_ID_LENGTH).optional(),
});

// POST /licensing-mgmt/orders/{orderId}/refunds (README "Refunds").

export const REFUND_LICENSE_ACTIONS = ['revoke', 'keep'] as const;
export type RefundLicenseAction = (typeof REFUND_LICENSE_ACTIONS)[number];

export const refundOrderSchema = z.object({
  requestId: requestIdSchema,
  /** In the order's currency, major units like BaseRate (10.5 = $10.50); absent: all that is left to refund. */
  amount: z.number().positive('Amount must be more than 0.').max(1e13).optional(),
  /** The seller's words, kept with the refund (never sent to the buyer's bank). */
  reason: z.string().trim().min(1).max(500).optional(),
  /** What becomes of the license: `revoke` (the default when the refund leaves nothing to refund) or `keep` (the default for a partial one). */
  license: z.enum(REFUND_LICENSE_ACTIONS).optional(),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;
