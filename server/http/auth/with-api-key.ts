import { authenticateApiKey, type ApiKeyPrincipal } from '../../api-keys/authenticate-api-key';
import { db } from '../../db';
import type { RestContext } from '../rest-router';

export type ApiKeyRestContext = RestContext & { apiKey: ApiKeyPrincipal };

/** The account API key travels in this header only; never in a URL (spec "Authentication" 2). */
export const API_KEY_HEADER = 'dub-apiKey';

/**
 * Wraps a REST handler that needs the seller's account API key: the handler gets the key's seller
 * in `context.apiKey`. No header: 401 ApiKeyMissing; a key that resolves to no seller: 403 ApiKeyInvalid.
 */
export function withApiKey(
  handler: (context: ApiKeyRestContext) => Promise<Response>,
): (context: RestContext) => Promise<Response> {
  return async (context) => {
    // Headers.get is case-insensitive, as HTTP header names are.
    const apiKey = await authenticateApiKey({ db: db() }, context.request.headers.get(API_KEY_HEADER));
    return handler({ ...context, apiKey });
  };
}
