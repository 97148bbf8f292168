import { DomainError, HTTP_STATUS_BY_CODE } from '../errors';

/** The one shape of every REST failure (spec "ApiError"). */
export function apiErrorResponse(error: DomainError, correlationId: string): Response {
  const body: Record<string, unknown> = { Code: error.code, Message: error.message, CorrelationId: correlationId };
  if (error.details) body.Details = error.details;
  return new Response(JSON.stringify(body), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
  });
}

const OAUTH_ERROR_BY_CODE: Partial<Record<DomainError['code'], string>> = {
  RateLimited: 'temporarily_unavailable',
  ServerError: 'server_error',
};

/** The same refusal for the sign-in authority, whose clients read OAuth error bodies (RFC 6749 5.2). */
export function oauthErrorResponse(error: DomainError): Response {
  const body = { error: OAUTH_ERROR_BY_CODE[error.code] ?? 'invalid_request', error_description: error.message };
  return new Response(JSON.stringify(body), {
    status: HTTP_STATUS_BY_CODE[error.code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...error.headers },
  });
}
