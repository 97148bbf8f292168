import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { cancelScheduledPlanChange } from '../../../licensing/licenses/cancel-plan-change';
import { changedOfferingSchema } from '../../../licensing/licenses/plan-change.schema';
import { requestOnlySchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { licenseIdParams } from './license-id-param';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/change-offering/cancel',
  operationId: 'cancelLicenseOfferingChange',
  summary: 'Cancel the plan change scheduled for the end of the license’s period (404 NotFound when none is)',
  request: { params: licenseIdParams, ...jsonBody(requestOnlySchema) },
  responses: { ...okResponse(wireObject(changedOfferingSchema), 'The license, unchanged, and the plan change, now cancelled.'), ...errorResponses(WRITE_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const { licenseId } = c.req.valid('param');
  return wireJson(c, changedOfferingSchema, await cancelScheduledPlanChange({ db: db() }, { ...input, licenseId, actor: { by: 'seller', sellerId: c.get('apiKey').sellerId } }), NO_STORE);
};
