'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { LoadFailure } from '@/app/components/load-failure';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { FormattedDateTime } from '@/app/components/formatted';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';
import { useToast } from '@/app/components/toast';

const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';
const inputClass = 'rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

/** The endpoints and their forms; a member whose role may not change endpoints sees them and their deliveries, with `notice` in place of the form. */
export function WebhooksManager({ mayChange, notice }: { mayChange: boolean; notice: ReactNode }) {
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  return (
    <div className="space-y-8">
      {mayChange ? <CreateEndpointForm onCreated={setSecret} /> : notice}
      {secret && (
        <ShownOnceSecret
          heading={<>{secret.rotated ? 'New signing secret' : 'Signing secret'} for {secret.url}: shown once, copy it now</>}
          fieldLabel="Signing secret"
          value={secret.secret}
          testId="webhook-secret"
          onDismiss={() => setSecret(null)}
        >
          Your backend verifies every delivery with it (for example with <code className="font-mono">verifyWebhook</code> of the client library).
          {secret.rotated && ' The previous secret keeps signing beside this one for 24 hours, so you can switch without losing an event.'}
        </ShownOnceSecret>
      )}
      <EndpointList onSecret={setSecret} mayChange={mayChange} />
    </div>
  );
}

function EventTypeChoice({ value, onChange, legend }: { value: string[]; onChange: (next: string[]) => void; legend: string }) {
  const trpc = useTRPC();
  const types = useQuery(trpc.webhooks.eventTypes.queryOptions());
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p className="text-xs text-slate-600">None chosen: every event.</p>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {(types.data ?? []).map(({ type, description }) => (
          <label key={type} className="flex min-w-0 items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={value.includes(type)} onChange={(event) => onChange(event.target.checked ? [...value, type] : value.filter((one) => one !== type))} />
            <span className="min-w-0">
              <code className="font-mono [overflow-wrap:anywhere]">{type}</code>
              <span className="block text-xs text-slate-600">{description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (secret: ShownSecret) => void }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const urlId = useId();
  const descriptionId = useId();
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (created) => {
        setUrl('');
        setDescription('');
        setEventTypes([]);
        onCreated({ url: created.url, secret: created.secret, rotated: false });
        await refetchAfterChange(trpc.webhooks.list.queryKey());
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (url.trim() === '' || create.isPending) return;
    create.mutate({ url: url.trim(), description: description.trim() || null, eventTypes: eventTypes as never });
  }

  return (
    <section aria-labelledby={`${urlId}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${urlId}-heading`} className="text-lg font-semibold">
        Add an endpoint
      </h2>
      <form onSubmit={submit} className="mt-3 space-y-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={urlId} className="text-sm font-medium text-slate-700">
            URL <span className="font-normal text-slate-500">(https, reachable from the internet)</span>
          </label>
          <input id={urlId} name="url" type="url" required maxLength={2048} placeholder="https://backend.example.com/webhooks" value={url} onChange={(event) => setUrl(event.target.value)} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input id={descriptionId} name="description" maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} className={inputClass} />
        </div>
        <EventTypeChoice value={eventTypes} onChange={setEventTypes} legend="Events to send" />
        <button type="submit" className={buttonPrimary} disabled={create.isPending || url.trim() === ''}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </form>
      {create.error && (
        <p role="alert" className="mt-3 text-sm text-red-700 [overflow-wrap:anywhere]">
          Could not add the endpoint: {create.error.message}
        </p>
      )}
    </section>
  );
}

function EndpointList({ onSecret, mayChange }: { onSecret: (secret: ShownSecret) => void; mayChange: boolean }) {
  const trpc = useTRPC();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={endpoints.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your endpoints
      </h2>
      {endpoints.isPending && <p className="text-slate-600">Loading endpoints…</p>}
      {endpoints.isError && <LoadFailure what="your endpoints" message={endpoints.error.message} retry={() => void endpoints.refetch()} />}
      {endpoints.isSuccess && endpoints.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">No endpoints yet.{mayChange && ' Add one above to receive events.'}</p>
      )}
      {endpoints.isSuccess &&
        endpoints.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={onSecret} mayChange={mayChange} />)}
    </section>
  );
}

interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

function EndpointCard({ endpoint, onSecret, mayChange }: { endpoint: Endpoint; onSecret: (secret: ShownSecret) => void; mayChange: boolean }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => refetchAfterChange(trpc.webhooks.list.queryKey(), trpc.webhooks.deliveries.queryKey({ endpointId: endpoint.id }));
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSuccess: async () => (toast('Test event on its way.'), setShowLog(true), await refresh()) }));
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: (rotated) => onSecret({ url: rotated.url, secret: rotated.secret, rotated: true }) }));
  const toggle = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: async (updated) => (toast(updated.enabled ? 'Endpoint enabled.' : 'Endpoint disabled.'), await refresh()) }));
  const remove = useMutation(trpc.webhooks.remove.mutationOptions({ onSuccess: async () => (toast('Endpoint removed.'), await refresh()) }));
  const failure = sendTest.error ?? toggle.error;
  const logId = useId();

  return (
    <article data-testid="webhook-endpoint" aria-label={`Endpoint ${endpoint.url}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-slate-600">URL</dt>
          <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">{endpoint.url}</dd>
          {endpoint.description && (
            <>
              <dt className="text-slate-600">Description</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{endpoint.description}</dd>
            </>
          )}
          <dt className="text-slate-600">Events</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{endpoint.eventTypes.length === 0 ? 'Every event' : endpoint.eventTypes.join(', ')}</dd>
          <dt className="text-slate-600">Status</dt>
          <dd className="min-w-0">
            {endpoint.enabled ? (
              <span className="font-medium text-emerald-800">Enabled</span>
            ) : (
              <span className="font-medium text-amber-900 [overflow-wrap:anywhere]">Disabled{endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}</span>
            )}
          </dd>
        </dl>
        {mayChange && (
          <div className="flex flex-wrap gap-2 md:max-w-sm md:justify-end">
            <button type="button" className={buttonSecondary} disabled={sendTest.isPending || !endpoint.enabled} onClick={() => sendTest.mutate({ endpointId: endpoint.id })}>
              {sendTest.isPending ? 'Sending…' : 'Send test event'}
            </button>
            <button type="button" className={buttonSecondary} disabled={toggle.isPending} onClick={() => toggle.mutate({ endpointId: endpoint.id, enabled: !endpoint.enabled })}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </button>
            <ConfirmRevoke
              name={endpoint.url}
              action="Rotate secret"
              question="Make a new signing secret? The current one keeps signing for 24 hours."
              confirmText="Rotate"
              busyText="Rotating…"
              failure="Could not rotate"
              busy={rotate.isPending}
              done={rotate.isSuccess}
              error={rotate.error?.message ?? null}
              onConfirm={() => rotate.mutate({ endpointId: endpoint.id })}
              onCancel={() => rotate.reset()}
            />
            <ConfirmRevoke
              name={endpoint.url}
              action="Remove"
              question="Remove this endpoint? Events waiting for it are not sent."
              confirmText="Remove endpoint"
              busyText="Removing…"
              failure="Could not remove"
              busy={remove.isPending}
              error={remove.error?.message ?? null}
              onConfirm={() => remove.mutate({ endpointId: endpoint.id })}
              onCancel={() => remove.reset()}
            />
          </div>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-red-700 [overflow-wrap:anywhere]">
          {failure.message}
        </p>
      )}
      <button type="button" className="text-indigo-700 underline underline-offset-2" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog(!showLog)}>
        {showLog ? 'Hide deliveries' : 'Show deliveries'}
      </button>
      <div id={logId}>{showLog && <DeliveryLog endpointId={endpoint.id} mayChange={mayChange} />}</div>
    </article>
  );
}

function DeliveryLog({ endpointId, mayChange }: { endpointId: string; mayChange: boolean }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const toast = useToast();
  // Fresh while anything waits: a delivery moves within seconds of a send.
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ endpointId }), refetchInterval: (query) => (query.state.data?.some((entry) => entry.status === 'pending') ? 2000 : false) });
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({ onSuccess: async () => (toast('Delivery sent again.'), await refetchAfterChange(trpc.webhooks.deliveries.queryKey({ endpointId }))) }),
  );
  if (deliveries.isPending) return <p className="text-slate-600">Loading deliveries…</p>;
  if (deliveries.isError) return <LoadFailure what="deliveries" message={deliveries.error.message} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <p className="text-slate-600">Nothing sent yet.</p>;
  return (
    <ul aria-label="Deliveries" className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {deliveries.data.map((entry) => (
        <li key={entry.id} data-testid="webhook-delivery" className="flex flex-col gap-2 p-3 md:flex-row md:items-center md:justify-between">
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-4 md:gap-x-4">
            <Field label="Event">
              <code className="font-mono [overflow-wrap:anywhere]">{entry.eventType}</code> #{entry.sequence}
            </Field>
            <Field label="Status">
              <DeliveryStatus status={entry.status} />
              {entry.lastStatus !== null && <span className="text-slate-600"> · HTTP {entry.lastStatus}</span>}
              {entry.lastDurationMs !== null && <span className="text-slate-600"> · {entry.lastDurationMs} ms</span>}
            </Field>
            <Field label="Attempts">
              {entry.attempts}
              {entry.lastAttemptAt && <span className="text-slate-600"> (last <FormattedDateTime value={entry.lastAttemptAt} />)</span>}
            </Field>
            <Field label="Next">{entry.nextAttemptAt ? <FormattedDateTime value={entry.nextAttemptAt} /> : '—'}</Field>
          </dl>
          {entry.lastError && entry.status !== 'delivered' && <p className="text-red-800 [overflow-wrap:anywhere] md:max-w-xs">{entry.lastError}</p>}
          {mayChange && (
            <button type="button" className={buttonSecondary} disabled={resend.isPending} onClick={() => resend.mutate({ deliveryId: entry.id })}>
              Resend<span className="sr-only"> {entry.eventType} #{entry.sequence}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function DeliveryStatus({ status }: { status: 'pending' | 'delivered' | 'failed' }) {
  if (status === 'delivered') return <span className="font-medium text-emerald-800">Delivered</span>;
  if (status === 'failed') return <span className="font-medium text-red-800">Failed</span>;
  return <span className="font-medium text-amber-900">Waiting</span>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents md:flex md:min-w-0 md:flex-col">
      <dt className="text-slate-600 md:text-xs">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
