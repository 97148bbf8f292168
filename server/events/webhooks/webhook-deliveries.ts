import { z } from 'zod';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { signalDeliveries } from './delivery-topic';

// The delivery log of an endpoint (the portal shows it) and "resend": a delivery sent again with
// the same webhook-id, its attempts counted afresh.

const DELIVERY_LOG_SIZE = 50;

export const deliveryLogQuerySchema = z.object({ endpointId: z.string().min(1).max(100) });
export const resendDeliverySchema = z.object({ deliveryId: z.string().min(1).max(100) });

export interface DeliveryLogEntry {
  id: string;
  webhookId: string;
  eventType: string;
  sequence: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

export async function listDeliveries(ctx: { db: Db }, input: { sellerId: string; endpointId: string }): Promise<DeliveryLogEntry[]> {
  const endpoint = await ctx.db.webhookEndpoint.findFirst({ where: { id: input.endpointId, sellerId: input.sellerId }, select: { id: true } });
  if (!endpoint) throw new DomainError('NotFound', 'No webhook endpoint with that id.');
  const rows = await ctx.db.webhookDelivery.findMany({
    where: { endpointId: endpoint.id },
    include: { event: { select: { type: true, sequence: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: DELIVERY_LOG_SIZE,
  });
  return rows.map((row) => ({
    id: row.id,
    webhookId: `msg_${row.id}`,
    eventType: row.event.type,
    sequence: Number(row.event.sequence),
    status: row.status,
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt,
    lastStatus: row.lastStatus,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    createdAt: row.createdAt,
  }));
}

/** Sends a delivery again now (same webhook-id); a pending one is simply brought forward. */
export async function resendDelivery(ctx: { db: Db }, input: { sellerId: string; deliveryId: string }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: input.deliveryId, endpoint: { sellerId: input.sellerId } },
      data: { status: 'pending', attempts: 0, nextAttemptAt: new Date() },
    });
    if (moved.count === 0) throw new DomainError('NotFound', 'No webhook delivery with that id.');
    await signalDeliveries(tx, input.sellerId);
  });
}
