import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { updateDiscountSchema } from '../../../../sdk/src/contract/discounts';
import { db } from '../../../db';
import { discountViewSchema } from '../../../discounts/discount-view';
import { updateDiscount } from '../../../discounts/update-discount';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { jsonBody } from './management-write';
import { discountIdParams, WRITE_CODES, WRITE_WITH_BODY } from './discount-common';

export const route = createRoute({
  ...WRITE_WITH_BODY,
  method: 'patch',
  path: '/licensing-mgmt/discounts/{discountId}',
  operationId: 'updateDiscount',
  summary: 'Change a discount code: Name, ExpiresUtc, MaxRedemptions, OfferingIds (what is left out stays)',
  description:
    'null clears Name, ExpiresUtc or MaxRedemptions; a past ExpiresUtc stops the code at once. MaxRedemptions below the Redemptions held now is ValidationError. ' +
    'Code, Kind, PercentOff, Amounts, Duration and DurationMonths are fixed at creation: sending one is ValidationError naming it (create a new code instead).',
  request: { params: discountIdParams, ...jsonBody(updateDiscountSchema) },
  responses: { ...okResponse(wireObject(discountViewSchema), 'The discount code as changed.'), ...errorResponses([...WRITE_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, discountViewSchema, await updateDiscount({ db: db() }, { ...input, sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') }), NO_STORE);
};
