import { createMiddleware } from 'hono/factory';
import { routePath, matchedRoutes } from 'hono/route';
import { DomainError } from '../../errors';
import { env } from '../../env';
import { BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT } from '../../platform/limits/limit-table';
import { consumeLimit } from '../../platform/limits/limits';
import { runWithLogContext, logger } from '../../platform/logging/logger';
import { recordHttpRequest } from '../../platform/metrics/metrics';
import type { AppEnv } from '../app-env';
import { correlationIdOf } from '../../platform/logging/correlation';
import { CLIENT_IP_HEADER } from '../client-ip-header';

// The middleware every request through the REST app passes, in this order, before any route's own
// (body, credentials, validation): correlation id and request log, path sanity, the per-IP limit,
// the body size limit of the route family.

/** Adopts or makes the correlation id, logs one line per request under it, counts it for /metrics. */
export const correlate = createMiddleware<AppEnv>(async (c, next) => {
  const correlationId = correlationIdOf(c.req.raw);
  c.set('correlationId', correlationId);
  const started = performance.now();
  await runWithLogContext({ correlationId }, async () => {
    await next();
    const seconds = (performance.now() - started) / 1000;
    // The operation that answered: the last matched route that is no middleware or surface catch-all.
    // Route patterns only, never raw paths: a label per path would be unbounded.
    const answered = matchedRoutes(c).findLastIndex((route) => route.method !== 'ALL');
    const route = answered >= 0 ? routePath(c, answered) : (c.get('refusedOperation') ?? 'unmatched');
    recordHttpRequest({ route, method: c.req.method, status: c.res.status }, seconds);
    logger.info({ method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, 'request');
  });
  c.res.headers.set('X-Correlation-Id', correlationId);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  if (env().publicBaseUrl.startsWith('https:')) c.res.headers.set('Strict-Transport-Security', HSTS);
});

const HSTS = 'max-age=31536000; includeSubDomains';

function decodedPath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

const PLAIN_URL = /^[\x21-\x24\x26-\x7e]*$/;

/**
 * No identifier of ours contains a NUL or an ill-formed character, so a path with one names
 * nothing (404), and a query parameter with one is refused by name (400) before PostgreSQL sees it.
 */
export const rejectUnusableText = createMiddleware<AppEnv>(async (c, next) => {
  // Visible ASCII without a percent sign carries neither: most requests stop here.
  if (PLAIN_URL.test(c.req.url)) return next();
  const url = new URL(c.req.url);
  const path = decodedPath(url.pathname);
  if (path.includes('\u0000') || !path.isWellFormed()) throw new DomainError('NotFound', 'No resource at this path.');
  for (const [name, value] of url.searchParams) {
    if (value.includes('\u0000') || !value.isWellFormed() || name.includes('\u0000') || !name.isWellFormed()) {
      throw new DomainError('ValidationError', 'One or more fields failed validation.', {
        details: [{ Code: 'InvalidFormat', Message: 'Must not contain NUL or ill-formed characters.', Field: name.isWellFormed() ? name.replaceAll('\u0000', '') : 'query' }],
      });
    }
  }
  await next();
});

/** The coarse per-IP limit, ahead of every credential check (docs/api/README.md "Limits"). */
export const limitPerIp = createMiddleware<AppEnv>(async (c, next) => {
  await consumeLimit('ip', c.req.header(CLIENT_IP_HEADER) ?? 'unknown');
  await next();
});

const BODY_LIMITS = Object.entries(BODY_LIMIT_BYTES);

function bodyLimitOf(path: string): number {
  const family = BODY_LIMITS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return family?.[1] ?? DEFAULT_BODY_LIMIT;
}

const tooLarge = (maxSize: number) => new DomainError('PayloadTooLarge', `The request body is larger than ${maxSize} bytes.`);

/**
 * A declared Content-Length over the family's limit is refused unread; a body without one is read
 * up to the limit and refused the moment it passes it. (Hono's bodyLimit rebuilds the request from
 * the node adapter's light request object, which undici refuses; this reads the stream itself.)
 */
export const limitBodySize = createMiddleware<AppEnv>(async (c, next) => {
  // Touching `body` makes the node adapter build a full Request; a GET's headers say enough.
  const method = c.req.method;
  const declared = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  if ((method === 'GET' || method === 'HEAD') && declared === undefined && !chunked) return next();
  const maxSize = bodyLimitOf(c.req.path);
  if (declared !== undefined && !chunked) {
    if (Number(declared) > maxSize) throw tooLarge(maxSize);
    return next();
  }
  const raw = c.req.raw;
  if (!raw.body) return next();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxSize) {
      await reader.cancel();
      throw tooLarge(maxSize);
    }
    chunks.push(value);
  }
  const body = ['GET', 'HEAD'].includes(raw.method) || size === 0 ? undefined : Buffer.concat(chunks);
  c.req.raw = new Request(c.req.url, { method: raw.method, headers: new Headers(raw.headers), body });
  await next();
});
