'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useFormat } from './formatted';

/** RFC 5321's limit, the server's too: said in words before anything is sent. */
const EMAIL_MAX = 254;

export interface CodeSent {
  continuationToken: string;
  sentTo: string;
}

/**
 * The two steps of a passwordless sign-in, whatever page asks for them (the sign-in and
 * registration pages, the storefront's guest checkout): send a one-time code to an address, then
 * redeem it for a next-auth session. The redeemed code makes the account on its first use.
 */
export function useEmailCode() {
  const format = useFormat();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'sending' | 'verifying' | null>(null);

  /** Sends a code with `send` (the page's own mutation); a refusal or a failure is shown in `error`. */
  function sendCode(email: string, send: (email: string) => Promise<CodeSent>): void {
    setError(null);
    if (email.length > EMAIL_MAX) {
      setError(`An e-mail address has at most ${EMAIL_MAX} characters; this one has ${format.count(email.length)}.`);
      return;
    }
    setPending('sending');
    send(email)
      .then((codeSent) => {
        setSent(codeSent);
        setStep('code');
        setPending(null);
      })
      .catch((caught: unknown) => {
        setError(refusalMessage(caught) ?? 'The code could not be sent.');
        setPending(null);
      });
  }

  /** Redeems the code (with a registration's extra fields); `onSignedIn` runs once the session is set. */
  function redeemCode(code: string, onSignedIn: () => void, extra: Record<string, string> = {}): void {
    setError(null);
    setPending('verifying');
    signIn('email-code', { redirect: false, continuationToken: sent?.continuationToken ?? '', code, ...extra })
      .then((result) => {
        setPending(null);
        if (!result || result.error) {
          setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'That code is not correct.');
          return;
        }
        onSignedIn();
      })
      .catch(() => {
        // The request itself failed (offline, the server restarting): the code may still be good.
        setPending(null);
        setError('The code could not be checked. Please try again.');
      });
  }

  return {
    step,
    sentTo: sent?.sentTo ?? '',
    error,
    setError,
    pending,
    sendCode,
    redeemCode,
    startOver: () => {
      setError(null);
      setStep('email');
    },
  };
}

/** A refused field says which rule it broke (Details), not the validator's raw text. */
function refusalMessage(caught: unknown): string | null {
  const data = (caught as { data?: { apiCode?: string; details?: { Message?: string }[] | null } }).data;
  if (data?.apiCode === 'ValidationError') return data.details?.[0]?.Message ?? 'Enter a valid e-mail address.';
  return (caught as Error).message || null;
}
