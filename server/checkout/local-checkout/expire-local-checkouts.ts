import { z } from 'zod';
import type { Db } from '../../db';
import { localProcessorEvent } from '../../payments/local/local-adapter';
import { applyProcessorEvent } from '../../orders/processor-events/apply-processor-event';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';

/** How long a local checkout's hosted page takes a payment: Stripe's Checkout Sessions expire after 24 hours too. */
const LOCAL_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const LOCAL_CHECKOUT_EXPIRED_ERROR = 'Checkout expired.';

/**
 * Local-processor checkouts left unpaid past their lifetime fail as Stripe's expired sessions do
 * (the same PaymentFailed event, so the same rule runs: the checkout fails, `checkout.failed` is
 * recorded, and a discount code's redemption is given back). Run every 5 minutes.
 */
export async function expireLocalCheckouts(ctx: { db: Db }, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await ctx.db.checkout.findMany({
    where: { processor: 'local', status: 'pending', processorSessionId: { not: null }, createdAt: { lte: new Date(now.getTime() - LOCAL_CHECKOUT_LIFETIME_MS) } },
    select: { id: true, processorSessionId: true },
    take: 500,
  });
  let expired = 0;
  for (const checkout of due) {
    const effect = await applyProcessorEvent(ctx, localProcessorEvent({ type: 'PaymentFailed', checkoutId: checkout.id, processorSessionId: checkout.processorSessionId, subscriptionId: null, reason: LOCAL_CHECKOUT_EXPIRED_ERROR }));
    if (effect === 'failed') expired++;
  }
  if (expired > 0) logger.info({ expired }, 'local checkouts expired');
  return expired;
}

export const expireLocalCheckoutsJob = defineScheduledSweep({ data: z.object({}), cron: '*/5 * * * *', expireInSeconds: 5 * 60, run: (ctx) => expireLocalCheckouts(ctx) });
