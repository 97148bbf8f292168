import { OpenAPIHono } from '@hono/zod-openapi';
import { adoptCorrelationId, correlationIdOf, CORRELATION_HEADER } from '../platform/logging/correlation';
import { SURFACE_NAMES, surfaceOf, type SurfaceName } from '../platform/routing-table';
import { noRouteError } from './api-error';
import type { AppEnv } from './app-env';
import { DOCUMENT_INFO, SECURITY_SCHEMES } from './openapi';
import { registerWebhookEvents } from './routes/management/webhook-events-document';
import type { SurfaceApp } from './surface';
import { createApiSurface } from './surfaces/api';
import { createCheckoutCallbacksSurface } from './surfaces/checkout-callbacks';
import { createIdentitySurface } from './surfaces/identity';
import { createMcpSurface } from './surfaces/mcp';
import { createOperationsSurface } from './surfaces/operations';
import { createProcessorCallbacksSurface } from './surfaces/processor-callbacks';

/**
 * The one REST app (DESIGN.md "Platform decisions"): one sub-app per surface of the routing table
 * (server/platform/routing-table.ts), each with its operations, middleware and error renderer.
 * Mounted on node:http by the production entry and exported by Next's route files for `next dev`
 * and hosts without our entry.
 */
function createRestApp() {
  const app = new OpenAPIHono<AppEnv>({ strict: true });
  const surfaces: Record<SurfaceName, SurfaceApp> = {
    api: createApiSurface(),
    mcp: createMcpSurface(),
    identity: createIdentitySurface(),
    operations: createOperationsSurface(() => app.getOpenAPI31Document(DOCUMENT_INFO)),
    processorCallbacks: createProcessorCallbacksSurface(),
    checkoutCallbacks: createCheckoutCallbacksSurface(),
  };
  for (const name of SURFACE_NAMES) app.route('/', surfaces[name].app);

  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  registerWebhookEvents(app);
  // One error handler: the surface that took the request refuses its way.
  app.onError((thrown, c) => (c.get('refuse') ?? surfaces.api.refuse)(thrown, c));
  // What no surface's middleware saw (`//purchase/x`, a path outside every prefix): the surface's own
  // refusal all the same, by the routing table.
  app.notFound((c) => refusal(surfaces, c.req.method, c.req.path, correlationIdOf(c.req.raw)));
  return { app, surfaces };
}

/** A surface's 405 with Allow where the path takes other methods, else its 404, with the edge's headers. */
function refusal(surfaces: Record<SurfaceName, SurfaceApp>, method: string, pathname: string, correlationId: string): Response {
  const path = pathname.replace(/\/{2,}/g, '/');
  const surface = surfaces[surfaceOf(path) ?? 'api'];
  const response = surface.render(noRouteError(method, surface.allowedMethods(path)), correlationId);
  response.headers.set('X-Correlation-Id', correlationId);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  return response;
}

const built = createRestApp();
export const restApp = built.app;
/** Each surface's sub-app (the routing table's names). */
export const surfaceApps = built.surfaces;

/** The OpenAPI 3.1 document of every operation. */
export const openApiDocument = () => restApp.getOpenAPI31Document(DOCUMENT_INFO);

export interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  takesBody: boolean;
  /** The surface that answers it: `api` is the REST contract of the spec. */
  surface: SurfaceName;
  /** For operators and processors, not callers of the API (`x-internal`). */
  internal: boolean;
}

/** Every operation of the document: method, path template (`{param}`), its surface. */
export function documentedOperations(): DocumentedOperation[] {
  const paths = openApiDocument().paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      const surface = surfaceOf(path);
      if (!surface) throw new Error(`${method} ${path} is documented but lies outside every surface of the routing table.`);
      return [{ method: method.toUpperCase(), path, operationId: operation.operationId ?? '', takesBody: Boolean(operation.requestBody), surface, internal: (operation as { 'x-internal'?: boolean })['x-internal'] === true }];
    }),
  );
}

/**
 * The answer for a method a fetch Request cannot carry (TRACE, TRACK, CONNECT), which the entry
 * server gives before the app sees the request: the surface's own 405 with Allow, or its 404.
 */
export function refuseUnsupportedMethod(method: string, pathname: string, headers: Record<string, string | string[] | undefined>): Response {
  const given = headers[CORRELATION_HEADER];
  return refusal(built.surfaces, method, pathname, adoptCorrelationId(typeof given === 'string' ? given : undefined));
}

/** The fetch handler both mounts use. */
export const handleRest = (request: Request): Promise<Response> => Promise.resolve(restApp.fetch(request));
