import type { Db } from '../../db';
import { requestDataExportBuild } from './build-data-export';
import { dataExportViewSelect, toDataExportView, type DataExportView } from './data-export-view';

/**
 * A seller's request for an export of its data (docs/buyers-and-sellers.md "Exporting your data").
 * The Queued row is the job's record: written in one transaction, under a lock per seller, so a
 * seller has at most one export Queued or Running (a second request answers that one, even from two
 * instances at once); the build is asked for after the commit, and a sweep starts any whose request
 * was lost (resume-data-exports).
 */
export async function requestDataExport(ctx: { db: Db }, input: { sellerId: string; requestedById: string }): Promise<DataExportView> {
  const { row, created } = await ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`data-export:${input.sellerId}`}, 0))`;
    const open = await tx.dataExport.findFirst({
      where: { sellerId: input.sellerId, status: { in: ['Queued', 'Running'] } },
      orderBy: { createdAt: 'desc' },
      select: dataExportViewSelect,
    });
    if (open) return { row: open, created: false };
    return { row: await tx.dataExport.create({ data: { sellerId: input.sellerId, requestedById: input.requestedById }, select: dataExportViewSelect }), created: true };
  });
  if (created) await requestDataExportBuild(row.id);
  return toDataExportView(row);
}
