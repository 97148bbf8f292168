import { z } from 'zod';

/** Spec "Checkout result". SeatIds appear on tenant (seat) checkouts only. */
export const checkoutResultSchema = z.object({
  Status: z.enum(['pending', 'completed', 'failed']),
  CorrelationId: z.string().nullable(),
  EncodedCredential: z.string().nullable(),
  LicenseId: z.string().nullable(),
  OfferingId: z.string().nullable(),
  SeatIds: z.array(z.string()).optional(),
  Error: z.string().nullable(),
});

export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Spec: while pending, the result carries `Retry-After: 3`. */
export const PENDING_RETRY_AFTER_SECONDS = 3;
