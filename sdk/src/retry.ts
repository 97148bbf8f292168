import { LicensingApiError } from './errors.js';

/** Retries of one request (network errors, 5xx, 429), with exponential backoff from `baseDelayMs`. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export function retryPolicy(options: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number } | undefined): RetryPolicy {
  return { attempts: options?.attempts ?? 6, baseDelayMs: options?.baseDelayMs ?? 500, maxDelayMs: options?.maxDelayMs ?? 30_000 };
}

/** The wait before the next try of a background task after `failures` failures in a row (capped). */
export function backoffAfter(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** failures);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `call` until it answers, retrying what is worth retrying as is (no answer, 5xx, 429:
 * honouring Retry-After), with jittered exponential backoff. The caller builds the request once, so
 * its RequestId or BatchId is the same on every try.
 */
export async function withRetries<T>(policy: RetryPolicy, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof LicensingApiError) || !error.retryable || attempt >= policy.attempts) throw error;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      await sleep(error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoff * (0.5 + Math.random() / 2));
    }
  }
}
