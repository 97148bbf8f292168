import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { bindLicenseToTenant } from '../../../licensing/licenses/bind-license-to-tenant';
import { licenseViewSchema } from '../../../licensing/licenses/license-view.schema';
import { bindTenantSchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { licenseIdParams } from './license-id-param';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/tenant',
  operationId: 'bindLicenseToTenant',
  summary: 'Bind a license sold elsewhere to a tenant (refused when another tenant holds it)',
  request: { params: licenseIdParams, ...jsonBody(bindTenantSchema) },
  responses: { ...okResponse(wireObject(licenseViewSchema), 'The license, bound.'), ...errorResponses([...WRITE_CODES, 'TenantMismatch']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, licenseViewSchema, await bindLicenseToTenant({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
