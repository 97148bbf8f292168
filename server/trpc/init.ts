import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { db, type Db } from '../db';
import type { ApiErrorCode } from '../errors';
import { normalizeError } from '../http/normalize-error';

export interface TrpcContext {
  db: Db;
}

export function createTrpcContext(): TrpcContext {
  return { db: db() };
}

const TRPC_CODE_BY_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  500: 'INTERNAL_SERVER_ERROR',
};

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  // Pages branch on the same ApiError Code as REST callers; internals never reach the browser.
  errorFormatter({ shape, error }) {
    const apiCode = (error.cause as { apiCode?: ApiErrorCode } | undefined)?.apiCode ?? 'ServerError';
    const details = (error.cause as { details?: unknown } | undefined)?.details ?? null;
    return { ...shape, message: apiCode === 'ServerError' ? 'An unexpected error occurred.' : shape.message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, apiCode, details } };
  },
});

// The one tRPC adapter of server/http/normalize-error: the same Codes as the REST mapping.
const errorConversion = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (result.ok) return result;
  const original = result.error.cause ?? result.error;
  const { error, unexpected } = normalizeError(original);
  if (unexpected) console.error(`[trpc ${path}]`, original);
  const cause = Object.assign(new Error(error.message), { apiCode: error.code, details: error.details });
  throw new TRPCError({ code: TRPC_CODE_BY_STATUS[error.status] ?? 'INTERNAL_SERVER_ERROR', message: error.message, cause });
});

export const createTrpcRouter = t.router;
export const publicProcedure = t.procedure.use(errorConversion);
