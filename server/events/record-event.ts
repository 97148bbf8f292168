import type { Tx } from '../db';
import type { EventData, EventType } from './event-types';
import { signalDeliveries } from './webhooks/delivery-topic';

// The outbox of domain events. An event is recorded by the transaction of the change it tells of
// (a rolled-back change records nothing), numbered per seller in commit order (by the database, at
// the commit: migration numbered_at_commit), and fanned out in
// the same transaction to every enabled endpoint of the seller that takes its type; the deliveries
// are sent after the commit by the job worker (delivery-signal.ts, deliver-webhooks.ts).

export interface RecordedEvent {
  id: string;
  deliveries: number;
}

/**
 * Records one event inside `tx` (a transaction of the change). Its deliveries are signalled at the
 * commit (delivery-signal.ts); the minute's run of deliver-webhooks sends whatever a lost signal left.
 */
export async function recordEvent<T extends EventType>(tx: Tx, event: { sellerId: string; type: T; licenseId?: string | null; data: EventData[T] }): Promise<RecordedEvent> {
  const recorded = await tx.event.create({
    data: { sellerId: event.sellerId, type: event.type, licenseId: event.licenseId ?? null, data: event.data },
    select: { id: true },
  });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { sellerId: event.sellerId, enabled: true, OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: event.type } }] },
    select: { id: true },
  });
  if (endpoints.length > 0) {
    await tx.webhookDelivery.createMany({ data: endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: recorded.id })) });
    await signalDeliveries(tx, event.sellerId);
  }
  const deliveries = endpoints.length;
  return { id: recorded.id, deliveries };
}

