import { PENDING_RETRY_AFTER_SECONDS } from '../../checkout/checkout-result.schema';
import { getCheckoutResultForBuyer } from '../../checkout/get-checkout-result';
import { db } from '../../db';
import { withBuyerToken } from '../auth/with-buyer-token';
import { jsonResponse } from '../json';
import type { RestRoute } from '../rest-router';

export const purchaseCheckoutRoutes: RestRoute[] = [
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
