'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';

/**
 * A new license code for one live seat, in place of its current one (a lost code, one leaked, one
 * revoked): shown once, here. The page is re-read at once, so the seat lists the new code (and the
 * old one as revoked) under the box.
 */
export function NewCodeButton({ seatId, seatName, offeringName }: { seatId: string; seatName: string; offeringName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const issue = useMutation(trpc.licenses.issueCode.mutationOptions({ onSuccess: () => startRefresh(() => router.refresh()) }));
  if (issue.data) {
    return (
      <ShownOnceSecret
        heading={`New license code for ${seatName} — shown here once`}
        fieldLabel={`New license code for ${seatName} of ${offeringName}`}
        value={issue.data.code}
        testId="new-license-code-box"
        valueTestId="new-license-code"
        onDismiss={() => issue.reset()}
      >
        Enter it in the app in place of the old one: the seat’s previous code is revoked and stops working at the app’s next check. Treat it like a
        password: anyone who has it can use this seat.
      </ShownOnceSecret>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonSecondary}
        disabled={issue.isPending || refreshing}
        onClick={() => issue.mutate({ seatId })}
      >
        {issue.isPending ? 'Issuing…' : 'New license code'}
        <span className="sr-only">
          {' '}
          for {seatName} of {offeringName}
        </span>
      </button>
      {issue.error && (
        <p role="alert" className="text-xs text-red-700 [overflow-wrap:anywhere]">
          {issue.error.message}
        </p>
      )}
    </div>
  );
}
