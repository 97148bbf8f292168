import type { z } from 'zod';
import { ArgumentError } from './errors.js';

/** The first string holding a NUL or ill-formed Unicode (the service refuses such text in every input). */
function unusableText(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed() ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = unusableText(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'input';

/**
 * Checks a request (camelCase, as the caller wrote it) with the service's own schema and throws an
 * ArgumentError naming the first failing field as the caller wrote it (`items.2.units`).
 */
export function assertValid<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const unusable = unusableText(input);
  if (unusable) throw new ArgumentError(fieldOf(unusable), 'must not contain NUL or ill-formed Unicode.');
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ArgumentError(fieldOf(issue.path), issue.code === 'invalid_type' && issue.input === undefined ? 'is required.' : issue.message);
}
