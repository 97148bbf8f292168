import { DomainError, HTTP_STATUS_BY_CODE } from '../errors';
import { RUNTIME_WWW_AUTHENTICATE } from '../runtime/verify-runtime-token';
import { apiErrorBody } from '../wire/api-error-body';

/** A method the path does not answer: HTTP's own refusal, which names the methods it does. */
export class MethodNotAllowedError extends DomainError {
  constructor(
    method: string,
    readonly allow: string[],
  ) {
    super('MethodNotAllowed', `${method} is not allowed on this path.`);
  }
}

/** What answers a path no route matches: 405 with Allow where other methods match, else 404. */
export function noRouteError(method: string, allow: string[]): DomainError {
  return allow.length > 0 ? new MethodNotAllowedError(method, allow) : new DomainError('NotFound', 'No resource at this path.');
}

/** The headers a refusal carries on HTTP, derived from what the error says (the core knows no headers). */
function refusalHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'RuntimeTokenMissing' || error.code === 'RuntimeTokenInvalid') headers['WWW-Authenticate'] = RUNTIME_WWW_AUTHENTICATE;
  if (error instanceof MethodNotAllowedError) headers.Allow = error.allow.join(', ');
  return headers;
}

export function apiErrorResponse(error: DomainError, correlationId: string): Response {
  return new Response(apiErrorBody(error, correlationId), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...refusalHeaders(error) },
  });
}

const OAUTH_ERROR_BY_CODE: Partial<Record<DomainError['code'], string>> = {
  RateLimited: 'temporarily_unavailable',
  ServerError: 'server_error',
  ServiceUnavailable: 'temporarily_unavailable',
};

/** The same refusal for the sign-in authority, whose clients read OAuth error bodies (RFC 6749 5.2). */
export function oauthErrorResponse(error: DomainError): Response {
  const body = { error: OAUTH_ERROR_BY_CODE[error.code] ?? 'invalid_request', error_description: error.message };
  return new Response(JSON.stringify(body), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...refusalHeaders(error) },
  });
}

/** JSON-RPC's code for an error the server defines (the MCP transport's own refusals use it too). */
const JSON_RPC_SERVER_ERROR = -32000;

/**
 * The same refusal for the MCP endpoint, whose clients read JSON-RPC: the status and headers of the
 * REST answer, a JSON-RPC error whose `data` is the ApiError body.
 */
export function jsonRpcErrorResponse(error: DomainError, correlationId: string): Response {
  const body = { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_SERVER_ERROR, message: error.message, data: JSON.parse(apiErrorBody(error, correlationId)) as unknown } };
  return new Response(JSON.stringify(body), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...refusalHeaders(error) },
  });
}
