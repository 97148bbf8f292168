import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { db, type Db } from '../db';
import { DomainError, HTTP_STATUS_BY_CODE, type ApiErrorCode } from '../errors';
import { normalizeError } from '../wire/normalize-error';
import { assertUsableText } from '../validation-error';
import { logger } from '../platform/logging/logger';
import type { PortalSession } from '../identity/portal-session';
import { canReadOutbox } from '../mail/outbox-access';
import { actingSellerOf } from './acting-seller';
import { requireRolePermission, type MemberPermission } from '../sellers/members/member-permissions';
import { runWithActingContext, type ActingContext } from '../platform/database/acting-context';
import { CORRELATION_HEADER } from '../platform/logging/correlation';

export interface TrpcContext {
  db: Db;
  session: PortalSession | null;
  /** The client address the entry server resolved; absent for in-process callers. */
  clientIp?: string;
  /** The request may read the dev outbox (server/mail/outbox-access.ts); false unless its transport said so. */
  outboxReadable?: boolean;
  /** Who calls: the pages' server-side caller, or (unset) a client over HTTP. */
  transport?: 'server';
  /** The request's User-Agent and correlation id, for the audit log; absent for in-process callers. */
  userAgent?: string;
  correlationId?: string;
}

/**
 * The context of a request, the same for both transports of the router: the tRPC route file (HTTP)
 * and the pages' server-side caller (app/trpc-server.ts) read the session, the client address and
 * the request's headers, so a procedure sees the same person, limits and access either way.
 */
export function createTrpcContext(request: { session: PortalSession | null; clientIp?: string; headers?: Headers; transport?: 'server' }): TrpcContext {
  return {
    db: db(),
    session: request.session,
    clientIp: request.clientIp,
    outboxReadable: request.headers ? canReadOutbox(request.headers) : false,
    transport: request.transport,
    userAgent: request.headers?.get('user-agent') ?? undefined,
    correlationId: request.headers?.get(CORRELATION_HEADER) ?? undefined,
  };
}

// Total over every status of the Code table: a Code with a new status does not compile until it is
// mapped here, so no ApiError silently becomes INTERNAL_SERVER_ERROR on tRPC.
const TRPC_CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<(typeof HTTP_STATUS_BY_CODE)[ApiErrorCode], TRPCError['code']>;

// A TRPCError thrown on purpose (no ApiError behind it) keeps its meaning. A missing portal session
// is no ApiError Code (REST callers never have one): 401 UNAUTHORIZED, apiCode null, its own sentence,
// so the page can send the person to sign in instead of saying "an unexpected error occurred".
function apiCodeOfBareTrpcError(code: TRPCError['code']): ApiErrorCode | null {
  if (code === 'BAD_REQUEST') return 'ValidationError';
  if (code === 'UNAUTHORIZED') return null;
  if (code === 'NOT_FOUND') return 'NotFound';
  return 'ServerError';
}

/** What a procedure declares of itself: a seller procedure, the permission it needs. */
interface ProcedureMeta {
  permission?: MemberPermission;
}

const t = initTRPC.context<TrpcContext>().meta<ProcedureMeta>().create({
  transformer: superjson,
  // Pages branch on the same ApiError Code as REST callers; internals never reach the browser.
  errorFormatter({ shape, error }) {
    const apiCode = (error.cause as { apiCode?: ApiErrorCode } | undefined)?.apiCode ?? apiCodeOfBareTrpcError(error.code);
    const details = (error.cause as { details?: unknown } | undefined)?.details ?? null;
    return {
      ...shape,
      message: apiCode === 'ServerError' ? 'An unexpected error occurred.' : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, apiCode, details },
    };
  },
});

// The one tRPC adapter of server/http/normalize-error: the same Codes as the REST mapping.
const errorConversion = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (result.ok) return result;
  const original = result.error.cause ?? result.error;
  // tRPC reads the input lazily, so an unreadable body surfaces here: a BAD_REQUEST caused by JSON.parse.
  if (result.error.code === 'BAD_REQUEST' && original instanceof SyntaxError) {
    const cause = Object.assign(new Error('The request body is not valid JSON.'), { apiCode: 'InvalidPayload' });
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  if (original instanceof TRPCError) throw original;
  const { error, unexpected } = normalizeError(original);
  if (unexpected) logger.error({ err: original, procedure: path }, 'tRPC procedure failed unexpectedly');
  const cause = Object.assign(new Error(error.message), { apiCode: error.code, details: error.details });
  throw new TRPCError({ code: TRPC_CODE_BY_STATUS[HTTP_STATUS_BY_CODE[error.code]], message: error.message, cause });
});

// The same rule as REST's (validation-error.ts): a NUL or ill-formed Unicode in any input field is a
// 400 naming the field, never a 500 from PostgreSQL.
const usableTextOnly = t.middleware(async ({ getRawInput, next }) => {
  assertUsableText(await getRawInput());
  return next();
});

export const createTrpcRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorConversion).use(usableTextOnly);

/** A signed-in person (portal session). */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** The person of a portal request as the audit log names them (the seller and role, when they act as a member). */
function portalActor(ctx: TrpcContext & { session: PortalSession }, path: string, member: { sellerId: string; role: string } | null): ActingContext {
  return {
    sellerId: member?.sellerId ?? null,
    actorType: 'Member',
    actorId: ctx.session.accountId,
    actorLabel: ctx.session.email,
    actorRole: member?.role ?? null,
    actorScopes: [],
    surface: 'Portal',
    operation: path,
    ipAddress: ctx.clientIp ?? null,
    userAgent: ctx.userAgent ?? null,
    correlationId: ctx.correlationId ?? null,
  };
}

/**
 * A signed-in member of a seller: ctx.seller is the seller the person acts for, ctx.role their role in
 * it. What the procedure changes is recorded in the seller's audit log as this member's doing.
 */
const memberProcedure = protectedProcedure.use(async ({ ctx, next, path }) => {
  const acting = await actingSellerOf(ctx, ctx.session.accountId);
  if (!acting) throw new DomainError('NotFound', NOT_A_SELLER_MESSAGE);
  const actor = portalActor(ctx, path, { sellerId: acting.seller.id, role: acting.role });
  return runWithActingContext(actor, () => next({ ctx: { ...ctx, seller: acting.seller, role: acting.role } }));
});

/**
 * A signed-in person changing a seller's data before they are its member (accepting an invitation):
 * the audit log of the seller each row belongs to records it as theirs.
 */
export const joiningProcedure = protectedProcedure.use(({ ctx, next, path }) => runWithActingContext(portalActor(ctx, path, null), () => next()));

/**
 * A seller's procedure that a member may call only when their role holds `permission` (README
 * "Roles"); any other member is refused (403 RoleForbidden, tRPC FORBIDDEN) before the input is read.
 */
export function sellerProcedure(permission: MemberPermission) {
  return memberProcedure.meta({ permission }).use(({ ctx, next }) => {
    requireRolePermission(ctx.role, permission);
    return next();
  });
}

/**
 * A seller's procedure whose answer only a server can hand on (a stream of CSV rows for a download
 * route): over HTTP there is no such procedure.
 */
export function sellerServerProcedure(permission: MemberPermission) {
  return sellerProcedure(permission).use(({ ctx, next }) => {
    if (ctx.transport !== 'server') throw new DomainError('NotFound', 'No such procedure over HTTP; the download is the portal\'s export address.');
    return next();
  });
}

const NOT_A_SELLER_MESSAGE = 'You are not a member of any seller yet. Register as a seller first.';
