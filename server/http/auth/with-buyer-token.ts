import { createMiddleware } from 'hono/factory';
import { db } from '../../db';
import { verifyBuyerToken } from '../../identity/verify-buyer-token';
import type { AppEnv } from '../app-env';

/** Purchase API operations run as the signed-in buyer named by the bearer token (`c.var.buyer`). */
export const withBuyerToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set('buyer', await verifyBuyerToken({ db: db() }, c.req.header('authorization') ?? null));
  await next();
});
