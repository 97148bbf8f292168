import { ZodError } from 'zod';
import { DomainError } from '../errors';
import { validationErrorFromZod } from '../validation-error';
import { OAuthError } from '../identity/oauth-error';
import { isDatabaseUnavailable } from '../platform/database/database-pool';

/** What a caller is told to wait while the database cannot be reached (Retry-After). */
const DATABASE_UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The one normaliser from anything thrown to a DomainError: zod errors become ValidationError with
 * Details; a database that cannot be reached or did not answer in time, ServiceUnavailable with a
 * retry-after; anything else unexpected becomes a redacted ServerError (the caller logs the original).
 */
export function normalizeError(error: unknown): { error: DomainError; unexpected: boolean } {
  if (error instanceof DomainError) return { error, unexpected: false };
  if (error instanceof ZodError) return { error: validationErrorFromZod(error), unexpected: false };
  if (error instanceof OAuthError) {
    // A spent sign-in limit (429, whichever OAuth error it carries: slow_down, temporarily_unavailable).
    if (error.error === 'slow_down' || error.status === 429) {
      return { error: new DomainError('RateLimited', error.description, { retryAfterSeconds: error.retryAfterSeconds }), unexpected: false };
    }
    if (error.status < 500) return { error: new DomainError('ValidationError', error.description), unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      error: new DomainError('ServiceUnavailable', 'The service cannot reach its database right now. Retry after the time in Retry-After.', {
        retryAfterSeconds: DATABASE_UNAVAILABLE_RETRY_SECONDS,
      }),
      unexpected: false,
    };
  }
  return {
    error: new DomainError('ServerError', 'An unexpected error occurred. Retry later and quote the correlation id.'),
    unexpected: true,
  };
}
