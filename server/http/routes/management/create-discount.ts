import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { createDiscountSchema } from '../../../../sdk/src/contract/discounts';
import { db } from '../../../db';
import { createDiscount } from '../../../discounts/create-discount';
import { discountViewSchema } from '../../../discounts/discount-view';
import type { AppEnv } from '../../app-env';
import { errorResponses, jsonResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { jsonBody } from './management-write';
import { WRITE_CODES, WRITE_WITH_BODY } from './discount-common';

export const route = createRoute({
  ...WRITE_WITH_BODY,
  method: 'post',
  path: '/licensing-mgmt/discounts',
  operationId: 'createDiscount',
  summary: 'Make a discount code: a percent or an amount per currency, once, forever or for some months',
  description:
    'Code: 3 to 32 letters, digits, `-` or `_`, case-insensitive (answered upper case); a code the seller already has, in any case, is 409 DiscountCodeInUse. ' +
    'Kind `percent` takes PercentOff (1-100); kind `amount` takes Amounts (1 to 10, one per currency, minor units of that currency). ' +
    'Duration `once` (default), `forever` or `repeating` with DurationMonths (1-36). ExpiresUtc must lie in the future. OfferingIds: the seller\'s own, empty for all. ' +
    'What the code takes off and the code itself cannot be changed later.',
  request: jsonBody(createDiscountSchema),
  responses: { ...jsonResponse(201, wireObject(discountViewSchema), 'The discount code.'), ...errorResponses([...WRITE_CODES, 'DiscountCodeInUse']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, discountViewSchema, await createDiscount({ db: db() }, { ...input, sellerId: c.get('apiKey').sellerId }), NO_STORE, 201);
};
