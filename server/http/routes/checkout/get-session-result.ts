import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { checkoutResultSchema, PENDING_RETRY_AFTER_SECONDS } from '../../../checkout/checkout-result.schema';
import { sessionResultRequestSchema } from '../../../checkout/embedded-checkout.schema';
import { getSellerCheckoutResult } from '../../../checkout/get-seller-checkout-result';
import { db } from '../../../db';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { BODY_CODES, errorResponses, okResponse } from '../../openapi';
import { RETRY_AFTER_HEADER } from '../purchase/get-purchase-checkout-result';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'post',
  path: '/licensing/checkout/session/result',
  operationId: 'getEmbeddedCheckoutResult',
  tags: ['Embedded checkout'],
  summary: "The result of one of the seller's embedded checkouts; poll while pending",
  description:
    'A known session of this seller answers 200, failed too. Unknown, older than 90 days, another seller\'s, or a purchase-API checkout: 404 NotFound. ' +
    'On a seat-based (tenant) checkout SeatIds names the seats; EncodedCredential is present only for a one-seat purchase.',
  ...apiKeyRoute('checkout', { body: true }),
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(sessionResultRequestSchema) } } } },
  responses: {
    ...okResponse(wireObject(checkoutResultSchema), 'The checkout result (also when failed).', RETRY_AFTER_HEADER),
    ...errorResponses([...BODY_CODES, ...API_KEY_CODES, 'NotFound']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const { sessionId } = c.req.valid('json');
  const result = await getSellerCheckoutResult({ db: db() }, { sessionId, sellerId: c.get('apiKey').sellerId });
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (result.status === 'pending') headers['Retry-After'] = String(PENDING_RETRY_AFTER_SECONDS);
  return wireJson(c, checkoutResultSchema, result, headers);
};
