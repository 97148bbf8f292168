'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '../../components/buttons';
import { ConfirmRevoke } from '../../components/confirm-revoke';
import { ShownOnceSecret } from '../../components/shown-once-secret';

interface NewKey {
  key: string;
  prefix: string;
  label: string;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (value: Date | null) => (value ? dateFormat.format(new Date(value)) : '—');

const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

export function ApiKeysManager() {
  const [newKey, setNewKey] = useState<NewKey | null>(null);
  return (
    <div className="space-y-8">
      <CreateKeyForm onCreated={setNewKey} />
      {newKey && <NewKeyBox newKey={newKey} onDismiss={() => setNewKey(null)} />}
      <KeyList />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: NewKey) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const labelId = useId();
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (created) => {
        setLabel('');
        onCreated({ key: created.key, prefix: created.prefix, label: created.label });
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (label.trim() === '' || create.isPending) return;
    create.mutate({ label: label.trim() });
  }

  return (
    <section aria-labelledby={`${labelId}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${labelId}-heading`} className="text-lg font-semibold">
        Create a key
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={labelId} className="text-sm font-medium text-slate-700">
            Label <span className="font-normal text-slate-500">(where the key is used, e.g. “production backend”)</span>
          </label>
          <input
            id={labelId}
            name="label"
            required
            maxLength={100}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
        </div>
        <button type="submit" className={buttonPrimary} disabled={create.isPending || label.trim() === ''}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {create.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not create the key: {create.error.message}
        </p>
      )}
    </section>
  );
}

function NewKeyBox({ newKey, onDismiss }: { newKey: NewKey; onDismiss: () => void }) {
  return (
    <ShownOnceSecret heading={<>New key “{newKey.label}”: shown once, copy it now</>} fieldLabel="API key" value={newKey.key} testId="new-api-key" onDismiss={onDismiss}>
      This is the only time the whole key is shown. Store it in your backend’s secret store; afterwards only its prefix{' '}
      <code className="font-mono">{newKey.prefix}</code> is visible here.
    </ShownOnceSecret>
  );
}

function KeyList() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} aria-busy={keys.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your keys
      </h2>
      {keys.isPending && <p className="text-slate-600">Loading keys…</p>}
      {keys.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <span>Could not load your keys: {keys.error.message}</span>
          <button type="button" onClick={() => void keys.refetch()} className={buttonSecondary}>
            Try again
          </button>
        </div>
      )}
      {keys.isSuccess && keys.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No API keys yet. Create one above for your backend.
        </p>
      )}
      {keys.isSuccess && keys.data.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Prefix</th>
                <th scope="col" className="px-4 py-2 font-medium">Label</th>
                <th scope="col" className="px-4 py-2 font-medium">Created</th>
                <th scope="col" className="px-4 py-2 font-medium">Last used</th>
                <th scope="col" className="px-4 py-2 font-medium">Revoked</th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.data.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface ListedKey {
  id: string;
  prefix: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

function KeyRow({ apiKey }: { apiKey: ListedKey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
    }),
  );

  const revoked = apiKey.revokedAt !== null;
  return (
    <tr className={revoked ? 'text-slate-400' : undefined}>
      <td className="whitespace-nowrap px-4 py-3 font-mono">{apiKey.prefix}</td>
      <td className="px-4 py-3">{apiKey.label}</td>
      <td className="whitespace-nowrap px-4 py-3">{formatDate(apiKey.createdAt)}</td>
      <td className="whitespace-nowrap px-4 py-3">{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'Never'}</td>
      <td className="whitespace-nowrap px-4 py-3">{revoked ? formatDate(apiKey.revokedAt) : <span className="text-emerald-700">Active</span>}</td>
      <td className="px-4 py-3 text-right">
        {!revoked && (
          <ConfirmRevoke
            name={apiKey.prefix}
            question={
              <>
                Revoke <span className="font-mono">{apiKey.prefix}</span>? Backends using it are refused within 10 seconds. This cannot be undone.
              </>
            }
            confirmText="Revoke key"
            busy={revoke.isPending}
            error={revoke.error?.message ?? null}
            onConfirm={() => revoke.mutate({ id: apiKey.id })}
            onCancel={() => revoke.reset()}
          />
        )}
      </td>
    </tr>
  );
}
