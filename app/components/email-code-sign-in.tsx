'use client';

import { useMutation } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { useFormat } from './formatted';

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
  const format = useFormat();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [continuationToken, setContinuationToken] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const requestCode = useMutation(trpc.auth.requestSignInCode.mutationOptions());

  async function onEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const collected = props.collectExtra?.(form) ?? {};
    const problem = props.validate?.(collected);
    if (problem) return setError(problem);
    const email = String(form.get('email') ?? '').trim();
    // The server's own limit, said in words before anything is sent (RFC 5321: 254 characters).
    if (email.length > EMAIL_MAX) return setError(`An e-mail address has at most ${EMAIL_MAX} characters; this one has ${format.count(email.length)}.`);
    try {
      const result = await requestCode.mutateAsync({ email });
      setExtra(collected);
      setContinuationToken(result.continuationToken);
      setSentTo(result.sentTo);
      setStep('code');
    } catch (caught) {
      // A refused field says which rule it broke (Details), not the validator's raw text.
      const details = (caught as { data?: { apiCode?: string; details?: { Message?: string }[] | null } }).data;
      const refused = details?.apiCode === 'ValidationError' ? (details.details?.[0]?.Message ?? 'Enter a valid e-mail address.') : null;
      setError(refused ?? ((caught as Error).message || 'The code could not be sent.'));
    }
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSigningIn(true);
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const result = await signIn('email-code', { redirect: false, continuationToken, code, ...extra });
    setSigningIn(false);
    if (!result || result.error) {
      return setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'That code is not correct.');
    }
    router.push(props.callbackUrl);
    router.refresh();
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
          <button type="submit" className={button} disabled={requestCode.isPending}>
            {requestCode.isPending ? 'Sending…' : 'Send me a code'}
          </button>
      </form>
      {step === 'code' && (
        <form onSubmit={onCode} className="space-y-4">
          <label className="block text-sm font-medium">
            Code
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus className={input} />
          </label>
          <button type="submit" className={button} disabled={signingIn}>
            {signingIn ? 'Signing in…' : props.submitLabel}
          </button>
          <button type="button" className="block w-full text-center text-sm text-indigo-700 underline" onClick={() => setStep('email')}>
            Use a different address or send a new code
          </button>
        </form>
      )}
    </div>
  );
}

export const fieldClass = input;

const EMAIL_MAX = 254;
