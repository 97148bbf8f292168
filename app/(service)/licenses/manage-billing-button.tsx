'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import type { BillingManagement } from '@/server/entry/shared';

/**
 * "Manage billing" of a subscription: the billing page here for the local processor; for Stripe, a
 * customer portal session opened on click (its URL is single-use) and the browser sent there.
 */
export function ManageBillingButton({ licenseId, billing, offeringName }: { licenseId: string; billing: NonNullable<BillingManagement>; offeringName: string }) {
  const trpc = useTRPC();
  const portal = useMutation(trpc.licenses.openBillingPortal.mutationOptions({ onSuccess: ({ url }) => window.location.assign(url) }));
  if (billing === 'local-page') {
    return (
      <Link href={`/licenses/${encodeURIComponent(licenseId)}/billing`} className={buttonSecondary}>
        Manage billing<span className="sr-only"> of {offeringName}</span>
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <button type="button" className={buttonSecondary} disabled={portal.isPending || portal.isSuccess} onClick={() => portal.mutate({ licenseId })}>
        {portal.isPending || portal.isSuccess ? 'Opening Stripe…' : 'Manage billing'}
        <span className="sr-only"> of {offeringName}</span>
      </button>
      {portal.error && (
        <p role="alert" className="text-xs text-red-700 [overflow-wrap:anywhere]">
          {portal.error.data?.apiCode === 'ServerError'
            ? 'Stripe’s billing portal could not be opened just now. Nothing changed; try again in a moment.'
            : `Could not open the billing portal: ${portal.error.message}`}
        </p>
      )}
    </div>
  );
}
