import { z } from '@hono/zod-openapi';
import type { ApiErrorCode } from '../../../errors';
import { withApiKey } from '../../auth/with-api-key';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, SECURITY } from '../../openapi';

// What the webhook endpoint operations share (docs/api/webhooks.md): the seller's
// API key, the endpoint id in the path; another seller's endpoint is 404 NotFound like an unknown one.

export const endpointIdParams = z.object({ endpointId: z.string().min(1).max(100).openapi({ param: { name: 'endpointId', in: 'path' } }) });
export const KEY_CODES: ApiErrorCode[] = ['ApiKeyMissing', 'ApiKeyInvalid'];
export const READ = { tags: ['Webhooks'], security: SECURITY.apiKey, middleware: [withApiKey] };
export const WRITE_WITH_BODY = { tags: ['Webhooks'], security: SECURITY.apiKey, middleware: [readJsonBody, withApiKey] };
export const WRITE_CODES: ApiErrorCode[] = [...BODY_CODES, ...KEY_CODES];
