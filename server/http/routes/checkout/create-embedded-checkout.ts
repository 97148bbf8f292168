import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { createEmbeddedCheckout } from '../../../checkout/create-embedded-checkout';
import { embeddedCheckoutSchema } from '../../../checkout/embedded-checkout.schema';
import { checkoutSessionSchema } from '../../../checkout/purchase-checkout.schema';
import { db } from '../../../db';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { BODY_CODES, errorResponses, okResponse } from '../../openapi';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'post',
  path: '/licensing/checkout/embedded',
  operationId: 'createEmbeddedCheckout',
  tags: ['Embedded checkout'],
  summary: "Check out an offering for a customer from the seller's backend (idempotent by RequestId)",
  description:
    'Paid: SessionUrl is the processor\'s hosted page (CustomerEmail as the customer e-mail); the license comes at payment. ' +
    'Free or trial: SessionUrl is null and ClaimUrl is the claim link, also e-mailed to CustomerEmail (at most 5 claim e-mails per address per hour); ' +
    'the license comes when the buyer signs in with that address and accepts. A replay with the same RequestId answers with the same session ' +
    '(free: a newly minted ClaimUrl, no second e-mail); with another OfferingId, Quantity, CorrelationId or CustomerEmail it is 409 RequestIdMismatch.',
  ...apiKeyRoute('checkout', { body: true }),
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(embeddedCheckoutSchema) } } } },
  responses: {
    ...okResponse(wireObject(checkoutSessionSchema), 'The checkout session; ClaimUrl on the free path only.'),
    ...errorResponses([...BODY_CODES, ...API_KEY_CODES, 'IssuerMismatch', 'CheckoutFailed', 'RequestIdInUse', 'RequestIdMismatch']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const apiKey = c.get('apiKey');
  const input = c.req.valid('json');
  const session = await createEmbeddedCheckout({ db: db() }, { ...input, sellerId: apiKey.sellerId, keyIssuerClientId: apiKey.issuerClientId });
  return wireJson(c, checkoutSessionSchema, session, { 'Cache-Control': 'no-store' });
};
