import { DomainError, HTTP_STATUS_BY_CODE } from '../errors';
import { RUNTIME_WWW_AUTHENTICATE } from '../runtime/verify-runtime-token';
import { apiErrorBody } from '../wire/api-error-body';
import { escapeHtml } from './escape-html';

// How each surface says no (surface.ts): the same DomainError, in the body its callers read: the
// REST contract's ApiError, OAuth's error body, JSON-RPC's error, what a processor reads, a page.

/** A method the path does not answer: HTTP's own refusal, which names the methods it does. */
class MethodNotAllowedError extends DomainError {
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
  NotFound: 'not_found',
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

/**
 * What a payment processor reads from its event deliveries: any 2xx acknowledges, anything else is
 * delivered again later; the body is for the processor's dashboard.
 */
export function renderProcessorError(error: DomainError): Response {
  return new Response(JSON.stringify({ error: error.message }), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...refusalHeaders(error) },
  });
}

// The small pages below have no script; their one style attribute is all they need.
const HTML_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src-attr 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const PAGE_TEXT: Partial<Record<DomainError['code'], { title: string; text: string }>> = {
  NotFound: { title: 'Checkout not found', text: 'There is no checkout at this address. It may have been mistyped.' },
  RateLimited: { title: 'Too many requests', text: 'Wait a moment, then go back and try again.' },
  MethodNotAllowed: { title: 'Nothing to see here', text: 'This address is where a checkout page sends your browser; start again from the store.' },
  ServiceUnavailable: { title: 'Try again in a moment', text: 'The service cannot complete this right now. Go back and try again in a moment.' },
};
const SOMETHING_WENT_WRONG = { title: 'Something went wrong', text: 'The checkout could not be updated. Go back and try again in a moment.' };

/** A buyer's browser coming back from a checkout page: a small page, never JSON or a stack trace. */
export function renderErrorPage(error: DomainError): Response {
  const { title, text } = PAGE_TEXT[error.code] ?? SOMETHING_WENT_WRONG;
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Back to the start page</a></p></body></html>`;
  return new Response(body, { status: HTTP_STATUS_BY_CODE[error.code], headers: { 'content-type': 'text/html; charset=utf-8', ...HTML_PAGE_HEADERS, ...refusalHeaders(error) } });
}
