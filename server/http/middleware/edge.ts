import type { Context, MiddlewareHandler } from 'hono';
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

// What every request through a surface passes, in this order, before any route's own (body,
// credentials, validation): the surface's refusal, the correlation id and the request log, path
// sanity, the per-IP limit, the body size limit of the route family. One middleware whose steps are
// plain functions: each middleware is a dispatch of Hono's (two promises and their microtasks, each
// seen by Node 20's AsyncLocalStorage hooks), and these steps run on every runtime call
// (docs/performance.md).

export interface EdgeOptions {
  /** How the surface answers whatever is thrown inside it (the REST app's one error handler asks the context). */
  refuse: (thrown: unknown, c: Context<AppEnv>) => Response;
  /** The per-IP limit ahead of every credential check. */
  limitPerIp: boolean;
}

/**
 * The surface's first step. Adopts or makes the correlation id, runs the request under it (logs),
 * refuses unusable text, spends the per-IP limit, bounds the body; then the route. Logs one line
 * per request and counts it for /metrics, the refusals of its own steps included.
 */
export function edge(options: EdgeOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('refuse', options.refuse);
    const correlationId = correlationIdOf(c.req.raw);
    c.set('correlationId', correlationId);
    const started = performance.now();
    await runWithLogContext({ correlationId }, async () => {
      try {
        rejectUnusableText(c);
        if (options.limitPerIp) await spendIpLimit(c);
        const read = limitBodySize(c);
        if (read) await read;
      } catch (thrown) {
        // What Hono's dispatch does for a middleware that throws: the surface's answer.
        c.res = options.refuse(thrown, c);
        record(c, started);
        return;
      }
      await next();
      record(c, started);
    });
    c.res.headers.set('X-Correlation-Id', correlationId);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (env().publicBaseUrl.startsWith('https:')) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

function record(c: Context<AppEnv>, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  // The operation that answered: the last matched route that is no middleware or surface catch-all.
  // Route patterns only, never raw paths: a label per path would be unbounded.
  const answered = matchedRoutes(c).findLastIndex((route) => route.method !== 'ALL');
  const route = answered >= 0 ? routePath(c, answered) : (c.get('refusedOperation') ?? 'unmatched');
  recordHttpRequest({ route, method: c.req.method, status: c.res.status }, seconds);
  logger.info({ method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, 'request');
}

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
function rejectUnusableText(c: Context<AppEnv>): void {
  // Visible ASCII without a percent sign carries neither: most requests stop here.
  if (PLAIN_URL.test(c.req.url)) return;
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
}

const spendIpLimit = (c: Context<AppEnv>) => consumeLimit('ip', c.req.header(CLIENT_IP_HEADER) ?? 'unknown');

/** The coarse per-IP limit, ahead of every credential check (docs/api/README.md "Limits"), for a path outside the surfaces' edge. */
export const limitPerIp = createMiddleware<AppEnv>(async (c, next) => {
  await spendIpLimit(c);
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
 * up to the limit and refused the moment it passes it (the promise returned then). (Hono's bodyLimit
 * rebuilds the request from the node adapter's light request object, which undici refuses; this
 * reads the stream itself.)
 */
function limitBodySize(c: Context<AppEnv>): Promise<void> | undefined {
  // Touching `body` makes the node adapter build a full Request; a GET's headers say enough.
  const method = c.req.method;
  const declared = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  if ((method === 'GET' || method === 'HEAD') && declared === undefined && !chunked) return;
  const maxSize = bodyLimitOf(c.req.path);
  if (declared !== undefined && !chunked) {
    if (Number(declared) > maxSize) throw tooLarge(maxSize);
    return;
  }
  const body = c.req.raw.body;
  if (!body) return;
  return readBodyWithin(c, body, maxSize);
}

async function readBodyWithin(c: Context<AppEnv>, stream: ReadableStream<Uint8Array>, maxSize: number): Promise<void> {
  const raw = c.req.raw;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
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
}
