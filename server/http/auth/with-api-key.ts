import { createMiddleware } from 'hono/factory';
import { authenticateApiKey } from '../../api-keys/authenticate-api-key';
import { db } from '../../db';
import type { AppEnv } from '../app-env';

/** The account API key travels in this header only; never in a URL (spec "Authentication" 2). */
export const API_KEY_HEADER = 'dub-apiKey';

/**
 * The seller's account API key: the handler gets the key's seller in `c.var.apiKey`. No header:
 * 401 ApiKeyMissing; a key that resolves to no seller: 403 ApiKeyInvalid.
 */
export const withApiKey = createMiddleware<AppEnv>(async (c, next) => {
  // Header names are case-insensitive.
  c.set('apiKey', await authenticateApiKey({ db: db() }, c.req.header(API_KEY_HEADER)));
  await next();
});
