import type { Metadata } from 'next';
import Link from 'next/link';
import type { AuditEntryView } from '@licensing/core';
import { filterQuery, firstSearchParam } from '@/app/components/pager';
import { FormattedDateTime } from '@/app/components/formatted';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { api, portalMe } from '@/app/trpc-server';
import { SellerWelcome } from '../seller-welcome';
import { auditFilterOf } from './audit-filter';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 50;
const SURFACE_WORDS: Record<AuditEntryView['surface'], string> = { Portal: 'portal', ManagementApi: 'management API', Mcp: 'MCP tool', Operator: 'operator command' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLogPage({ searchParams }: Props) {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  if (!(await mayDo('audit:read'))) return <RoleNotice needs="audit:read" page="Audit log" back={{ href: '/portal', label: 'Back to the overview' }} />;
  const raw = await searchParams;
  const { form, filter } = auditFilterOf(raw);
  const before = Number(firstSearchParam(raw.before));
  const cursor = Number.isSafeInteger(before) && before > 0 ? before : undefined;
  const page = await api.audit.list({ ...filter, before: cursor ?? Number.MAX_SAFE_INTEGER, limit: PAGE_SIZE });
  const formQuery = filterQuery(form);
  const olderQuery = new URLSearchParams(formQuery);
  olderQuery.set('before', String(page.nextCursor));
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Audit log</h1>
        <p className="max-w-2xl text-slate-600">
          Who changed what in your store, newest first: every change made in the portal, with an API key, through the MCP tools or by the operator, and every sign-in to the portal.
          Entries cannot be changed or deleted; they are kept 400 days.
        </p>
      </header>
      <form role="search" aria-label="Filter the audit log" action="/portal/audit" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
        <TextField name="actor" label="Member or key" value={form.actor} hint="E-mail, key label or id" />
        <TextField name="action" label="Action" value={form.action} hint="e.g. license.updated" />
        <TextField name="target" label="Target id" value={form.target} />
        <TextField name="from" label="From" type="date" value={form.from} />
        <TextField name="to" label="To" type="date" value={form.to} />
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
          Filter
        </button>
      </form>
      <p className="flex flex-wrap items-center gap-4 text-sm">
        <span data-testid="audit-count" className="text-slate-600">
          {page.entries.length === 0 ? 'No entries match.' : `${page.entries.length}${page.hasMore ? '+' : ''} ${page.entries.length === 1 ? 'entry' : 'entries'} shown`}
        </span>
        <a href={`/portal/audit/export${formQuery.size > 0 ? `?${formQuery}` : ''}`} className="font-medium text-indigo-700 underline" download>
          Download CSV
        </a>
      </p>
      {page.entries.length > 0 && (
        <ul aria-label="Audit entries" className="space-y-3">
          {page.entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-4 text-sm">
        {cursor !== undefined && (
          <Link href={`/portal/audit${formQuery.size > 0 ? `?${formQuery}` : ''}`} className="font-medium text-indigo-700 hover:underline">
            Newest entries
          </Link>
        )}
        {page.hasMore && (
          <Link href={`/portal/audit?${olderQuery}`} rel="next" className="font-medium text-indigo-700 hover:underline">
            Older entries
          </Link>
        )}
      </nav>
    </div>
  );
}

function TextField({ name, label, value, hint, type = 'text' }: { name: string; label: string; value: string | undefined; hint?: string; type?: 'text' | 'date' }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input name={name} type={type} defaultValue={value ?? ''} placeholder={hint} className="min-w-0 rounded-md border border-slate-300 px-3 py-2 font-normal" />
    </label>
  );
}

function AuditEntryItem({ entry }: { entry: AuditEntryView }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <li data-testid="audit-entry" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-mono font-semibold">{entry.action}</span>
        <span className="text-slate-600">
          <FormattedDateTime value={entry.atUtc} /> · #{entry.sequence}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-slate-600">By</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {entry.actorLabel}
          {entry.actorRole && ` (${entry.actorRole})`}
          {entry.actorScopes.length > 0 && <span className="text-slate-600"> scopes: {entry.actorScopes.join(', ')}</span>}
          <span className="text-slate-600"> via {SURFACE_WORDS[entry.surface]}</span>
        </dd>
        <dt className="text-slate-600">Target</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {entry.targetType} <span className="font-mono text-xs">{entry.targetId}</span>
        </dd>
        <dt className="text-slate-600">Call</dt>
        <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{entry.operation}</dd>
        {(entry.ipAddress || entry.correlationId) && (
          <>
            <dt className="text-slate-600">From</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {entry.ipAddress ?? 'unknown address'}
              {entry.correlationId && <span className="text-slate-600"> · correlation id {entry.correlationId}</span>}
              {entry.userAgent && <span className="block text-xs text-slate-600">{entry.userAgent}</span>}
            </dd>
          </>
        )}
      </dl>
      {changes.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-indigo-700">
            {changes.length} {changes.length === 1 ? 'field' : 'fields'}
            <span className="sr-only"> changed by {entry.action} #{entry.sequence}</span>
          </summary>
          <ul className="mt-2 space-y-1 font-mono text-xs">
            {changes.map(([field, change]) => (
              <li key={field} className="[overflow-wrap:anywhere]">
                {field}: {'before' in change ? shown(change.before) : '—'} → {'after' in change ? shown(change.after) : '—'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
