import { tryConsumeLimit } from '../platform/limits/limits';
import { limitDescription, type LimitName } from '../platform/limits/limit-table';
import { OAuthError } from './oauth-error';

// The limits of the sign-in authority (docs/security.md), spent through the limits module and
// refused the OAuth way: 429 with Retry-After, `slow_down` for what one address may be sent or
// try, `temporarily_unavailable` for sign-ins started from one client IP.

function inWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

async function spend(name: LimitName, key: string, error: 'slow_down' | 'temporarily_unavailable'): Promise<void> {
  const decision = await tryConsumeLimit(name, key);
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new OAuthError(error, `${limitDescription(name).refusal} Try again in ${inWords(seconds)}.`, 429, {}, seconds);
}

/** A code is about to be e-mailed to `email`: the burst and the hourly count of codes sent. */
export async function spendCodeSent(email: string): Promise<void> {
  await spend('signInCode', email, 'slow_down');
  await spend('signInCodeHourly', email, 'slow_down');
}

/** A code for `email` is about to be checked (counted before the check, right or wrong). */
export async function spendCodeTry(email: string): Promise<void> {
  await spend('signInCodeTry', email, 'slow_down');
}

/** A sign-in is about to be stored for a request from `clientIp` (unknown: not counted, e.g. in-process calls). */
export async function spendSignInStart(clientIp: string | undefined): Promise<void> {
  if (clientIp) await spend('signInStart', clientIp, 'temporarily_unavailable');
}
