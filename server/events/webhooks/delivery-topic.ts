import type { Tx } from '../../db';
import { defineInvalidationTopic, publishInvalidation } from '../../platform/invalidation/invalidation';

// "Deliveries are waiting": a NOTIFY sent at the commit of the transaction that made them
// (delivery-signal.ts starts the worker's pass on it).

export const WEBHOOK_DELIVERY_TOPIC = defineInvalidationTopic('webhook-deliveries');

/** Inside the transaction that made deliveries: at its commit, the workers deliver. */
export function signalDeliveries(tx: Tx, sellerId: string): Promise<void> {
  return publishInvalidation({ db: tx }, WEBHOOK_DELIVERY_TOPIC, sellerId);
}

