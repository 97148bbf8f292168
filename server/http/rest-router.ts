import { DomainError, HTTP_STATUS_BY_CODE } from '../errors';
import { correlationIdOf } from './correlation';
import { jsonResponse, parseJsonObject } from './json';
import { normalizeError } from './normalize-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  correlationId: string;
  /** The parsed JSON object for routes that take a body; `{}` otherwise. */
  body: Record<string, unknown>;
}

export interface RestRoute {
  method: HttpMethod;
  /** Path with `:name` segments, e.g. `/purchase/:issuerClientId/offerings`. */
  path: string;
  /** Whether the route reads a JSON body; defaults to true for POST, PUT and PATCH. */
  jsonBody?: boolean;
  handler: (context: RestContext) => Promise<Response>;
}

interface CompiledRoute extends RestRoute {
  segments: string[];
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment.length > 0);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const given = actual[i]!;
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(given);
      } catch {
        return null;
      }
    } else if (expected !== given) {
      return null;
    }
  }
  return params;
}

export function errorResponse(error: DomainError, correlationId: string): Response {
  const body: Record<string, unknown> = { Code: error.code, Message: error.message, CorrelationId: correlationId };
  if (error.details) body.Details = error.details;
  return jsonResponse(body, { status: HTTP_STATUS_BY_CODE[error.code], headers: error.headers });
}

/**
 * The fetch handler for every REST path: matching, correlation id, JSON body reading and the one
 * mapping from errors to ApiError responses. Unknown paths answer 404 NotFound and a wrong method
 * 405 MethodNotAllowed, both as ApiError, never an HTML page. HEAD is answered wherever GET is.
 * An unreadable body is refused (400 InvalidPayload) before any credential is looked at.
 */
export function createRestHandler(routes: RestRoute[]): (request: Request) => Promise<Response> {
  const compiled: CompiledRoute[] = routes.map((route) => ({ ...route, segments: splitPath(route.path) }));

  return async function handleRest(request: Request): Promise<Response> {
    const correlationId = correlationIdOf(request);
    let response: Response;
    try {
      response = await dispatch(compiled, request, correlationId);
    } catch (thrown) {
      const { error, unexpected } = normalizeError(thrown);
      if (unexpected) console.error(`[${correlationId}] ${request.method} ${new URL(request.url).pathname}:`, thrown);
      response = errorResponse(error, correlationId);
    }
    response.headers.set('X-Correlation-Id', correlationId);
    if (request.method === 'HEAD') return new Response(null, { status: response.status, headers: response.headers });
    return response;
  };
}

async function dispatch(routes: CompiledRoute[], request: Request, correlationId: string): Promise<Response> {
  const url = new URL(request.url);
  const actual = splitPath(url.pathname);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchSegments(route.segments, actual);
    if (!params) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const takesBody = route.jsonBody ?? ['POST', 'PUT', 'PATCH'].includes(route.method);
    const body = takesBody ? parseJsonObject(await request.text()) : {};
    return route.handler({ request, url, params, correlationId, body });
  }
  if (allowed.length > 0) {
    if (allowed.includes('GET')) allowed.push('HEAD');
    throw new DomainError('MethodNotAllowed', `${request.method} is not allowed on this path.`, {
      headers: { Allow: [...new Set(allowed)].join(', ') },
    });
  }
  throw new DomainError('NotFound', 'No resource at this path.');
}
