import { z } from 'zod';

/** The one input of the buyer's billing operations: the license (a subscription) they act on. */
export const subscriptionBillingInputSchema = z.object({ licenseId: z.string().min(1).max(100) });
export type SubscriptionBillingInput = z.infer<typeof subscriptionBillingInputSchema>;
