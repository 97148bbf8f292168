import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { refundOrder } from '../../../orders/refunds/refund-order';
import { refundOrderSchema, refundViewSchema } from '../../../orders/refunds/refund.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { apiKeyRoute } from '../../auth/with-api-key';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

const orderIdParams = z.object({ orderId: z.string().min(1).max(100).openapi({ param: { name: 'orderId', in: 'path' }, description: 'The order: the checkout (SessionId) that was paid.' }) });

export const route = createRoute({
  ...WRITE,
  ...apiKeyRoute('refunds', { body: true }),
  method: 'post',
  path: '/licensing-mgmt/orders/{orderId}/refunds',
  operationId: 'refundOrder',
  summary: 'Refund an order, whole or in part',
  description:
    'Amount (major units of the order currency, like BaseRate) defaults to everything left to refund; more than that is ValidationError naming Amount. ' +
    'License: `revoke` (the default for a refund of the whole order: the license is cancelled and its codes are refused at their next authorization) or `keep` (the default for a partial refund). ' +
    'The refund is made at the processor after the answer (Status `pending`, then `succeeded`), once, whatever is retried. Idempotent by RequestId.',
  request: { params: orderIdParams, ...jsonBody(refundOrderSchema) },
  responses: { ...okResponse(wireObject(refundViewSchema), 'The refund, the order after it and the license status.'), ...errorResponses(WRITE_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, refundViewSchema, await refundOrder({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
