import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../errors';
import { logger } from '../platform/logging/logger';
import { pathPattern, SURFACES, type Surface, type SurfaceName } from '../platform/routing-table';
import { normalizeError } from '../wire/normalize-error';
import { noRouteError } from './api-error';
import type { AppEnv } from './app-env';
import { edge } from './middleware/edge';
import { validationHook } from './middleware/read-json-body';

// A surface is one face of the REST app with one way of saying no (DESIGN.md "One endpoint style"):
// the REST contract's ApiError, the sign-in authority's OAuth errors, MCP's JSON-RPC errors, what a
// payment processor reads, a small page for a buyer's browser. Each is a sub-app of its own: its
// operations (createRoute, one file each under routes/<surface>/), its middleware and its renderer,
// which answers everything that goes wrong inside it, unknown paths and wrong methods included.

/** How a surface answers a refusal. */
type ErrorRenderer = (error: DomainError, correlationId: string) => Response;

export interface SurfaceOptions {
  render: ErrorRenderer;
  /** An error class of the surface's own (the sign-in authority's OAuthError), answered as itself. */
  renderOwn?: (thrown: unknown) => Response | null;
  /** The per-IP limit ahead of every credential check, on every path of the surface. */
  limitPerIp: boolean;
}

export interface SurfaceApp {
  name: SurfaceName;
  app: OpenAPIHono<AppEnv>;
  render: ErrorRenderer;
  /** Whatever was thrown inside the surface, answered its way (logged when unexpected). */
  refuse: (thrown: unknown, c: Context<AppEnv>) => Response;
  /** The methods a path of this surface takes (405 + Allow), from the operations it registered. */
  allowedMethods: (path: string) => string[];
}

function toDomainError(thrown: unknown): { error: DomainError; unexpected: boolean } {
  if (thrown instanceof HTTPException && thrown.status === 413) return { error: new DomainError('PayloadTooLarge', 'The request body is too large.'), unexpected: false };
  if (thrown instanceof HTTPException && thrown.status === 400) return { error: new DomainError('InvalidPayload', 'The request body could not be read.'), unexpected: false };
  return normalizeError(thrown);
}

/** Where the surface's middleware and refusals run: under each prefix (`/x/*` matches `/x` too), and each single path. */
function scopesOf(surface: Surface): string[] {
  return [...surface.prefixes.map((prefix) => `${prefix}/*`), ...(surface.paths ?? [])];
}

/**
 * A surface's sub-app. `register` adds its operations; then every other path under its prefixes
 * answers the surface's 404, or 405 with Allow where another method is registered.
 */
export function createSurface(name: SurfaceName, options: SurfaceOptions, register: (app: OpenAPIHono<AppEnv>) => void): SurfaceApp {
  const surface: Surface = SURFACES[name];
  const app = new OpenAPIHono<AppEnv>({ strict: true, defaultHook: validationHook });
  const refuse = (thrown: unknown, c: Context<AppEnv>): Response => {
    const own = options.renderOwn?.(thrown);
    if (own) return own;
    const { error, unexpected } = toDomainError(thrown);
    if (unexpected) logger.error({ err: thrown, surface: name, method: c.req.method, path: c.req.path }, 'unexpected failure');
    return options.render(error, c.get('correlationId'));
  };
  // The surface's first step: what is thrown from here on is refused its way (the REST app's one
  // error handler asks the context). A sub-app's own onError would wrap each of its handlers in a
  // second dispatch, on the runtime paths too.
  const surfaceEdge = edge({ refuse, limitPerIp: options.limitPerIp });
  for (const scope of scopesOf(surface)) app.use(scope, surfaceEdge);
  register(app);

  const operations = app.routes.filter((route) => route.method !== 'ALL' && !route.path.includes('*')).map((route) => ({ method: route.method, path: route.path, pattern: pathPattern(route.path) }));
  const allowedMethods = (path: string) => {
    const methods = operations.filter((operation) => operation.pattern.test(path)).map((operation) => operation.method);
    if (methods.includes('GET')) methods.push('HEAD');
    return [...new Set(methods)];
  };
  const answerNoRoute = (c: Context<AppEnv>) => {
    const operation = operations.find((candidate) => candidate.pattern.test(c.req.path));
    if (operation) c.set('refusedOperation', operation.path);
    return options.render(noRouteError(c.req.method, allowedMethods(c.req.path)), c.get('correlationId'));
  };
  for (const scope of scopesOf(surface)) app.all(scope, answerNoRoute);

  return { name, app, render: options.render, refuse, allowedMethods };
}
