'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import { LoadFailure } from '@/app/components/load-failure';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { FormattedDateTime } from '@/app/components/formatted';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';
import { API_KEY_SCOPE_NAMES, API_KEY_SCOPES, type ApiKeyScope } from '@/server/entry/shared';

/** What the form offers for an expiry: days from now (null: never). */
const EXPIRY_CHOICES: { days: number | null; text: string }[] = [
  { days: null, text: 'Never (until revoked)' },
  { days: 30, text: 'In 30 days' },
  { days: 90, text: 'In 90 days' },
  { days: 365, text: 'In a year' },
];

interface NewKey {
  key: string;
  prefix: string;
  label: string;
}

const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

/** The keys and the form to create one; a member whose role may not change keys sees the list and `notice` in place of the form. */
export function ApiKeysManager({ mayChange, notice }: { mayChange: boolean; notice: ReactNode }) {
  const [newKey, setNewKey] = useState<NewKey | null>(null);
  return (
    <div className="space-y-8">
      {mayChange ? <CreateKeyForm onCreated={setNewKey} /> : notice}
      {newKey && <NewKeyBox newKey={newKey} onDismiss={() => setNewKey(null)} />}
      <KeyList mayChange={mayChange} />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: NewKey) => void }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const [label, setLabel] = useState('');
  const [restricted, setRestricted] = useState(false);
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const labelId = useId();
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (created) => {
        setLabel('');
        setRestricted(false);
        setScopes([]);
        setExpiry('');
        onCreated({ key: created.key, prefix: created.prefix, label: created.label });
        await refetchAfterChange(trpc.apiKeys.list.queryKey());
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (label.trim() === '' || create.isPending || (restricted && scopes.length === 0)) return;
    create.mutate({ label: label.trim(), scopes: restricted ? scopes : undefined, expiresInDays: expiry === '' ? undefined : Number(expiry) });
  }
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((chosen) => (on ? [...chosen, scope] : chosen.filter((other) => other !== scope)));

  return (
    <section aria-labelledby={`${labelId}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${labelId}-heading`} className="text-lg font-semibold">
        Create a key
      </h2>
      <form onSubmit={submit} className="mt-3 space-y-4">
        <div className="flex min-w-0 flex-col gap-1">
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
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Access</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="access" className="mt-1" checked={!restricted} onChange={() => setRestricted(false)} />
            <span>
              Full access <span className="text-slate-600">(every operation, and any added later)</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="access" className="mt-1" checked={restricted} onChange={() => setRestricted(true)} />
            <span>
              Only what I choose <span className="text-slate-600">(anything else is refused with ApiKeyScope)</span>
            </span>
          </label>
          {restricted && (
            <fieldset className="ml-6 grid gap-2 sm:grid-cols-2" data-testid="api-key-scopes">
              <legend className="sr-only">Scopes</legend>
              {API_KEY_SCOPE_NAMES.map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" className="mt-1" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <code className="font-mono">{scope}</code> <span className="text-slate-600">· {API_KEY_SCOPES[scope]}</span>
                  </span>
                </label>
              ))}
              {scopes.length === 0 && <p className="text-sm text-slate-600 sm:col-span-2">Choose at least one scope.</p>}
            </fieldset>
          )}
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${labelId}-expiry`} className="text-sm font-medium text-slate-700">
              Expires
            </label>
            <select
              id={`${labelId}-expiry`}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.text} value={choice.days ?? ''}>
                  {choice.text}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonPrimary} disabled={create.isPending || label.trim() === '' || (restricted && scopes.length === 0)}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
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

function KeyList({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} aria-busy={keys.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your keys
      </h2>
      {keys.isPending && <p className="text-slate-600">Loading keys…</p>}
      {keys.isError && <LoadFailure what="your keys" message={keys.error.message} retry={() => void keys.refetch()} />}
      {keys.isSuccess && keys.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No API keys yet.{mayChange && ' Create one above for your backend.'}
        </p>
      )}
      {keys.isSuccess && keys.data.length > 0 && (
        <ul aria-label="API keys" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {keys.data.map((key) => (
            <KeyRow key={key.id} apiKey={key} mayChange={mayChange} />
          ))}
        </ul>
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
  scopes: ApiKeyScope[] | null;
  expiresAt: Date | null;
  expired: boolean;
}

function KeyRow({ apiKey, mayChange }: { apiKey: ListedKey; mayChange: boolean }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => refetchAfterChange(trpc.apiKeys.list.queryKey()),
    }),
  );

  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && apiKey.expired;
  // Stacked on a phone, one line per key from md up. A revoked key stays legible (slate-600 keeps
  // 4.5:1 on its grey background); its state is said in words, not only by the colour.
  return (
    <li data-testid="api-key-row" className={`flex flex-col gap-3 p-4 text-sm md:flex-row md:items-center md:justify-between ${revoked ? 'bg-slate-50 text-slate-600' : ''}`}>
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-4 md:gap-x-4 xl:grid-cols-7">
        <KeyField label="Prefix">
          <span className="font-mono [overflow-wrap:anywhere]">{apiKey.prefix}</span>
        </KeyField>
        <KeyField label="Label">
          <span className="[overflow-wrap:anywhere]">{apiKey.label}</span>
        </KeyField>
        <KeyField label="Created"><FormattedDateTime value={apiKey.createdAt} /></KeyField>
        <KeyField label="Last used">{apiKey.lastUsedAt ? <FormattedDateTime value={apiKey.lastUsedAt} /> : 'Never'}</KeyField>
        <KeyField label="Access">
          <span data-testid="api-key-access" className="[overflow-wrap:anywhere]">
            {apiKey.scopes ? apiKey.scopes.join(', ') : 'Full access'}
          </span>
        </KeyField>
        <KeyField label="Expires">
          <span data-testid="api-key-expires">{apiKey.expiresAt ? <FormattedDateTime value={apiKey.expiresAt} /> : 'Never'}</span>
        </KeyField>
        <KeyField label="Status">
          {revoked ? (
            <span className="font-medium text-slate-700">Revoked {apiKey.revokedAt && <FormattedDateTime value={apiKey.revokedAt} />}</span>
          ) : expired ? (
            <span className="font-medium text-slate-700">Expired</span>
          ) : (
            <span className="font-medium text-emerald-800">Active</span>
          )}
        </KeyField>
      </dl>
      {mayChange && !revoked && (
        <div className="min-w-0 md:max-w-xs md:shrink-0">
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
        </div>
      )}
    </li>
  );
}

/** One labelled value of a key: label beside the value on a phone, above it from md up. */
function KeyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents md:flex md:min-w-0 md:flex-col">
      <dt className="text-slate-600 md:text-xs">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
