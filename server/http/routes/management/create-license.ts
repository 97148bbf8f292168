import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { createLicenseDirectly } from '../../../licensing/licenses/create-license-directly';
import { createdLicenseSchema, createLicenseSchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses',
  operationId: 'createLicense',
  summary: 'Create a license directly, bound to a tenant (no checkout, nothing charged)',
  description: 'Any number of Seats (1 to 1000) of an active offering of the seller; CorrelationId is the tenant id. A one-seat license answers its code once in EncodedCredential.',
  request: jsonBody(createLicenseSchema),
  responses: {
    ...okResponse(wireObject(createdLicenseSchema), 'The license and its seats.'),
    ...errorResponses(WRITE_CODES),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, createdLicenseSchema, await createLicenseDirectly({ db: db() }, { ...input, sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
