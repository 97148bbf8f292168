import { createRoute, type RouteConfig } from '@hono/zod-openapi';

// The operators' routes in the API document: tag "Operations", marked `x-internal` (not the REST
// contract of the spec; a reference for whoever runs the service).

export function operationRoute(config: Pick<RouteConfig, 'method' | 'path' | 'operationId' | 'summary' | 'responses'> & { request?: RouteConfig['request'] }) {
  return createRoute({ ...config, tags: ['Operations'], security: [], 'x-internal': true });
}

/** Every path of the surface answers another method so (the surface's renderer). */
export const METHOD_NOT_ALLOWED = { description: 'ApiError `MethodNotAllowed`, with Allow.' };

export const NO_STORE = { 'Cache-Control': 'no-store' };
