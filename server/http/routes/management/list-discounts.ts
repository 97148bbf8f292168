import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { discountsQuerySchema } from '../../../../sdk/src/contract/discounts';
import { db } from '../../../db';
import { discountPageSchema } from '../../../discounts/discount-view';
import { listDiscounts } from '../../../discounts/list-discounts';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { READ } from './discount-common';

export const route = createRoute({
  ...READ,
  method: 'get',
  path: '/licensing-mgmt/discounts',
  operationId: 'listDiscounts',
  summary: "The seller's discount codes by code (A to Z), after a cursor",
  description: '`after` is the Code of the last discount read (NextCursor of the previous page); `limit` 1 to 100, 50 by default.',
  request: { query: discountsQuerySchema },
  responses: { ...okResponse(wireObject(discountPageSchema), 'A page of discount codes and the cursor of the next.'), ...errorResponses([...API_KEY_CODES, 'ValidationError']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, discountPageSchema, await listDiscounts({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('query') }), NO_STORE);
