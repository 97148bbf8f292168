import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { discountViewSchema } from '../../../discounts/discount-view';
import { getDiscount } from '../../../discounts/get-discount';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { discountIdParams, READ } from './discount-common';

export const route = createRoute({
  ...READ,
  method: 'get',
  path: '/licensing-mgmt/discounts/{discountId}',
  operationId: 'getDiscount',
  summary: 'One discount code, with its redemptions',
  request: { params: discountIdParams },
  responses: { ...okResponse(wireObject(discountViewSchema), 'The discount code.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, discountViewSchema, await getDiscount({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') }), NO_STORE);
