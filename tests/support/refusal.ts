import type { DomainError } from '@/server/errors';
import { normalizeError } from '@/server/wire/normalize-error';

/** The ApiError a caller would get for this call (services throw DomainError or ZodError). */
export async function refusalOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    return normalizeError(error).error;
  }
  throw new Error('expected the call to be refused');
}
