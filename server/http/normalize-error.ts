import { ZodError } from 'zod';
import { DomainError } from '../errors';
import { validationErrorFromZod } from '../validation-error';
import { OAuthError } from '../identity/oauth-error';

export { fieldName, validationErrorFromZod } from '../validation-error';

/**
 * The one normaliser from anything thrown to a DomainError: zod errors become ValidationError with
 * Details; anything unexpected becomes a redacted ServerError (the caller logs the original).
 */
export function normalizeError(error: unknown): { error: DomainError; unexpected: boolean } {
  if (error instanceof DomainError) return { error, unexpected: false };
  if (error instanceof ZodError) return { error: validationErrorFromZod(error), unexpected: false };
  if (error instanceof OAuthError) {
    if (error.error === 'slow_down') return { error: new DomainError('RateLimited', error.description), unexpected: false };
    if (error.status < 500) return { error: new DomainError('ValidationError', error.description), unexpected: false };
  }
  return {
    error: new DomainError('ServerError', 'An unexpected error occurred. Retry later and quote the correlation id.'),
    unexpected: true,
  };
}
