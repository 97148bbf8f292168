'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { formText } from './form-text';
import { useEmailCode } from './use-email-code';

const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-indigo-500';
const button = 'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 disabled:opacity-60';

/**
 * Passwordless sign-in for the portal: an e-mailed one-time code, then a next-auth session.
 * `extraFields` (registration) are sent along with the code and validated first by `validate`.
 */
export function EmailCodeSignIn(props: {
  title: string;
  intro: string;
  submitLabel: string;
  callbackUrl: string;
  /** Prefills the address (a claim link knows whose it is). */
  defaultEmail?: string;
  extraFields?: ReactNode;
  collectExtra?: (form: FormData) => Record<string, string>;
  validate?: (extra: Record<string, string>) => string | null;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const requestCode = useMutation(trpc.auth.requestSignInCode.mutationOptions());
  const { step, sentTo, error, setError, pending, sendCode, redeemCode, startOver } = useEmailCode();
  const [extra, setExtra] = useState<Record<string, string>>({});

  function onEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const collected = props.collectExtra?.(form) ?? {};
    const problem = props.validate?.(collected);
    if (problem) return setError(problem);
    setExtra(collected);
    sendCode(formText(form, 'email').trim(), (email) => requestCode.mutateAsync({ email }));
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    redeemCode(
      formText(new FormData(event.currentTarget), 'code'),
      () => {
        router.push(props.callbackUrl);
        router.refresh();
      },
      extra,
    );
  }

  return (
    <div className="mx-auto max-w-md space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{props.title}</h1>
        <p className="text-sm text-slate-600">{step === 'email' ? props.intro : `We e-mailed a 6-digit code to ${sentTo}.`}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {/* The address form stays mounted while the code is asked for, so going back finds every field as typed. */}
      <form onSubmit={onEmail} className="space-y-4" hidden={step !== 'email'}>
          {props.extraFields}
          <label className="block text-sm font-medium">
            E-mail address
            <input name="email" type="email" autoComplete="email" required defaultValue={props.defaultEmail} className={input} />
          </label>
          <button type="submit" className={button} disabled={pending === 'sending'}>
            {pending === 'sending' ? 'Sending…' : 'Send me a code'}
          </button>
      </form>
      {step === 'code' && (
        <form onSubmit={onCode} className="space-y-4">
          <label className="block text-sm font-medium">
            Code
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus className={input} />
          </label>
          <button type="submit" className={button} disabled={pending === 'verifying'}>
            {pending === 'verifying' ? 'Signing in…' : props.submitLabel}
          </button>
          <button type="button" className="block w-full text-center text-sm text-indigo-700 underline" onClick={startOver}>
            Use a different address or send a new code
          </button>
        </form>
      )}
    </div>
  );
}

export const fieldClass = input;
