'use client';

import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { buttonPrimary, messageOf } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

/** Whether buyers can pay now (the storefront's IsCheckoutReady), and the local processor's onboarding. */
export function CheckoutReadinessPanel({ isCheckoutReady }: { isCheckoutReady: boolean }) {
  const trpc = useTRPC();
  const headingId = useId();
  const invalidate = useInvalidateCatalog();
  const enable = useMutation(trpc.catalogAdmin.markCheckoutReady.mutationOptions({ onSuccess: () => invalidate() }));
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        Checkout readiness
      </h2>
      <p role="status" className="text-sm">
        IsCheckoutReady: <strong data-testid="is-checkout-ready">{String(isCheckoutReady)}</strong>
      </p>
      {isCheckoutReady ? (
        <p className="text-sm text-slate-600">Buyers can pay for your paid offerings. Free offerings complete either way.</p>
      ) : (
        <>
          <p className="max-w-2xl text-sm text-slate-600">
            Your storefront lists its catalog and free offerings complete, but paid checkouts are refused until you
            enable checkout. The local processor is the service&apos;s built-in payment processor (a hosted checkout
            page served by this service, like a test mode).
          </p>
          <button type="button" className={buttonPrimary} disabled={enable.isPending} aria-busy={enable.isPending || undefined} onClick={() => enable.mutate()}>
            Enable checkout (local processor)
          </button>
        </>
      )}
      {enable.error && (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(enable.error)}
        </p>
      )}
    </section>
  );
}
