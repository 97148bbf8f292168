import { PENDING_RETRY_AFTER_SECONDS } from '../../checkout/checkout-result.schema';
import { createPurchaseCheckout } from '../../checkout/create-purchase-checkout';
import { checkoutSessionSchema, purchaseCheckoutSchema } from '../../checkout/purchase-checkout.schema';
import { getCheckoutResultForBuyer } from '../../checkout/get-checkout-result';
import { db } from '../../db';
import { withBuyerToken } from '../auth/with-buyer-token';
import { jsonResponse, validateBody } from '../json';
import type { RestRoute } from '../rest-router';

export const purchaseCheckoutRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/purchase/checkout',
    handler: withBuyerToken(async ({ body, buyer }) => {
      const input = validateBody(body, purchaseCheckoutSchema);
      const session = await createPurchaseCheckout({ db: db() }, { ...input, buyerAccountId: buyer.accountId, buyerEmail: buyer.email });
      return jsonResponse(checkoutSessionSchema.parse(session), { headers: { 'Cache-Control': 'no-store' } });
    }),
  },
  {
    method: 'GET',
    path: '/purchase/checkout/:sessionId',
    handler: withBuyerToken(async ({ params, buyer }) => {
      const result = await getCheckoutResultForBuyer({ db: db() }, { sessionId: params.sessionId!, buyerAccountId: buyer.accountId });
      const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
      if (result.Status === 'pending') headers['Retry-After'] = String(PENDING_RETRY_AFTER_SECONDS);
      return jsonResponse(result, { headers });
    }),
  },
];
