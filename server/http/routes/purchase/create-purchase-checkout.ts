import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { createPurchaseCheckout } from '../../../checkout/create-purchase-checkout';
import { checkoutSessionSchema, purchaseCheckoutSchema } from '../../../checkout/purchase-checkout.schema';
import { db } from '../../../db';
import type { AppEnv } from '../../app-env';
import { withBuyerToken } from '../../auth/with-buyer-token';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, errorResponses, okResponse, SECURITY } from '../../openapi';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'post',
  path: '/purchase/checkout',
  operationId: 'createPurchaseCheckout',
  tags: ['Purchase API'],
  summary: 'Check out an offering as the signed-in buyer (idempotent by RequestId)',
  security: SECURITY.buyerToken,
  middleware: [readJsonBody, withBuyerToken] as const,
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(purchaseCheckoutSchema) } } } },
  responses: {
    ...okResponse(wireObject(checkoutSessionSchema), 'The checkout session; SessionUrl is null for a free or zero-dollar offering.'),
    ...errorResponses([...BODY_CODES, 'BuyerTokenMissing', 'BuyerTokenInvalid', 'BuyerLinkFailed', 'CheckoutFailed', 'RequestIdInUse', 'RequestIdMismatch', 'AlreadyLicensed']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const buyer = c.get('buyer');
  const input = c.req.valid('json');
  const session = await createPurchaseCheckout({ db: db() }, { ...input, buyerAccountId: buyer.accountId, buyerEmail: buyer.email });
  return wireJson(c, checkoutSessionSchema, session, { 'Cache-Control': 'no-store' });
};
