import type { Db } from '../db';
import { csvStream, type CsvValue } from '../orders/spreadsheet-safe-csv';
import { iterateAuditLog, type AuditEntryView, type AuditLogFilter } from './list-audit-log';

const AUDIT_CSV_HEADER = ['Sequence', 'At (UTC)', 'Actor type', 'Actor', 'Actor id', 'Role', 'Scopes', 'Surface', 'Operation', 'Action', 'Target type', 'Target id', 'Changes', 'IP address', 'User agent', 'Correlation id'] as const;

function auditCsvCells(entry: AuditEntryView): CsvValue[] {
  return [
    entry.sequence,
    entry.atUtc,
    entry.actorType,
    entry.actorLabel,
    entry.actorId,
    entry.actorRole,
    entry.actorScopes.join(' '),
    entry.surface,
    entry.operation,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.changes ? JSON.stringify(entry.changes) : '',
    entry.ipAddress,
    entry.userAgent,
    entry.correlationId,
  ];
}

/** The seller's entries matching the page's filter (every page of it, newest first) as CSV. */
export function auditLogCsv(ctx: { db: Db }, input: AuditLogFilter & { sellerId: string }): ReadableStream<Uint8Array> {
  return csvStream(AUDIT_CSV_HEADER, iterateAuditLog(ctx, input), auditCsvCells);
}
