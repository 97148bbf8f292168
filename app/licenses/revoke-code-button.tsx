'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';

const buttonSecondary =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
const buttonDanger =
  'rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60';

/** Revoke one license code, after a confirmation step; the page re-reads the licenses afterwards. */
export function RevokeCodeButton({ codeId, codeLabel, offeringName }: { codeId: string; codeLabel: string; offeringName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);
  const revoke = useMutation(
    trpc.licenses.revokeCode.mutationOptions({
      onSuccess: () => startRefresh(() => router.refresh()),
    }),
  );

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    revoke.reset();
    // Give focus back to where it came from.
    requestAnimationFrame(() => revokeButtonRef.current?.focus());
  }

  const name = `${codeLabel} of ${offeringName}`;
  if (!confirming) {
    return (
      <button ref={revokeButtonRef} type="button" onClick={() => setConfirming(true)} className={buttonSecondary}>
        Revoke<span className="sr-only"> {name}</span>
      </button>
    );
  }

  const busy = revoke.isPending || revoke.isSuccess || refreshing;
  return (
    <div
      role="group"
      aria-label={`Confirm revoking ${name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) cancel();
      }}
      className="flex flex-col items-end gap-2"
    >
      <p className="max-w-xs text-left text-xs text-slate-700">
        Revoke “{codeLabel}”? Apps using this code stop working at their next license refresh. This cannot be undone.
      </p>
      <div className="flex gap-2">
        <button ref={confirmRef} type="button" disabled={busy} onClick={() => revoke.mutate({ codeId })} className={buttonDanger}>
          {busy ? 'Revoking…' : 'Revoke code'}
        </button>
        <button type="button" onClick={cancel} disabled={busy} className={buttonSecondary}>
          Cancel
        </button>
      </div>
      {revoke.error && (
        <p role="alert" className="text-xs text-red-700">
          Could not revoke: {revoke.error.message}
        </p>
      )}
    </div>
  );
}
