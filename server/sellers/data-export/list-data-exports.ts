import type { Db } from '../../db';
import { dataExportViewSelect, toDataExportView, type DataExportView } from './data-export-view';

const LISTED_EXPORTS = 5;

/** The seller's latest exports, newest first, with their status and progress. */
export async function listDataExports(ctx: { db: Db; now?: Date }, input: { sellerId: string }): Promise<DataExportView[]> {
  const rows = await ctx.db.dataExport.findMany({ where: { sellerId: input.sellerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: LISTED_EXPORTS, select: dataExportViewSelect });
  return rows.map((row) => toDataExportView(row, ctx.now));
}
