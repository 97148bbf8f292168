import crypto from 'node:crypto';

export const CORRELATION_HEADER = 'x-correlation-id';

// Adopt the caller's id when it is a plausible identifier (1-128 visible ASCII characters);
// anything else (empty, too long, control characters) gets a fresh one rather than an error.
const ACCEPTABLE = /^[\x21-\x7e]{1,128}$/;

export function correlationIdOf(request: Request): string {
  const given = request.headers.get(CORRELATION_HEADER);
  return given && ACCEPTABLE.test(given) ? given : crypto.randomUUID();
}
