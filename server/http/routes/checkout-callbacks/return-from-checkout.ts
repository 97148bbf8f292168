import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { settleBeforeReturn } from '../../../checkout/return-after-payment';
import { db } from '../../../db';
import { DomainError } from '../../../errors';
import { logger } from '../../../platform/logging/logger';
import type { AppEnv } from '../../app-env';
import { limitPerIp } from '../../middleware/edge';
import { BROWSER_ANSWERS, NO_STORE } from './browser-answers';

export const route = createRoute({
  method: 'get',
  path: '/checkout/return/{sessionId}',
  operationId: 'returnFromCheckout',
  summary: "Where the processor's page sends the buyer back: settles a paid checkout, then 303 to the seller's ReturnUrl with session_id",
  tags: ['Checkout callbacks'],
  security: [],
  'x-internal': true,
  // It asks the processor on each visit: it counts against the per-IP limit like the REST prefixes.
  middleware: [limitPerIp] as const,
  request: { params: z.object({ sessionId: z.string() }) },
  responses: BROWSER_ANSWERS,
});

export async function handler(c: Context<AppEnv>): Promise<Response> {
  try {
    const location = await settleBeforeReturn({ db: db() }, { checkoutId: c.req.param('sessionId') ?? '' });
    return new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'NotFound')) logger.error({ err: error }, 'checkout return failed');
    throw error;
  }
}
