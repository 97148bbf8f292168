'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { LoadFailure } from '@/app/components/load-failure';
import { FormattedDateTime } from '@/app/components/formatted';

interface ListedSession {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

export function SessionsManager() {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const endOthers = useMutation(trpc.sessions.endOthers.mutationOptions({ onSuccess: () => refetchAfterChange(trpc.sessions.list.queryKey()) }));
  const headingId = useId();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section aria-labelledby={headingId} aria-busy={sessions.isPending} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Signed in
        </h2>
        {others > 0 && (
          <button type="button" className={buttonSecondary} disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? 'Signing out…' : 'Sign out all other sessions'}
          </button>
        )}
      </div>
      {endOthers.isSuccess && (
        <p role="status" className="text-sm text-green-800">
          Signed out {endOthers.data.ended === 1 ? 'one other session' : `${endOthers.data.ended} other sessions`}.
        </p>
      )}
      {endOthers.isError && (
        <p role="alert" className="text-sm text-red-800">
          Could not sign the other sessions out: {endOthers.error.message}
        </p>
      )}
      {sessions.isPending && <p className="text-slate-600">Loading sessions…</p>}
      {sessions.isError && <LoadFailure what="your sessions" message={sessions.error.message} retry={() => void sessions.refetch()} />}
      {sessions.isSuccess && (
        <ul aria-label="Sessions" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: ListedSession }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const end = useMutation(trpc.sessions.end.mutationOptions({ onSuccess: () => refetchAfterChange(trpc.sessions.list.queryKey()) }));
  return (
    <li data-testid="session-row" className="flex flex-col gap-3 p-4 text-sm md:flex-row md:items-center md:justify-between">
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-4 md:gap-x-4">
        <Field label="Browser">
          <span className="[overflow-wrap:anywhere]">{session.userAgent ?? 'Unknown'}</span>
        </Field>
        <Field label="Address">{session.ipAddress ?? 'Unknown'}</Field>
        <Field label="Signed in">
          <FormattedDateTime value={session.createdAt} />
        </Field>
        <Field label="Last seen">
          <FormattedDateTime value={session.lastSeenAt} />
        </Field>
      </dl>
      {session.current ? (
        <span className="font-medium text-green-800">This session</span>
      ) : (
        <div className="flex flex-col items-start gap-1">
          <button type="button" className={buttonSecondary} disabled={end.isPending} onClick={() => end.mutate({ sessionId: session.id })}>
            {end.isPending ? 'Signing out…' : 'Sign out'}
          </button>
          {end.isError && (
            <span role="alert" className="text-red-800">
              {end.error.message}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents md:flex md:min-w-0 md:flex-col">
      <dt className="text-slate-600 md:text-xs">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
