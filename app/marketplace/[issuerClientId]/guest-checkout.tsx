'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { fieldClass } from '@/app/components/email-code-sign-in';
import { formText } from '@/app/components/form-text';
import { useEmailCode } from '@/app/components/use-email-code';
import { useTRPC } from '@/app/trpc-provider';

const primary =
  'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
const quiet = 'text-sm text-indigo-700 underline hover:text-indigo-900';

/**
 * A free offering for a buyer without a session: they give an e-mail address, get a code that names
 * the offering, and enter it; the code proves the address and signs them in (the account is made on
 * first use), then `onSignedIn` gets it. Nothing is issued before the address is proven (a paid
 * offering goes to its payment page instead: pay first, verify after).
 */
export function GuestCheckout(props: {
  issuerClientId: string;
  offeringId: string;
  offeringName: string;
  onSignedIn: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const requestCode = useMutation(trpc.purchase.requestGuestCode.mutationOptions());
  const { step, sentTo, error, pending, sendCode, redeemCode, startOver } = useEmailCode();
  const headingId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step === 'email' ? emailRef : codeRef).current?.focus();
  }, [step]);

  function onEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), 'email').trim();
    sendCode(email, (address) => requestCode.mutateAsync({ issuerClientId: props.issuerClientId, offeringId: props.offeringId, email: address }));
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    redeemCode(formText(new FormData(event.currentTarget), 'code'), props.onSignedIn);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="guest-checkout">
      <h3 id={headingId} className="font-semibold">
        Get it with your e-mail address
      </h3>
      <p className="text-slate-700">
        {step === 'email'
          ? 'No account needed: we e-mail you a 6-digit code to confirm the address, and keep your license and receipt under it. Bought here before? The same code signs you in.'
          : `We e-mailed a 6-digit code to ${sentTo}.`}
      </p>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-800">
          {error}
        </p>
      )}
      <form onSubmit={onEmail} className="space-y-3" hidden={step !== 'email'}>
        <label className="block font-medium">
          E-mail address
          <input ref={emailRef} name="email" type="email" autoComplete="email" required className={fieldClass} />
        </label>
        <button type="submit" className={primary} disabled={pending === 'sending'}>
          {pending === 'sending' ? 'Sending…' : 'Send me a code'}
        </button>
      </form>
      {step === 'code' && (
        <form onSubmit={onCode} className="space-y-3">
          <label className="block font-medium">
            Code
            <input ref={codeRef} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required className={fieldClass} />
          </label>
          <button type="submit" className={primary} disabled={pending === 'verifying'}>
            {pending === 'verifying' ? 'Confirming…' : 'Confirm and get it'}
          </button>
          <button type="button" className={quiet} onClick={startOver}>
            Use a different address or send a new code
          </button>
        </form>
      )}
      <button type="button" className={quiet} onClick={props.onCancel}>
        Not now
      </button>
    </section>
  );
}
