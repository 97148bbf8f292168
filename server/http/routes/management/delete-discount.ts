import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { deleteDiscount } from '../../../discounts/delete-discount';
import type { AppEnv } from '../../app-env';
import { errorResponses, noContentResponse } from '../../openapi';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { discountIdParams, WRITE } from './discount-common';

export const route = createRoute({
  ...WRITE,
  method: 'delete',
  path: '/licensing-mgmt/discounts/{discountId}',
  operationId: 'deleteDiscount',
  summary: 'Remove a discount code; orders that redeemed it keep the code they redeemed',
  request: { params: discountIdParams },
  responses: { ...noContentResponse('Removed.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  await deleteDiscount({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') });
  return c.body(null, 204, NO_STORE);
};
