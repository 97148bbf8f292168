import 'server-only';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { ApiErrorCode } from '@licensing/core';
import type { ValidationDetail } from '@/server/entry/shared';
import { CLIENT_IP_HEADER, trpc } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

// The request's context, made once per request (React's cache): the same session, client address
// and request headers the tRPC route file gives an HTTP call, so a procedure decides the same way
// (who is signed in, which seller they act for, limits per address, dev outbox access).
const requestContext = cache(async () => {
  const requestHeaders = await headers();
  return trpc.createTrpcContext({ session: await getPortalSession(), clientIp: requestHeaders.get(CLIENT_IP_HEADER) ?? undefined, headers: requestHeaders, transport: 'server' });
});

/**
 * The tRPC router for server components, layouts, server actions and the portal's route files: the
 * very procedures client components call over HTTP, with their middleware (session, seller, limits,
 * the ApiError mapping). A refusal is a TRPCError; `apiErrorOf` reads its ApiError Code.
 */
export const api = trpc.createCaller(requestContext);

/** A procedure's refusal as a page may word it. */
interface Refusal {
  /** The ApiError Code behind it; null for a missing session (no ApiError: REST callers never have one). */
  code: ApiErrorCode | null;
  signedOut: boolean;
  message: string;
  details: ValidationDetail[];
}

/** The refusal behind a procedure's TRPCError, or null for anything else. */
export function apiErrorOf(error: unknown): Refusal | null {
  // By shape, not instanceof: the core's @trpc/server and the pages' may be two module copies.
  if (!(error instanceof Error) || error.name !== 'TRPCError') return null;
  const cause = error.cause as { apiCode?: ApiErrorCode; details?: ValidationDetail[] } | undefined;
  return { code: cause?.apiCode ?? null, signedOut: (error as { code?: string }).code === 'UNAUTHORIZED', message: error.message, details: cause?.details ?? [] };
}

/** True when a procedure refused with one of these ApiError Codes. */
export function refusedWith(error: unknown, ...codes: ApiErrorCode[]): boolean {
  const code = apiErrorOf(error)?.code;
  return code != null && codes.includes(code);
}

/**
 * A read whose NotFound (absent, or someone else's) is the page's not-found state. An address that
 * is no id at all (a ValidationError of the input) names nothing either.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (refusedWith(error, 'NotFound', 'ValidationError')) notFound();
    throw error;
  }
}

/** The signed-in person and the seller they act for with their role (portal.me), asked once per request; null without a session. */
export const portalMe = cache(() => api.portal.me());

/** The signed-in person as pages see them (portal.me). */
export type PortalMe = NonNullable<Awaited<ReturnType<typeof portalMe>>>;
