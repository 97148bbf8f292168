import { z } from 'zod';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '../db';

// The seller's audit log (GET /licensing-mgmt/audit-log, the portal's audit page): who changed what,
// when and from where, one entry per changed row (written by the database's audit triggers, in the
// change's own transaction) and one per portal sign-in. Entries are numbered 1, 2, 3, … per seller
// in commit order, so a reader that asks for what comes after the last number it saw misses none.
// Kept 400 days (prune-audit-log.ts).

const AUDIT_PAGE_MAX = 100;
const sequenceCursor = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const auditLogFilterSchema = z.object({
  /** Who acted: a member's account id or e-mail address, an API key's id or label, or `operator`. */
  actor: z.string().trim().min(1).max(320).optional(),
  /** The action, exactly (`license.updated`, `member.signed_in`, …). */
  action: z.string().trim().min(1).max(100).optional(),
  /** The changed row's id (a license's, an offering's, …). */
  targetId: z.string().trim().min(1).max(200).optional(),
  /** Entries at or after this moment (ISO 8601). */
  from: z.coerce.date().optional(),
  /** Entries before this moment (ISO 8601). */
  to: z.coerce.date().optional(),
});

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  /** The Sequence of the last entry read; left out, the log starts at the oldest entry kept. */
  after: sequenceCursor.optional(),
  /** Newest first instead: entries before this Sequence (the portal's pages). */
  before: sequenceCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

const auditChangeSchema = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });

const auditEntryViewSchema = z.object({
  id: z.string(),
  sequence: z.number().int(),
  atUtc: z.string(),
  actorType: z.enum(['Member', 'ApiKey', 'Operator']),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  actorRole: z.string().nullable(),
  actorScopes: z.array(z.string()),
  surface: z.enum(['Portal', 'ManagementApi', 'Mcp', 'Operator']),
  operation: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The fields that changed, by column name: Before (absent on create) and After (absent on delete). */
  changes: z.record(z.string(), auditChangeSchema).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  correlationId: z.string().nullable(),
});

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntryViewSchema),
  /** Pass as `after` (or, newest first, as `before`) for the next page: the last Sequence of this page, or the same cursor when it is empty. */
  nextCursor: z.number().int(),
  hasMore: z.boolean(),
});

export type AuditLogFilter = z.input<typeof auditLogFilterSchema>;
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

type AuditEntryRow = Prisma.AuditEntryGetPayload<object>;

function whereOf(sellerId: string, filter: z.output<typeof auditLogFilterSchema>): Prisma.AuditEntryWhereInput {
  return {
    sellerId,
    ...(filter.actor !== undefined && { OR: [{ actorId: filter.actor }, { actorLabel: { equals: filter.actor, mode: 'insensitive' } }] }),
    ...(filter.action !== undefined && { action: filter.action }),
    ...(filter.targetId !== undefined && { targetId: filter.targetId }),
    ...((filter.from !== undefined || filter.to !== undefined) && { at: { ...(filter.from && { gte: filter.from }), ...(filter.to && { lt: filter.to }) } }),
  };
}

function changesOf(stored: Prisma.JsonValue | null): AuditEntryView['changes'] {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  return Object.fromEntries(
    Object.entries(stored).map(([field, change]) => {
      const { Before, After } = (change ?? {}) as { Before?: unknown; After?: unknown };
      return [field, { ...(Before !== undefined && { before: Before }), ...(After !== undefined && { after: After }) }];
    }),
  );
}

function auditEntryView(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    atUtc: row.at.toISOString(),
    actorType: row.actorType,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    actorRole: row.actorRole,
    actorScopes: row.actorScopes,
    surface: row.surface,
    operation: row.operation,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: changesOf(row.changes),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    correlationId: row.correlationId,
  };
}

/** A page of the seller's entries matching the filter: oldest first after `after`, or newest first before `before`. */
export async function listAuditLog(ctx: { db: Db }, input: AuditLogQuery & { sellerId: string }): Promise<AuditLogPage> {
  const { after, before, limit, ...filter } = auditLogQuerySchema.parse(input);
  const newestFirst = before !== undefined && after === undefined;
  const where = whereOf(input.sellerId, filter);
  const rows = await ctx.db.auditEntry.findMany({
    where: { ...where, ...(newestFirst ? { sequence: { lt: BigInt(before) } } : after !== undefined && { sequence: { gt: BigInt(after) } }) },
    orderBy: { sequence: newestFirst ? 'desc' : 'asc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    entries: page.map(auditEntryView),
    nextCursor: page.length > 0 ? Number(page.at(-1)!.sequence) : ((newestFirst ? before : after) ?? 0),
    hasMore: rows.length > limit,
  };
}

const EXPORT_BATCH = 500;

/** Every entry matching the filter, newest first, read in batches (the CSV export). */
export async function* iterateAuditLog(ctx: { db: Db }, input: AuditLogFilter & { sellerId: string }): AsyncGenerator<AuditEntryView> {
  const where = whereOf(input.sellerId, auditLogFilterSchema.parse(input));
  let before: bigint | undefined;
  for (;;) {
    const rows = await ctx.db.auditEntry.findMany({
      where: { ...where, ...(before !== undefined && { sequence: { lt: before } }) },
      orderBy: { sequence: 'desc' },
      take: EXPORT_BATCH,
    });
    for (const row of rows) yield auditEntryView(row);
    if (rows.length < EXPORT_BATCH) return;
    before = rows.at(-1)!.sequence;
  }
}
