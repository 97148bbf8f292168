import { createMiddleware } from 'hono/factory';
import { db } from '../../db';
import { RUNTIME_WWW_AUTHENTICATE, RuntimeGatewayRefusal, verifyRuntimeToken } from '../../runtime/verify-runtime-token';
import type { AppEnv } from '../app-env';
import { CORRELATION_HEADER } from '../../platform/logging/correlation';

/**
 * The runtime paths run as the license code named by the bearer runtime token (`c.var.runtime`).
 * `dub-apiKey` and `Ocp-Apim-Subscription-Key` are never read here (spec "Authentication" 1): a key
 * reaches no runtime path and changes nothing on one. An Authorization header that is not a Bearer
 * JWT is refused as the gateway would: 401 with WWW-Authenticate and no body.
 */
export const withRuntimeToken = createMiddleware<AppEnv>(async (c, next) => {
  try {
    c.set('runtime', await verifyRuntimeToken({ db: db() }, c.req.header('authorization')));
  } catch (error) {
    if (!(error instanceof RuntimeGatewayRefusal)) throw error;
    return new Response(null, { status: 401, headers: { 'WWW-Authenticate': RUNTIME_WWW_AUTHENTICATE, [CORRELATION_HEADER]: c.get('correlationId'), 'Cache-Control': 'no-store' } });
  }
  await next();
});
