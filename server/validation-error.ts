import type { ZodError, z } from 'zod';
import { DomainError, type ValidationDetail } from './errors';
import './validation-messages';

// Zod failures as the ValidationError of the closed error table: a rule of the core (services
// validate their own input), used by every transport.

const pascal = (segment: PropertyKey) =>
  typeof segment === 'string' && segment.length > 0 ? segment[0]!.toUpperCase() + segment.slice(1) : String(segment);

/** Field path as the caller wrote it: PascalCase keys joined by '.', array indexes as numbers. */
function fieldName(path: readonly PropertyKey[]): string {
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
    case 'custom':
      // A schema's own rule may name its Code (`params: { detailCode: 'Duplicate' }`), as a service's refusal does.
      return typeof issue.params?.detailCode === 'string' ? issue.params.detailCode : 'Invalid';
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

/** The first string field holding a NUL or ill-formed Unicode, as the caller named it. */
export function unusableStringField(value: unknown): string | null {
  const path: string[] = [];
  return holdsUnusableString(value, path) ? path.reverse().join('.') || 'body' : null;
}

// Every input passes here (often twice), so the walk allocates nothing until it finds one: the
// path is collected, innermost key first, only on the way back out.
function holdsUnusableString(value: unknown, path: string[]): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (holdsUnusableString(value[index], path)) return path.push(String(index)) > 0;
    }
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && holdsUnusableString((value as Record<string, unknown>)[key], path)) return path.push(key) > 0;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store (a NUL) or that is not text at all (a lone surrogate) is refused in
 * every input, REST body and query, tRPC input, before any service sees it: a ValidationError naming
 * the field as the caller wrote it.
 */
export function assertUsableText(input: unknown): void {
  const field = unusableStringField(input);
  if (field === null) return;
  throw new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: 'InvalidFormat', Message: 'Must not contain NUL or ill-formed Unicode.', Field: field }],
  });
}
