import { z } from 'zod';
import type { Db } from '../db';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { PING_EVENT_TYPE } from './event-types';

// The events feed (GET /licensing-mgmt/events): a seller's events oldest first, by their sequence,
// for catch-up after downtime and for backends that cannot receive webhooks. A seller's numbers
// follow the commit order (record-event.ts), so a reader that asks for what comes after the last
// number it saw never misses an event. Events are kept 30 days.

export const EVENTS_KEPT_DAYS = 30;
const EVENTS_PAGE_MAX = 100;

export const eventsQuerySchema = z.object({
  /** The Sequence of the last event read; left out, the feed starts at the oldest event kept. */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(50),
});

const eventViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  sequence: z.number().int(),
  createdUtc: z.string(),
  licenseId: z.string().nullable(),
  /** The event's data, PascalCase, exactly as its webhook carries it. */
  data: z.record(z.string(), z.unknown()),
});

export const eventPageSchema = z.object({
  events: z.array(eventViewSchema),
  /** Pass as `after` for the next page: the last Sequence of this page, or the same cursor when it is empty. */
  nextCursor: z.number().int(),
  hasMore: z.boolean(),
});

export type EventsQuery = z.input<typeof eventsQuerySchema>;
export type EventPage = z.infer<typeof eventPageSchema>;

export async function listEvents(ctx: { db: Db }, input: EventsQuery & { sellerId: string }): Promise<EventPage> {
  const { after, limit } = eventsQuerySchema.parse(input);
  const rows = await ctx.db.event.findMany({
    where: { sellerId: input.sellerId, type: { not: PING_EVENT_TYPE }, ...(after !== undefined ? { sequence: { gt: BigInt(after) } } : {}) },
    orderBy: { sequence: 'asc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({ id: row.id, type: row.type, sequence: Number(row.sequence), createdUtc: row.createdAt.toISOString(), licenseId: row.licenseId, data: row.data as Record<string, unknown> })),
    nextCursor: page.length > 0 ? Number(page.at(-1)!.sequence) : (after ?? 0),
    hasMore: rows.length > limit,
  };
}

/** Daily: events older than 30 days go, with their deliveries (long finished: retries end after three days). */
export const pruneEventsJob = defineScheduledSweep({
  data: z.object({}),
  cron: '17 3 * * *',
  expireInSeconds: 30 * 60,
  run: async (ctx) => ctx.db.event.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - EVENTS_KEPT_DAYS * 86_400_000) } } }),
});
