import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { DataExportIdInput } from './data-export.schema';

export interface DataExportFile {
  filename: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The ZIP of one of the seller's Ready exports, while it is kept. Another seller's export, one not
 * finished, and one whose file expired are all NotFound (the page says which it is).
 */
export async function getDataExportFile(ctx: { db: Db; now?: Date }, input: DataExportIdInput & { sellerId: string }): Promise<DataExportFile> {
  const now = ctx.now ?? new Date();
  const row = await ctx.db.dataExport.findFirst({
    where: { id: input.exportId, sellerId: input.sellerId },
    select: { status: true, file: true, expiresAt: true, createdAt: true, seller: { select: { issuerClientId: true } } },
  });
  if (!row || row.status !== 'Ready') throw new DomainError('NotFound', 'No finished export of your store has this id.');
  if (!row.file || !row.expiresAt || row.expiresAt <= now) throw new DomainError('NotFound', 'This export has expired and its file was deleted; request a new one.');
  const safeName = row.seller.issuerClientId.replace(/[^A-Za-z0-9._-]/g, '-');
  return { filename: `${safeName}-data-${row.createdAt.toISOString().slice(0, 10)}.zip`, bytes: new Uint8Array(row.file) };
}
