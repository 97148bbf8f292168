'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonDanger, buttonSecondary } from '@/app/components/buttons';

/**
 * Cancel (after a confirmation: it stops renewing and ends with the paid period) or keep a cancelled
 * subscription before its end. Each success says what happened and re-reads the page.
 */
export function SubscriptionActions({ licenseId, cancelled, endText }: { licenseId: string; cancelled: boolean; endText: ReactNode }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const refresh = () => startRefresh(() => router.refresh());
  const cancel = useMutation(
    trpc.licenses.cancelSubscription.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        setDone('Your subscription is cancelled. It stays active until the end of the period you paid for.');
        refresh();
      },
    }),
  );
  const keep = useMutation(
    trpc.licenses.keepSubscription.mutationOptions({
      onSuccess: () => {
        setDone('Your subscription will renew as before.');
        refresh();
      },
    }),
  );
  const busy = cancel.isPending || keep.isPending || refreshing;
  const error = cancel.error?.message ?? keep.error?.message ?? null;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-emerald-800 [overflow-wrap:anywhere]" data-testid="billing-feedback">
        {done}
      </p>
      {cancelled ? (
        <button type="button" className={buttonSecondary} disabled={busy} onClick={() => keep.mutate({ licenseId })}>
          {keep.isPending ? 'Keeping…' : 'Keep my subscription'}
        </button>
      ) : confirming ? (
        <div
          role="group"
          aria-label="Confirm cancelling the subscription"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) setConfirming(false);
          }}
        >
          <p className="text-sm text-red-900 [overflow-wrap:anywhere]">
            Cancel this subscription? It will not renew, and the license stops working after {endText}. You can keep it until then.
          </p>
          <div className="flex flex-wrap gap-2">
            <button ref={confirmRef} type="button" className={buttonDanger} disabled={busy} onClick={() => cancel.mutate({ licenseId })}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel at the end of the period'}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => cancelButtonRef.current?.focus());
              }}
            >
              No, go back
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={cancelButtonRef}
          type="button"
          className={buttonSecondary}
          disabled={busy}
          onClick={() => {
            setDone(null);
            setConfirming(true);
          }}
        >
          Cancel subscription
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          {error}
        </p>
      )}
    </div>
  );
}
