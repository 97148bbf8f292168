import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { checkoutResultSchema, PENDING_RETRY_AFTER_SECONDS } from '../../../checkout/checkout-result.schema';
import { getCheckoutResultForBuyer } from '../../../checkout/get-checkout-result';
import { db } from '../../../db';
import type { AppEnv } from '../../app-env';
import { withBuyerToken } from '../../auth/with-buyer-token';
import { errorResponses, okResponse, SECURITY } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const RETRY_AFTER_HEADER = { 'Retry-After': { description: '`3` (seconds) while Status is pending.', schema: { type: 'integer' as const } } };

export const route = createRoute({
  method: 'get',
  path: '/purchase/checkout/{sessionId}',
  operationId: 'getPurchaseCheckoutResult',
  tags: ['Purchase API'],
  summary: "The checkout's durable result, readable by its buyer only; poll while pending",
  security: SECURITY.buyerToken,
  middleware: [withBuyerToken] as const,
  request: { params: z.object({ sessionId: z.string().min(1).max(100).openapi({ param: { name: 'sessionId', in: 'path' } }) }) },
  responses: {
    ...okResponse(wireObject(checkoutResultSchema), 'The checkout result (also when failed).', RETRY_AFTER_HEADER),
    ...errorResponses(['BuyerTokenMissing', 'BuyerTokenInvalid', 'BuyerLinkFailed', 'CheckoutResultForbidden', 'NotFound']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const result = await getCheckoutResultForBuyer({ db: db() }, { sessionId: c.req.valid('param').sessionId, buyerAccountId: c.get('buyer').accountId });
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (result.status === 'pending') headers['Retry-After'] = String(PENDING_RETRY_AFTER_SECONDS);
  return wireJson(c, checkoutResultSchema, result, headers);
};
