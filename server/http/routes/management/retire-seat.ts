import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { requestOnlySchema, retiredSeatSchema } from '../../../licensing/management-writes.schema';
import { retireSeat } from '../../../licensing/seats/retire-seat';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { jsonBody, NO_STORE, seatParams, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/retire',
  operationId: 'retireSeat',
  summary: 'Retire a seat for good (its codes are revoked; the last live seat cannot be retired)',
  request: { params: seatParams, ...jsonBody(requestOnlySchema) },
  responses: { ...okResponse(wireObject(retiredSeatSchema), 'The retired seat.'), ...errorResponses([...WRITE_CODES, 'LicenseNotActive', 'SeatsFixed', 'LastLiveSeat']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, retiredSeatSchema, await retireSeat({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
