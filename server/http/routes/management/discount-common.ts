import { z } from '@hono/zod-openapi';
import { idSchema } from '../../../../sdk/src/contract/fields';
import type { ApiErrorCode } from '../../../errors';
import { withApiKey } from '../../auth/with-api-key';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, SECURITY } from '../../openapi';

// What the discount code operations share (docs/api/management.md "Discount codes"): the seller's
// API key, the discount id in the path; another seller's discount is 404 NotFound like an unknown one.

export const discountIdParams = z.object({ discountId: idSchema.meta({ param: { name: 'discountId', in: 'path' } }) });
export const KEY_CODES: ApiErrorCode[] = ['ApiKeyMissing', 'ApiKeyInvalid'];
export const READ = { tags: ['Discount codes'], security: SECURITY.apiKey, middleware: [withApiKey] };
export const WRITE_WITH_BODY = { tags: ['Discount codes'], security: SECURITY.apiKey, middleware: [readJsonBody, withApiKey] };
export const WRITE_CODES: ApiErrorCode[] = [...BODY_CODES, ...KEY_CODES];
