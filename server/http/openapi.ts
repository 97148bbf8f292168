import { z } from '@hono/zod-openapi';
import { HTTP_STATUS_BY_CODE, type ApiErrorCode } from '../errors';

// What the OpenAPI document says about failures and credentials. Every operation lists the ApiError
// Codes it can answer, grouped by status, with the Code enum narrowed to exactly those.

type SecurityRequirement = Record<string, string[]>[];
// Operations under the account API key name the scope they need: apiKeyRoute (http/auth/with-api-key.ts).
export const SECURITY: Record<'buyerToken' | 'runtimeToken' | 'none', SecurityRequirement> = {
  buyerToken: [{ BuyerToken: [] }],
  runtimeToken: [{ RuntimeToken: [] }],
  none: [],
};

export const SECURITY_SCHEMES = {
  AccountApiKey: { type: 'apiKey', in: 'header', name: 'dub-apiKey', description: "The seller's account API key (`SVC_AK_…`), from the portal or `npm run admin -- create-api-key`." },
  BuyerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The buyer\'s access token for `api://<licensing_app_id>` with the scope `checkout.purchase`, from the sign-in authority at `/identity`.',
  },
  RuntimeToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The runtime token inside a license code (`SVC_LIC_…`): ES256, audience `service-runtime`, scope `license.runtime`.',
  },
} as const;

const detailSchema = z.object({ Code: z.string(), Message: z.string(), Field: z.string() });

function apiErrorSchema(codes: readonly ApiErrorCode[]) {
  return z.object({
    Code: z.enum(codes as [ApiErrorCode, ...ApiErrorCode[]]).openapi({ description: 'Machine-readable; branch on this.' }),
    Message: z.string().openapi({ description: 'Human text; wording may change.' }),
    CorrelationId: z.string().openapi({ description: 'Equals the X-Correlation-Id header.' }),
    Details: z.array(detailSchema).optional().openapi({ description: 'Per-field failures (ValidationError).' }),
  });
}

const correlationHeader = { 'X-Correlation-Id': { description: 'The request\'s correlation id (adopted from `x-correlation-id` or generated).', schema: { type: 'string' as const } } };
const retryAfterHeader = { 'Retry-After': { description: 'Seconds until the limit lets this caller in again.', schema: { type: 'integer' as const } } };
const unavailableRetryAfterHeader = { 'Retry-After': { description: 'Seconds to wait before retrying: the service cannot reach its database right now.', schema: { type: 'integer' as const } } };
const wwwAuthenticateHeader = { 'WWW-Authenticate': { description: 'The Bearer challenge of the runtime paths.', schema: { type: 'string' as const } } };

/** Codes every operation can answer whatever it does. */
const ALWAYS: ApiErrorCode[] = ['RateLimited', 'ServerError', 'ServiceUnavailable'];
/** Codes every operation that reads a body can answer before anything else. */
export const BODY_CODES: ApiErrorCode[] = ['InvalidPayload', 'PayloadTooLarge', 'ValidationError'];

/**
 * The `responses` entries for these Codes (plus the ones every operation has), one per status.
 * Typed as adding nothing: handlers never return failures, they throw them to the one mapping.
 */
export function errorResponses(codes: readonly ApiErrorCode[]): Record<never, never> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set([...codes, ...ALWAYS])) {
    const status = HTTP_STATUS_BY_CODE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, { description: string; headers: Record<string, { description: string; schema: { type: 'string' | 'integer' } }>; content: { 'application/json': { schema: ReturnType<typeof apiErrorSchema> } } }> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const runtimeRefusal = statusCodes.some((code) => code === 'RuntimeTokenMissing' || code === 'RuntimeTokenInvalid');
    responses[status] = {
      description:
        `ApiError: ${statusCodes.map((code) => `\`${code}\``).join(', ')}` +
        (runtimeRefusal ? '. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body.' : ''),
      headers: { ...correlationHeader, ...(status === 429 ? retryAfterHeader : {}), ...(status === 503 ? unavailableRetryAfterHeader : {}), ...(runtimeRefusal ? wwwAuthenticateHeader : {}) },
      content: { 'application/json': { schema: apiErrorSchema(statusCodes) } },
    };
  }
  return responses;
}

/** A 200 JSON answer with its schema. */
export function okResponse<T extends z.ZodType>(schema: T, description: string, headers: Record<string, { description: string; schema: { type: 'string' | 'integer' } }> = {}) {
  return { 200: { description, headers: { ...correlationHeader, ...headers }, content: { 'application/json': { schema } } } };
}

/** A JSON answer with another success status (201 made, 202 accepted). */
export function jsonResponse<S extends 201 | 202, T extends z.ZodType>(status: S, schema: T, description: string) {
  return { [status]: { description, headers: { ...correlationHeader }, content: { 'application/json': { schema } } } } as { [K in S]: { description: string; headers: typeof correlationHeader; content: { 'application/json': { schema: T } } } };
}

/**
 * A JSON answer described in words, not by a schema: its body is another protocol's (OAuth, JSON-RPC)
 * or an operator's, read by whoever speaks it.
 */
export const describedJson = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' as const } } } });

/** 204: done, nothing to say. */
export const noContentResponse = (description: string) => ({ 204: { description, headers: { ...correlationHeader } } });

export const DOCUMENT_INFO = {
  openapi: '3.1.0',
  // The deployment that serves the document (each has its own base URL, PUBLIC_BASE_URL).
  servers: [{ url: '/', description: 'This deployment' }],
  info: {
    title: 'Licensing and purchase service',
    version: '1',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    contact: { name: 'The operator of this deployment' },
    description:
      'Purchase API (buyer token), embedded checkout and management (account API key), runtime paths (runtime token) and discovery. ' +
      'Bodies are JSON with PascalCase keys; every response carries `X-Correlation-Id`; every failure is an ApiError ' +
      '`{Code, Message, CorrelationId, Details?}`. A path called with a method it does not take answers 405 `MethodNotAllowed` with `Allow`; ' +
      'an unknown path under a REST prefix 404 `NotFound`.',
  },
};
