export const CORRELATION_HEADER = 'x-correlation-id';

// Adopt the caller's id when it is a plausible identifier (1-128 visible ASCII characters);
// anything else (empty, too long, control characters) gets a fresh one rather than an error.
const ACCEPTABLE = /^[\x21-\x7e]{1,128}$/;

/** The caller's `x-correlation-id` value when usable, else a fresh id. */
export function adoptCorrelationId(given: string | null | undefined): string {
  // The Web Crypto global, not node:crypto: pages' proxy (proxy.ts) adopts ids the same way.
  return given && ACCEPTABLE.test(given) ? given : globalThis.crypto.randomUUID();
}

export function correlationIdOf(request: Request): string {
  return adoptCorrelationId(request.headers.get(CORRELATION_HEADER));
}
