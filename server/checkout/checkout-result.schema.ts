import { z } from 'zod';

/** Spec "Checkout result". SeatIds appear on tenant (seat) checkouts only. */
export const checkoutResultSchema = z.object({
  status: z.enum(['pending', 'completed', 'failed']),
  correlationId: z.string().nullable(),
  encodedCredential: z.string().nullable(),
  licenseId: z.string().nullable(),
  offeringId: z.string().nullable(),
  seatIds: z.array(z.string()).optional(),
  error: z.string().nullable(),
});

export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Spec: while pending, the result carries `Retry-After: 3`. */
export const PENDING_RETRY_AFTER_SECONDS = 3;
