import { z } from '@hono/zod-openapi';
import { idSchema } from '../../../../sdk/src/contract/fields';
import type { ApiErrorCode } from '../../../errors';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { BODY_CODES } from '../../openapi';

// What the discount code operations share (docs/api/management.md "Discount codes"): the seller's
// API key (scopes catalog:read and catalog:write), the discount id in the path; another seller's discount is 404 NotFound like an unknown one.

export const discountIdParams = z.object({ discountId: idSchema.meta({ param: { name: 'discountId', in: 'path' } }) });
export const READ = { tags: ['Discount codes'], ...apiKeyRoute('catalog:read') };
export const WRITE = { tags: ['Discount codes'], ...apiKeyRoute('catalog:write') };
export const WRITE_WITH_BODY = { tags: ['Discount codes'], ...apiKeyRoute('catalog:write', { body: true }) };
export const WRITE_CODES: ApiErrorCode[] = [...BODY_CODES, ...API_KEY_CODES];
