'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { buttonPrimary, buttonSecondary, messageOf } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

/**
 * Whether buyers can pay now (the storefront's IsCheckoutReady), and the onboarding of the
 * processor in use: the local processor's one-click step, or Stripe Connect's hosted onboarding.
 * A member whose role may not change the payment setup (`mayChange` false) sees only the state.
 */
export function CheckoutReadinessPanel({ isCheckoutReady, mayChange }: { isCheckoutReady: boolean; mayChange: boolean }) {
  const trpc = useTRPC();
  const headingId = useId();
  const setup = useQuery(trpc.catalogAdmin.paymentSetup.queryOptions());
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        Paid checkout:{' '}
        <span data-testid="paid-checkout-state" className={isCheckoutReady ? 'text-emerald-700' : 'text-amber-800'}>
          {isCheckoutReady ? 'ready' : 'not enabled yet'}
        </span>
      </h2>
      {!mayChange ? (
        <p className="text-sm text-slate-600">
          {isCheckoutReady ? 'Buyers can pay for your paid offerings.' : 'Buyers can get your free offerings, but cannot pay for paid ones until the payment setup is done.'}
        </p>
      ) : setup.isPending ? (
        <p role="status" aria-live="polite" className="text-sm text-slate-600">
          Checking your payment setup…
        </p>
      ) : setup.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>Your payment setup could not be loaded. {messageOf(setup.error)}</p>
          <button type="button" className={buttonSecondary} onClick={() => void setup.refetch()}>
            Try again
          </button>
        </div>
      ) : setup.data.processor === 'stripe' ? (
        <StripeOnboarding isCheckoutReady={isCheckoutReady} hasAccount={setup.data.stripeAccountId !== null} />
      ) : (
        <LocalOnboarding isCheckoutReady={isCheckoutReady} />
      )}
    </section>
  );
}

function LocalOnboarding({ isCheckoutReady }: { isCheckoutReady: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const toast = useToast();
  const enable = useMutation(
    trpc.catalogAdmin.markCheckoutReady.mutationOptions({
      onSuccess: async () => {
        toast('Paid checkout is ready: buyers can pay now.');
        await invalidate();
      },
    }),
  );
  return (
    <>
      {isCheckoutReady ? (
        <p className="text-sm text-slate-600">Buyers can pay for your paid offerings through the built-in local processor. Free offerings complete either way.</p>
      ) : (
        <>
          <p className="max-w-2xl text-sm text-slate-600">
            Buyers can see your listed offerings and get free ones, but they cannot pay for paid ones yet. To take
            payments, enable checkout: the local processor is this service&apos;s built-in payment processor (a hosted
            checkout page served by this service, like a test mode).
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
    </>
  );
}

type StripeReturn = 'return' | 'refresh';

/** Stripe sends the seller back to /portal/catalog?stripe=return (done or left) or ?stripe=refresh (the link expired). */
function takeStripeReturn(): StripeReturn | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get('stripe');
  if (value !== 'return' && value !== 'refresh') return null;
  // Dropped from the address, so a reload or a shared link does not ask Stripe again.
  url.searchParams.delete('stripe');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return value;
}

function StripeOnboarding({ isCheckoutReady, hasAccount }: { isCheckoutReady: boolean; hasAccount: boolean }) {
  const trpc = useTRPC();
  const invalidateCatalog = useInvalidateCatalog();
  const [cameBack, setCameBack] = useState<StripeReturn | null>(null);
  const checkedReturn = useRef(false);

  // The hosted onboarding is on Stripe's site: the browser leaves this page for the link.
  const start = useMutation(trpc.catalogAdmin.startStripeOnboarding.mutationOptions({ onSuccess: ({ url }) => window.location.assign(url) }));
  const refresh = useMutation(
    trpc.catalogAdmin.refreshStripeReadiness.mutationOptions({
      onSuccess: () =>
        invalidateCatalog(),
    }),
  );
  const { mutate: refreshNow } = refresh;
  const { reset: resetStart } = start;

  // Back from Stripe through the browser's back button, the page may be restored as it was left
  // ("Opening Stripe…", disabled): make the button usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) resetStart();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetStart]);

  useEffect(() => {
    if (checkedReturn.current) return;
    checkedReturn.current = true;
    const returned = takeStripeReturn();
    if (!returned) return;
    // Remembered with the answer it explains: the message reads both at once.
    refreshNow(undefined, { onSettled: () => setCameBack(returned) });
  }, [refreshNow]);

  const leaving = start.isPending || start.isSuccess;
  return (
    <>
      {isCheckoutReady ? (
        <p className="text-sm text-slate-600">
          Your Stripe account can take charges: buyers can pay for your paid offerings. Free offerings complete either way.
        </p>
      ) : (
        <>
          <p className="max-w-2xl text-sm text-slate-600">
            Payments go through Stripe. Paid checkouts are refused until Stripe enables charges on your connected account;
            free offerings complete either way. Stripe&apos;s onboarding asks for your business and payout details.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonPrimary} disabled={leaving} aria-busy={leaving || undefined} onClick={() => start.mutate()}>
              {leaving ? 'Opening Stripe…' : hasAccount ? 'Continue Stripe onboarding' : 'Connect with Stripe'}
            </button>
            {hasAccount && (
              <button type="button" className={buttonSecondary} disabled={refresh.isPending} aria-busy={refresh.isPending || undefined} onClick={() => refresh.mutate()}>
                Check status with Stripe
              </button>
            )}
          </div>
        </>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {refresh.isPending && <p className="text-slate-600">Checking your Stripe account…</p>}
        {refresh.data && <p data-testid="stripe-readiness-result">{refreshMessage(refresh.data.isCheckoutReady, cameBack)}</p>}
      </div>
      {(start.error ?? refresh.error) && (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(start.error ?? refresh.error)}
        </p>
      )}
    </>
  );
}

function refreshMessage(ready: boolean, cameBack: StripeReturn | null): string {
  if (ready) return 'Stripe has enabled charges on your account: checkout is ready.';
  if (cameBack === 'refresh') return 'Your Stripe onboarding link expired. Continue Stripe onboarding to pick up where you left off.';
  return 'Stripe has not enabled charges on your account yet. Continue Stripe onboarding, or check again once Stripe has reviewed your details.';
}
