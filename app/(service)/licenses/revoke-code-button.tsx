'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';

/** Revoke one license code, after a confirmation step; the page re-reads the licenses afterwards. */
export function RevokeCodeButton({ codeId, codeLabel, offeringName }: { codeId: string; codeLabel: string; offeringName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const revoke = useMutation(trpc.licenses.revokeCode.mutationOptions({ onSuccess: () => startRefresh(() => router.refresh()) }));
  return (
    <ConfirmRevoke
      name={`${codeLabel} of ${offeringName}`}
      question={<>Revoke “{codeLabel}”? Apps using this code stop working at their next license refresh. This cannot be undone.</>}
      confirmText="Revoke code"
      busy={revoke.isPending || revoke.isSuccess || refreshing}
      error={revoke.error?.message ?? null}
      onConfirm={() => revoke.mutate({ codeId })}
      onCancel={() => revoke.reset()}
    />
  );
}
