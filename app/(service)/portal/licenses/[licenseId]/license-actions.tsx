'use client';

import { useMutation } from '@tanstack/react-query';
import { useOneConfirmation } from '@/app/components/one-confirmation';
import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition, type FormEvent } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonDanger, buttonSecondary } from '@/app/components/buttons';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';
import { formText } from '@/app/components/form-text';

// The license page's actions, each through the management services. One RequestId per attempt:
// a double submit is one change; a new attempt after an answer gets a new one.
const newRequestId = () => crypto.randomUUID();

function useRefresh() {
  const router = useRouter();
  const [refreshing, start] = useTransition();
  return { refreshing, refresh: () => start(() => router.refresh()) };
}

export function IssueCodeForm({ licenseId, seatId, seatName, customerEmail }: { licenseId: string; seatId: string; seatName: string; customerEmail: string | null }) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefresh();
  const [requestId, setRequestId] = useState(newRequestId);
  const issue = useMutation(trpc.sellerLicenses.issueCode.mutationOptions());
  if (issue.data) {
    return (
      <ShownOnceSecret
        heading={`License code for ${seatName} — shown here once`}
        fieldLabel={`License code for ${seatName}`}
        value={issue.data.encodedCredential}
        testId="seller-code-box"
        valueTestId="seller-code"
        onDismiss={() => {
          issue.reset();
          setRequestId(newRequestId());
          refresh();
        }}
      >
        {'emailedTo' in issue.data
          ? `It was also e-mailed to ${String(issue.data.emailedTo)}. `
          : `Give it to the machine or deployment “${issue.data.label}” (store it in your secret store against the seat). `}
        Only its hash is kept here.
      </ShownOnceSecret>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    issue.mutate({ requestId, licenseId, seatId, label: formText(data, 'label'), emailCustomer: data.get('emailCustomer') === 'on' }, { onError: () => setRequestId(newRequestId()) });
  };
  return (
    <form onSubmit={submit} aria-label={`New license code for ${seatName}`} className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-700">
        Label
        <input name="label" required maxLength={100} placeholder="e.g. build-agent-7" className="min-w-0 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
      </label>
      {customerEmail && (
        <label className="flex min-w-0 items-center gap-2 text-xs text-slate-700">
          <input type="checkbox" name="emailCustomer" />
          <span className="[overflow-wrap:anywhere]">E-mail it to {customerEmail}</span>
        </label>
      )}
      <button type="submit" className={buttonSecondary} disabled={issue.isPending || refreshing}>
        {issue.isPending ? 'Issuing…' : 'Issue code'}
      </button>
      {issue.error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {issue.error.message}
        </p>
      )}
    </form>
  );
}

export function RevokeSellerCode({ licenseId, codeId, label }: { licenseId: string; codeId: string; label: string }) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefresh();
  const [requestId] = useState(newRequestId);
  const revoke = useMutation(trpc.sellerLicenses.revokeCode.mutationOptions({ onSuccess: refresh }));
  return (
    <ConfirmRevoke
      name={`code ${label}`}
      question={<>Revoke “{label}”? The machine using it is refused at its next license refresh (within 10 minutes). This cannot be undone.</>}
      confirmText="Revoke code"
      busy={revoke.isPending || revoke.isSuccess || refreshing}
      error={revoke.error?.message ?? null}
      onConfirm={() => revoke.mutate({ requestId, licenseId, codeId })}
      onCancel={() => revoke.reset()}
    />
  );
}

/** A button that asks before it acts, saying what will happen. */
function Confirmed(props: { label: string; question: string; confirmText: string; danger?: boolean; busy: boolean; error: string | null; onConfirm: () => void; onCancel: () => void }) {
  const [asking, setAsking] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useOneConfirmation(asking, () => setAsking(false));
  if (!asking) {
    return (
      <button ref={buttonRef} type="button" className={buttonSecondary} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={`Confirm: ${props.label}`} className="w-full space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3 sm:w-auto sm:max-w-md">
      <p className="text-sm text-slate-800">{props.question}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" autoFocus className={props.danger ? buttonDanger : buttonSecondary} disabled={props.busy} onClick={props.onConfirm}>
          {props.busy ? 'Working…' : props.confirmText}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={props.busy}
          onClick={() => {
            setAsking(false);
            props.onCancel();
            // Focus goes back to the button that asked, not to the top of the page.
            requestAnimationFrame(() => buttonRef.current?.focus());
          }}
        >
          Cancel
        </button>
      </div>
      {props.error && (
        <p role="alert" className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function RetireSeatButton({ licenseId, seatId, seatName }: { licenseId: string; seatId: string; seatName: string }) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefresh();
  const [requestId] = useState(newRequestId);
  const retire = useMutation(trpc.sellerLicenses.retireSeat.mutationOptions({ onSuccess: refresh }));
  return (
    <Confirmed
      label={`Retire ${seatName}`}
      question={`Retire ${seatName} for good? Its license codes are revoked and it is refused at its next license refresh. On a subscription the next invoice is adjusted. A retired seat cannot come back.`}
      confirmText="Retire seat"
      danger
      busy={retire.isPending || retire.isSuccess || refreshing}
      error={retire.error?.message ?? null}
      onConfirm={() => retire.mutate({ requestId, licenseId, seatId })}
      onCancel={() => retire.reset()}
    />
  );
}

const STATUS_CHANGES = {
  suspend: { label: 'Suspend', confirmText: 'Suspend license', danger: true, question: 'Suspend this license? Every seat is refused at its next license refresh (within 10 minutes) until you resume it. Billing is not changed.' },
  resume: { label: 'Resume', confirmText: 'Resume license', danger: false, question: 'Resume this license? Every live seat runs again at its next license refresh.' },
  cancel: { label: 'Cancel license', confirmText: 'Cancel for good', danger: true, question: 'Cancel this license for good? Every seat is refused at its next license refresh, and a cancelled license cannot be resumed.' },
} as const;

export function StatusActions({ licenseId, changes }: { licenseId: string; changes: (keyof typeof STATUS_CHANGES)[] }) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefresh();
  const [requestId, setRequestId] = useState(newRequestId);
  const change = useMutation(
    trpc.sellerLicenses.changeStatus.mutationOptions({
      onSuccess: () => {
        setRequestId(newRequestId());
        refresh();
      },
    }),
  );
  return (
    <div className="flex flex-wrap gap-2">
      {changes.map((kind) => (
        <Confirmed
          key={kind}
          {...STATUS_CHANGES[kind]}
          busy={change.isPending || refreshing}
          error={change.variables?.change === kind ? (change.error?.message ?? null) : null}
          onConfirm={() => change.mutate({ requestId, licenseId, change: kind })}
          onCancel={() => change.reset()}
        />
      ))}
    </div>
  );
}

/** "Resend the license e-mail": the buyer gets the delivery e-mail again, with a new link to their codes. */
export function ResendLicenseEmail({ licenseId }: { licenseId: string }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.sellerLicenses.resendLicenseEmail.mutationOptions());
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={buttonSecondary} disabled={resend.isPending} onClick={() => resend.mutate({ licenseId })}>
        {resend.isPending ? 'Sending…' : 'Resend the license e-mail'}
      </button>
      <p aria-live="polite" className="text-sm">
        {resend.data && <span className="text-emerald-800">Sent to {resend.data.sentTo}: it has a link that signs them in to their license codes.</span>}
        {resend.error && <span className="text-red-700">{resend.error.message}</span>}
      </p>
    </div>
  );
}

/** "Add seats" on a running license: confirmed, since a subscription is charged for them at once (prorated). */
export function AddSeatsForm({ licenseId, subscription }: { licenseId: string; subscription: boolean }) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefresh();
  const [requestId, setRequestId] = useState(newRequestId);
  const [quantity, setQuantity] = useState('1');
  const add = useMutation(trpc.sellerLicenses.addSeats.mutationOptions());
  const count = Number(quantity);
  const valid = Number.isInteger(count) && count >= 1 && count <= 1000;
  const seats = count === 1 ? '1 seat' : `${count} seats`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          Seats to add
          <input type="number" min={1} max={1000} step={1} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm font-normal" />
        </label>
        {valid && (
          <ConfirmRevoke
            action="Add seats"
            name={`to this license`}
            question={
              <>
                Add {seats}?{' '}
                {subscription ? 'The customer is charged for the rest of this billing period now (prorated), and for every seat at each renewal. ' : ''}
                New seats come without codes: issue one for each below.
              </>
            }
            confirmText={`Add ${seats}`}
            tone="safe"
            busy={add.isPending || refreshing}
            busyText="Adding…"
            failure="Could not add seats"
            error={add.error?.message ?? null}
            done={add.isSuccess}
            onConfirm={() =>
              add.mutate(
                { requestId, licenseId, quantity: count },
                {
                  onSuccess: () => {
                    setRequestId(newRequestId());
                    refresh();
                  },
                  onError: () => setRequestId(newRequestId()),
                },
              )
            }
            onCancel={() => add.reset()}
          />
        )}
      </div>
      <p aria-live="polite" className="text-sm text-emerald-800">
        {add.data && `Added ${add.data.seatIds.length === 1 ? '1 seat' : `${add.data.seatIds.length} seats`}.`}
      </p>
    </div>
  );
}
