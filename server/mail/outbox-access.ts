import { env } from '../env';

/** Set by the production entry on every request (overwriting what a client sent). */
export const LOOPBACK_CLIENT_HEADER = 'x-service-loopback-client';

/**
 * The dev outbox shows live sign-in codes and claim links, so reading it is guarded:
 * DEV_OUTBOX=local (the default outside production) serves it only to browsers on this machine,
 * true to anyone who can reach the service, false to no one.
 */
export function canReadOutbox(headers: Headers): boolean {
  const mode = env().DEV_OUTBOX;
  return mode === 'true' || (mode === 'local' && headers.get(LOOPBACK_CLIENT_HEADER) === '1');
}
