import { db } from '../../db';
import { verifyBuyerToken, type Buyer } from '../../identity/verify-buyer-token';
import type { RestContext } from '../rest-router';

/** Purchase API operations run as the signed-in buyer named by the bearer token. */
export function withBuyerToken(handler: (context: RestContext & { buyer: Buyer }) => Promise<Response>) {
  return async (context: RestContext): Promise<Response> => {
    const buyer = await verifyBuyerToken({ db: db() }, context.request.headers.get('authorization'));
    return handler({ ...context, buyer });
  };
}
