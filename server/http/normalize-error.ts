import { ZodError, type z } from 'zod';
import { DomainError, type ValidationDetail } from '../errors';
import { OAuthError } from '../identity/oauth-error';

const pascal = (segment: PropertyKey) =>
  typeof segment === 'string' && segment.length > 0 ? segment[0]!.toUpperCase() + segment.slice(1) : String(segment);

/** Field path as the caller wrote it: PascalCase keys joined by '.', array indexes as numbers. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(pascal).join('.');
}

function detailCode(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : 'InvalidType';
    case 'too_big':
      return 'TooLong';
    case 'too_small':
      return 'TooShort';
    case 'invalid_format':
      return 'InvalidFormat';
    case 'invalid_value':
      return 'InvalidValue';
    default:
      return 'Invalid';
  }
}

/** Details name each field in PascalCase, or exactly as the caller wrote it with `keepFieldNames` (wire keys, query parameters). */
export function validationErrorFromZod(error: ZodError, options: { keepFieldNames?: boolean } = {}): DomainError {
  const details: ValidationDetail[] = error.issues.map((issue) => ({
    Code: detailCode(issue),
    Message: issue.input === undefined && issue.code === 'invalid_type' ? 'This field is required.' : issue.message,
    Field: options.keepFieldNames ? issue.path.map(String).join('.') : fieldName(issue.path),
  }));
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details });
}

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
