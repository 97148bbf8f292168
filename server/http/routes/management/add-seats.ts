import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { addSeatsSchema, addedSeatsSchema } from '../../../licensing/management-writes.schema';
import { addSeats } from '../../../licensing/seats/add-seats';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { licenseIdParams } from './license-id-param';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats',
  operationId: 'addSeats',
  summary: 'Add seats to an active subscription or trial (without codes; prorated for the rest of the period)',
  request: { params: licenseIdParams, ...jsonBody(addSeatsSchema) },
  responses: { ...okResponse(wireObject(addedSeatsSchema), 'The new seats and what they cost.'), ...errorResponses([...WRITE_CODES, 'LicenseNotActive', 'SeatsFixed']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, addedSeatsSchema, await addSeats({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
