'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';

/**
 * A new license code for one live seat, shown once, here. A seat whose code still works offers two
 * confirmed actions: "Add a code" (the current code keeps working: a second machine, a code lost
 * while the app still runs) and "Replace code" (the current code stops working: a code leaked). A
 * seat without a working code gets one at a click. The page is re-read at once, so the seat lists
 * the new code (and a replaced one as revoked) under the box.
 */
export function NewCodeButton({ seatId, seatName, offeringName, liveCodes }: { seatId: string; seatName: string; offeringName: string; liveCodes: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const issue = useMutation(trpc.licenses.issueCode.mutationOptions({ onSuccess: () => startRefresh(() => router.refresh()) }));
  if (issue.data) {
    const replaced = issue.data.replacedCodeIds.length > 0;
    return (
      <ShownOnceSecret
        heading={`New license code for ${seatName} — shown here once`}
        fieldLabel={`New license code for ${seatName} of ${offeringName}`}
        value={issue.data.code}
        testId="new-license-code-box"
        valueTestId="new-license-code"
        onDismiss={() => issue.reset()}
      >
        {replaced
          ? 'Enter it in the app in place of the old one: the seat’s previous code is revoked and stops working at the app’s next check.'
          : 'The seat’s other codes keep working. Enter this one in the app where you need it.'}{' '}
        Treat it like a password: anyone who has it can use this seat.
      </ShownOnceSecret>
    );
  }
  const busy = issue.isPending || refreshing;
  const error = issue.error?.message ?? null;
  const name = `for ${seatName} of ${offeringName}`;
  if (liveCodes === 0) {
    return (
      <div className="flex flex-col items-start gap-1">
        <button type="button" className={buttonSecondary} disabled={busy} onClick={() => issue.mutate({ seatId, mode: 'add' })}>
          {issue.isPending ? 'Issuing…' : 'New license code'}
          <span className="sr-only"> {name}</span>
        </button>
        {error && (
          <p role="alert" className="text-xs text-red-700 [overflow-wrap:anywhere]">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ConfirmRevoke
        action="Add a code"
        name={name}
        question={<>Add a code for {seatName}? Its current code keeps working; the new one is shown here once.</>}
        confirmText="Add code"
        tone="safe"
        busy={busy && issue.variables?.mode === 'add'}
        busyText="Issuing…"
        failure="Could not add a code"
        error={issue.variables?.mode === 'add' ? error : null}
        onConfirm={() => issue.mutate({ seatId, mode: 'add' })}
        onCancel={() => issue.reset()}
      />
      <ConfirmRevoke
        action="Replace code"
        name={name}
        question={
          <>
            Replace the code of {seatName}? Its current {liveCodes === 1 ? 'code stops' : `${liveCodes} codes stop`} working at the app’s next license check, and
            the devices {liveCodes === 1 ? 'it' : 'they'} activated are freed. The new code is shown here once.
          </>
        }
        confirmText="Replace code"
        busy={busy && issue.variables?.mode === 'replace'}
        busyText="Replacing…"
        failure="Could not replace the code"
        error={issue.variables?.mode === 'replace' ? error : null}
        onConfirm={() => issue.mutate({ seatId, mode: 'replace' })}
        onCancel={() => issue.reset()}
      />
    </div>
  );
}
