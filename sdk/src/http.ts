import { LicensingApiError } from './errors.js';

export type Fetch = typeof globalThis.fetch;

interface WireApiError {
  Code?: unknown;
  Message?: unknown;
  CorrelationId?: unknown;
  Details?: { Code: string; Message: string; Field: string }[];
}

/**
 * One JSON request: the parsed 2xx body, or a LicensingApiError carrying the ApiError (its Code,
 * status, correlation id, details and Retry-After). A failure to connect is `NetworkError`, status 0.
 */
export async function requestJson<T>(
  fetchImpl: Fetch,
  url: string,
  init: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; headers?: Record<string, string>; body?: unknown; environment?: string | null; signal?: AbortSignal },
): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new LicensingApiError({ code: 'NetworkError', status: 0, message: error instanceof Error ? error.message : String(error), environment: init.environment });
  }
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as T;
  let body: WireApiError = {};
  try {
    body = text ? (JSON.parse(text) as WireApiError) : {};
  } catch {
    // Not an ApiError (a proxy's page): the status says enough.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new LicensingApiError({
    code: typeof body.Code === 'string' ? body.Code : response.status === 401 ? 'RuntimeTokenInvalid' : `Http${response.status}`,
    status: response.status,
    message: typeof body.Message === 'string' ? body.Message : response.statusText || `HTTP ${response.status}`,
    correlationId: typeof body.CorrelationId === 'string' ? body.CorrelationId : response.headers.get('x-correlation-id'),
    details: (body.Details ?? []).map((detail) => ({ code: detail.Code, message: detail.Message, field: detail.Field })),
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    environment: init.environment,
  });
}

/** A GUID from the platform's own generator (Node 20+, browsers, Electron). */
export function newGuid(): string {
  return globalThis.crypto.randomUUID();
}
