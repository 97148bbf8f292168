import type { DataExportStatus, Prisma } from '@/generated/prisma/client';

/** How long a finished export's file is kept for download. */
export const DATA_EXPORT_KEPT_DAYS = 7;

/** What the portal shows of an export: never the file itself. */
export interface DataExportView {
  id: string;
  status: DataExportStatus;
  /** 0 to 100. */
  progress: number;
  createdAt: Date;
  finishedAt: Date | null;
  /** Until when the file can be downloaded (Ready exports). */
  expiresAt: Date | null;
  fileBytes: number | null;
  /** Why it failed (Failed exports). */
  failure: string | null;
  /** Ready, and its file still kept: the download works. */
  downloadable: boolean;
}

/** The columns of a view: the file stays in the database. */
export const dataExportViewSelect = {
  id: true,
  status: true,
  progress: true,
  createdAt: true,
  finishedAt: true,
  expiresAt: true,
  fileBytes: true,
  failure: true,
} satisfies Prisma.DataExportSelect;

type DataExportRecord = Prisma.DataExportGetPayload<{ select: typeof dataExportViewSelect }>;

export function toDataExportView(row: DataExportRecord, now: Date = new Date()): DataExportView {
  return { ...row, downloadable: row.status === 'Ready' && row.expiresAt !== null && row.expiresAt > now && row.fileBytes !== null };
}
