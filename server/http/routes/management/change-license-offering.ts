import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { changeLicenseOffering } from '../../../licensing/licenses/change-license-offering';
import { changedOfferingSchema, changeOfferingSchema } from '../../../licensing/licenses/plan-change.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { licenseIdParams } from './license-id-param';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/change-offering',
  operationId: 'changeLicenseOffering',
  summary: 'Move a license to another offering of its product, now (prorated) or at the end of its period',
  request: { params: licenseIdParams, ...jsonBody(changeOfferingSchema) },
  responses: {
    ...okResponse(wireObject(changedOfferingSchema), 'The license as it is now, and the plan change (applied, or scheduled for the end of the period).'),
    ...errorResponses([...WRITE_CODES, 'LicenseNotActive']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const { licenseId } = c.req.valid('param');
  const changed = await changeLicenseOffering({ db: db() }, { ...input, licenseId, actor: { by: 'seller', sellerId: c.get('apiKey').sellerId } });
  return wireJson(c, changedOfferingSchema, changed, NO_STORE);
};
