import { z } from 'zod';
import { REFUND_LICENSE_ACTIONS } from '../../../sdk/src/contract/management';

// POST /licensing-mgmt/orders/{orderId}/refunds (docs/payments.md "Refunds"): the request is the contract's
// (shared with the client library); the answer, camelCase, is the service's.
export { refundOrderSchema, type RefundLicenseAction, type RefundOrderInput } from '../../../sdk/src/contract/management';

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
