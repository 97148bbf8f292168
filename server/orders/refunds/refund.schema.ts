import { z } from 'zod';
import { requestIdSchema } from '../../checkout/purchase-checkout.schema';

// POST /licensing-mgmt/orders/{orderId}/refunds (docs/payments.md "Refunds"): the request and the answer,
// camelCase; their wire twins (PascalCase) are derived by wireObject.

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

const utc = z.iso.datetime();

export const refundViewSchema = z.object({
  refundId: z.string(),
  orderId: z.string(),
  /** This refund, major units of `currency`. */
  amount: z.number(),
  currency: z.string(),
  /** `pending` until the processor confirms it, then `succeeded`; `failed` when it refused it for good. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  source: z.enum(['seller', 'processor']),
  license: z.enum(REFUND_LICENSE_ACTIONS),
  reason: z.string().nullable(),
  createdUtc: utc,
  /** The order after this refund: what it charged, what is refunded in all, what is left to refund. */
  order: z.object({ amount: z.number(), refunded: z.number(), refundable: z.number() }),
  /** The order's license after this refund (its status: Cancelled when revoked). */
  licenseStatus: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundViewSchema>;
