import type { Db } from '../../db';
import { onInvalidation } from '../../platform/invalidation/invalidation';
import { logger } from '../../platform/logging/logger';
import { deliverDueWebhooks } from './deliver-webhooks';
import { WEBHOOK_DELIVERY_TOPIC } from './delivery-topic';

// "Deliveries are waiting", told at the commit of the transaction that made them: a NOTIFY on the
// one LISTEN/NOTIFY channel of the service (platform/invalidation), which PostgreSQL sends only if
// the transaction commits. Every instance running the job worker starts a delivery pass at once
// (claims are SKIP LOCKED with a lease, so passes on several instances share the work and never send
// one delivery twice at the same time). No service has to remember to ask after its commit, and a
// lost signal loses nothing: the minute's run of deliver-webhooks sends what is due.

/**
 * Worker instances: a delivery pass on each signal, one pass at a time; a signal during a pass runs
 * one more after it (what the signal announced may have committed after the pass looked).
 * A pass runs at once too. Returns the function that stops watching.
 */
export function watchWebhookDeliveries(db: () => Db): () => void {
  let running: Promise<unknown> | null = null;
  let again = false;
  const pass = () => {
    if (running) {
      again = true;
      return;
    }
    running = deliverDueWebhooks({ db: db() })
      .catch((error: unknown) => logger.warn({ err: error }, 'webhooks: a delivery pass failed; the next signal or the minute run goes on'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const stop = onInvalidation(WEBHOOK_DELIVERY_TOPIC, pass);
  // A worker that starts (after a crash, say) sends what is due at once, not at the next minute.
  pass();
  return stop;
}
