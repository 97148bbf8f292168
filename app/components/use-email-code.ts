'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useFormat } from './formatted';

/** RFC 5321's limit, the server's too: said in words before anything is sent. */
export const EMAIL_MAX = 254;

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

  /** Sends a code with `send` (the page's own mutation); false when refused, with the reason in `error`. */
  async function sendCode(email: string, send: (email: string) => Promise<CodeSent>): Promise<boolean> {
    setError(null);
    if (email.length > EMAIL_MAX) {
      setError(`An e-mail address has at most ${EMAIL_MAX} characters; this one has ${format.count(email.length)}.`);
      return false;
    }
    setPending('sending');
    try {
      setSent(await send(email));
      setStep('code');
      return true;
    } catch (caught) {
      setError(refusalMessage(caught) ?? 'The code could not be sent.');
      return false;
    } finally {
      setPending(null);
    }
  }

  /** Redeems the code (with a registration's extra fields); true once the session is set. */
  async function redeemCode(code: string, extra: Record<string, string> = {}): Promise<boolean> {
    setError(null);
    setPending('verifying');
    const result = await signIn('email-code', { redirect: false, continuationToken: sent?.continuationToken ?? '', code, ...extra });
    setPending(null);
    if (!result || result.error) {
      setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'That code is not correct.');
      return false;
    }
    return true;
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
