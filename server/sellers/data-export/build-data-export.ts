import { Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { recordDataExportReadyEmail } from '../../mail/data-export-ready-mail';
import { csvStream } from '../../orders/spreadsheet-safe-csv';
import { defineJob, type JobContext } from '../../platform/jobs/job-definition';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { logger } from '../../platform/logging/logger';
import { EXPORT_FILES, type ExportFile } from './data-export-files';
import { DATA_EXPORT_KEPT_DAYS } from './data-export-view';

// The `build-data-export` job: one run per export, retried by the queue (BUILD_RETRY) when the
// database fails it mid-way; after the last attempt the export is Failed with a short reason. The
// files are read a page at a time and deflated into the ZIP as they are read; `progress` moves in
// steps of PROGRESS_STEP (a handful of writes, not one per row). The ZIP is kept in the row for
// DATA_EXPORT_KEPT_DAYS; the ready e-mail is recorded in the transaction that makes it Ready and
// sent after the commit.

const PROGRESS_STEP = 10;
/** CSV text handed to the deflater at a time. */
const DEFLATE_CHUNK_BYTES = 64 * 1024;
const BUILD_RETRY = { retryLimit: 2, retryDelay: 30, retryBackoff: true };

const buildDataExportData = z.object({ exportId: z.string().min(1) });

type BuildCtx = { db: Db; now?: () => Date };
type Attempt = Pick<JobContext, 'attempt' | 'lastAttempt'>;

/** After the commit of a requested export: its build starts now. A failure here loses nothing (resume-data-exports starts it). */
export async function requestDataExportBuild(exportId: string): Promise<void> {
  try {
    await enqueueJob('build-data-export', { exportId });
  } catch (error) {
    logger.warn({ err: error, exportId }, 'data export: could not start the build now; the resume sweep starts it');
  }
}

/**
 * Takes the export (Queued; or Running, for a retry of a run that failed or died), writes its ZIP and
 * makes it Ready. An export another run holds, or one already finished, is left alone.
 */
export async function buildDataExport(ctx: BuildCtx, exportId: string, attempt: Attempt = { attempt: 1, lastAttempt: true }): Promise<'ready' | 'skipped' | 'failed'> {
  const now = ctx.now ?? (() => new Date());
  const claimable = attempt.attempt === 1 ? ['Queued' as const] : ['Queued' as const, 'Running' as const];
  const claimed = await ctx.db.dataExport.updateMany({ where: { id: exportId, status: { in: claimable } }, data: { status: 'Running', progress: 0, failure: null } });
  if (claimed.count === 0) return 'skipped';
  const dataExport = await ctx.db.dataExport.findUniqueOrThrow({
    where: { id: exportId },
    select: { sellerId: true, seller: { select: { storeName: true, legalName: true, issuerClientId: true } }, requestedBy: { select: { email: true, erasedAt: true } } },
  });
  try {
    const file = await writeZip(ctx, exportId, dataExport.sellerId, now());
    const finishedAt = now();
    const expiresAt = new Date(finishedAt.getTime() + DATA_EXPORT_KEPT_DAYS * 86_400_000);
    const emailed = await ctx.db.$transaction(async (tx) => {
      const ready = await tx.dataExport.updateMany({
        where: { id: exportId, status: 'Running' },
        data: { status: 'Ready', progress: 100, file, fileBytes: file.byteLength, finishedAt, expiresAt, failure: null },
      });
      if (ready.count === 0 || dataExport.requestedBy.erasedAt) return false;
      const storeName = dataExport.seller.storeName ?? dataExport.seller.legalName ?? dataExport.seller.issuerClientId;
      await recordDataExportReadyEmail(tx, { to: dataExport.requestedBy.email, storeName, expiresAt });
      return true;
    });
    if (emailed) await requestEmailDelivery();
    logger.info({ exportId, sellerId: dataExport.sellerId, fileBytes: file.byteLength }, 'data export: ready');
    return 'ready';
  } catch (error) {
    if (!attempt.lastAttempt) {
      logger.warn({ err: error, exportId, attempt: attempt.attempt }, 'data export: the build failed; it will be retried');
      throw error;
    }
    const failure = error instanceof DomainError ? error.message : 'The export could not be built. Request a new one; if it fails again, contact support.';
    await ctx.db.dataExport.updateMany({ where: { id: exportId, status: 'Running' }, data: { status: 'Failed', failure: failure.slice(0, 500), finishedAt: now() } });
    logger.error({ err: error, exportId, attempt: attempt.attempt }, 'data export: the build failed on its last attempt; the export is Failed');
    return 'failed';
  }
}

/** The ZIP of every export file, deflated as the rows arrive. */
async function writeZip(ctx: BuildCtx, exportId: string, sellerId: string, startedAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const output: Uint8Array[] = [];
  const deflater: { error?: Error } = {};
  const zip = new Zip((error, chunk) => {
    if (error) deflater.error = error;
    else output.push(chunk);
  });
  const counts = await Promise.all(EXPORT_FILES.map((file) => file.count(ctx, sellerId)));
  const progress = progressWriter(ctx.db, exportId, counts.reduce((sum, count) => sum + count, 0));
  for (const [index, file] of EXPORT_FILES.entries()) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    entry.mtime = startedAt;
    zip.add(entry);
    await deflateCsv(ctx, sellerId, file, entry, () => progress.advance(counts[index]!));
    progress.finishFile(counts[index]!);
    if (deflater.error) throw deflater.error;
  }
  zip.end();
  if (deflater.error) throw deflater.error;
  const bytes = new Uint8Array(output.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of output) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function deflateCsv(ctx: BuildCtx, sellerId: string, file: ExportFile, entry: ZipDeflate, onRow: () => Promise<void>): Promise<void> {
  async function* counted() {
    for await (const row of file.rows(ctx, sellerId)) {
      await onRow();
      yield row;
    }
  }
  const reader = csvStream(file.header, counted(), (row) => row).getReader();
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = (final: boolean) => {
    const chunk = new Uint8Array(pendingBytes);
    let offset = 0;
    for (const part of pending) {
      chunk.set(part, offset);
      offset += part.byteLength;
    }
    entry.push(chunk, final);
    pending = [];
    pendingBytes = 0;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending.push(value);
    pendingBytes += value.byteLength;
    if (pendingBytes >= DEFLATE_CHUNK_BYTES) flush(false);
  }
  flush(true);
}

/** Writes the export's progress each time it passes a step (0 … 90; 100 is written with Ready). */
function progressWriter(db: Db, exportId: string, total: number) {
  let done = 0;
  let inFile = 0;
  let written = 0;
  const write = async () => {
    const percent = total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
    const step = percent - (percent % PROGRESS_STEP);
    if (step <= written) return;
    written = step;
    await db.dataExport.updateMany({ where: { id: exportId, status: 'Running' }, data: { progress: step } });
  };
  return {
    /** One row of a file expected to have `expected` rows (a file may hold more than counted: the count caps it). */
    async advance(expected: number) {
      if (inFile >= expected) return;
      inFile++;
      done++;
      await write();
    },
    finishFile(expected: number) {
      done += Math.max(0, expected - inFile);
      inFile = 0;
    },
  };
}

/** Builds one export: the request's commit starts it (requestDataExportBuild), the resume sweep any lost one. */
export const buildDataExportJob = defineJob({
  data: buildDataExportData,
  handle: (data, ctx) => buildDataExport(ctx, data.exportId, ctx),
  retry: BUILD_RETRY,
  expireInSeconds: 30 * 60,
  concurrency: 1,
});

/** How long after its request a Running export is taken for dead (resume-data-exports): longer than its 3 attempts of at most 30 minutes and the waits between. */
export const STALE_RUNNING_MS = 2 * 60 * 60_000;
