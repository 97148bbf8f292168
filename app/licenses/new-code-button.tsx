'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '../components/buttons';
import { ShownOnceSecret } from '../components/shown-once-secret';

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
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        className={buttonSecondary}
        disabled={issue.isPending || refreshing}
        aria-label={`New license code for ${seatName} of ${offeringName}`}
        onClick={() => issue.mutate({ seatId })}
      >
        {issue.isPending ? 'Issuing…' : 'New code'}
      </button>
      {issue.error && (
        <span role="alert" className="text-xs text-red-700">
          {issue.error.message}
        </span>
      )}
    </span>
  );
}
