'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';

/**
 * A new license code for one live seat (a lost code, or one revoked): shown once, here; dismissing
 * it re-reads the page, where the new code is listed by its label.
 */
export function NewCodeButton({ seatId, seatName, offeringName }: { seatId: string; seatName: string; offeringName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const issue = useMutation(trpc.licenses.issueCode.mutationOptions());
  if (issue.data) {
    return (
      <ShownOnceSecret
        heading={`New license code for ${seatName} — shown here once`}
        fieldLabel={`New license code for ${seatName} of ${offeringName}`}
        value={issue.data.code}
        testId="new-license-code-box"
        valueTestId="new-license-code"
        onDismiss={() => {
          // The secret leaves the page with the dismissal; the refresh lists the new code by its label.
          issue.reset();
          startRefresh(() => router.refresh());
        }}
      >
        Enter it in the app in place of the old one. Treat it like a password: anyone who has it can use this seat.
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
