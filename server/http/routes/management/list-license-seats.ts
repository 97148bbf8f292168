import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { licenseSeatsViewSchema } from '../../../licensing/licenses/license-view.schema';
import { listLicenseSeats } from '../../../licensing/seats/list-license-seats';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { errorResponses, okResponse } from '../../openapi';
import { NO_STORE } from './find-licenses';
import { licenseIdParams } from './license-id-param';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'get',
  path: '/licensing-mgmt/licenses/{licenseId}/seats',
  operationId: 'listLicenseSeats',
  tags: ['Management API'],
  summary: "Every seat of a license, retired ones included",
  ...apiKeyRoute('licenses:read'),
  request: { params: licenseIdParams },
  responses: { ...okResponse(wireObject(licenseSeatsViewSchema), 'The seats.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const answer = await listLicenseSeats({ db: db() }, { sellerId: c.get('apiKey').sellerId, licenseId: c.req.valid('param').licenseId });
  return wireJson(c, licenseSeatsViewSchema, answer, NO_STORE);
};
