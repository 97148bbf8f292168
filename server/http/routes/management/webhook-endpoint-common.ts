import { z } from '@hono/zod-openapi';
import type { ApiErrorCode } from '../../../errors';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { BODY_CODES } from '../../openapi';

// What the webhook endpoint operations share (docs/api/webhooks.md): the seller's
// API key (scope webhooks), the endpoint id in the path; another seller's endpoint is 404 NotFound like an unknown one.

export const endpointIdParams = z.object({ endpointId: z.string().min(1).max(100).openapi({ param: { name: 'endpointId', in: 'path' } }) });
export const READ = { tags: ['Webhooks'], ...apiKeyRoute('webhooks') };
export const WRITE_WITH_BODY = { tags: ['Webhooks'], ...apiKeyRoute('webhooks', { body: true }) };
export const WRITE_CODES: ApiErrorCode[] = [...BODY_CODES, ...API_KEY_CODES];
