import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { issueSeatCode } from '../../../licensing/codes/issue-seat-code';
import { issueSeatCodeSchema, issuedCodeSchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { jsonBody, NO_STORE, seatParams, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/codes',
  operationId: 'issueSeatCode',
  summary: 'Issue a license code for a live seat, with a label (shown once)',
  request: { params: seatParams, ...jsonBody(issueSeatCodeSchema) },
  responses: { ...okResponse(wireObject(issuedCodeSchema), 'The code, shown once.'), ...errorResponses([...WRITE_CODES, 'SeatRetired', 'LicenseNotActive', 'RateLimited']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, issuedCodeSchema, await issueSeatCode({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
