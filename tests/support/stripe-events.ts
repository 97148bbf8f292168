import type { Db } from '@/server/db';
import { applyProcessorEvent } from '@/server/orders/processor-events/apply-processor-event';
import { translateStripeEvent } from '@/server/payments/stripe/stripe-events';

/** What the webhook does with a verified Stripe event: translated by the Stripe adapter, applied by the domain. */
export async function applyStripeEvent(ctx: { db: Db }, event: Parameters<typeof translateStripeEvent>[0]) {
  const translated = translateStripeEvent(event);
  return translated ? applyProcessorEvent(ctx, translated) : 'ignored';
}
