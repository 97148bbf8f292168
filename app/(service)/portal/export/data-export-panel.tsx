'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { buttonSecondary } from '@/app/components/buttons';
import { LoadFailure } from '@/app/components/load-failure';
import { FormattedDateTime } from '@/app/components/formatted';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import type { DataExportView } from '@/server/entry/shared';

/** How often the list is read again while an export is being built. */
const POLL_MS = 1_500;

const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';

const inProgress = (entry: DataExportView) => entry.status === 'Queued' || entry.status === 'Running';

export function DataExportPanel() {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const exports = useQuery(
    trpc.dataExport.list.queryOptions(undefined, { refetchInterval: (query) => (query.state.data?.some(inProgress) ? POLL_MS : false) }),
  );
  const request = useMutation(trpc.dataExport.request.mutationOptions({ onSuccess: () => refetchAfterChange(trpc.dataExport.list.queryKey()) }));
  const headingId = useId();
  const building = exports.data?.some(inProgress) ?? false;

  return (
    <section aria-labelledby={headingId} aria-busy={exports.isPending} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Your exports
        </h2>
        <button type="button" className={buttonPrimary} disabled={request.isPending || building} onClick={() => request.mutate()}>
          {building ? 'Export in progress…' : request.isPending ? 'Requesting…' : 'Request an export'}
        </button>
      </div>
      {request.isError && (
        <p role="alert" className="text-sm text-red-800">
          Could not request the export: {request.error.message}
        </p>
      )}
      {exports.isPending && <p className="text-slate-600">Loading your exports…</p>}
      {exports.isError && <LoadFailure what="your exports" message={exports.error.message} retry={() => void exports.refetch()} />}
      {exports.isSuccess && exports.data.length === 0 && <p className="text-slate-600">No export yet. Request one to download your data.</p>}
      {exports.isSuccess && exports.data.length > 0 && (
        <ul aria-label="Exports" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {exports.data.map((entry) => (
            <ExportRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportRow({ entry }: { entry: DataExportView }) {
  const progressId = useId();
  return (
    <li data-testid="data-export-row" data-status={entry.status} className="flex flex-col gap-3 p-4 text-sm md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">
          Requested <FormattedDateTime value={entry.createdAt} />
        </p>
        {inProgress(entry) && (
          <div className="space-y-1">
            <p id={progressId} role="status" className="text-slate-700">
              {entry.status === 'Queued' ? 'Waiting to start…' : `Building: ${entry.progress}%`}
            </p>
            <progress aria-labelledby={progressId} max={100} value={entry.progress} className="h-2 w-full max-w-xs accent-indigo-600" />
          </div>
        )}
        {entry.status === 'Ready' && entry.downloadable && entry.expiresAt && (
          <p className="text-slate-700">
            Ready{entry.fileBytes !== null ? ` (${formatSize(entry.fileBytes)})` : ''}. Kept until <FormattedDateTime value={entry.expiresAt} />.
          </p>
        )}
        {entry.status === 'Ready' && !entry.downloadable && <p className="text-slate-600">Expired: its file was deleted. Request a new export.</p>}
        {entry.status === 'Failed' && (
          <p role="alert" className="text-red-800">
            Failed: {entry.failure ?? 'the export could not be built.'}
          </p>
        )}
      </div>
      {entry.downloadable && (
        // A plain link: the download route answers the ZIP as an attachment.
        <a href={`/portal/export/${encodeURIComponent(entry.id)}`} download className={`${buttonSecondary} self-start text-center md:self-auto`}>
          Download ZIP
        </a>
      )}
    </li>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
