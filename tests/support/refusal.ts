import { TRPCError } from '@trpc/server';
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

/** How a tRPC procedure refused the call: its tRPC code, and the ApiError Code, message and Details behind it. */
export async function trpcRefusalOf(call: Promise<unknown>): Promise<{ code: string; apiCode: string | undefined; message: string; details: unknown }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { apiCode?: string; details?: unknown } | undefined;
    return { code: error.code, apiCode: cause?.apiCode, message: error.message, details: cause?.details };
  }
  throw new Error('expected the call to be refused');
}
