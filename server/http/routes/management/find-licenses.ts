import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { findLicensesByCorrelationId } from '../../../licensing/licenses/find-licenses-by-correlation-id';
import { licensesByCorrelationIdQuerySchema } from '../../../licensing/licenses/license-query.schema';
import { licenseListViewSchema } from '../../../licensing/licenses/license-view.schema';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

// Management answers are per seller and change with every seat or status change: no cache keeps them.
export const NO_STORE = { 'Cache-Control': 'no-store' };

export const route = createRoute({
  method: 'get',
  path: '/licensing-mgmt/licenses',
  operationId: 'findLicensesByCorrelationId',
  tags: ['Management API'],
  summary: "The seller's licenses bound to a tenant (correlationId), in pages (limit, cursor)",
  ...apiKeyRoute('licenses:read'),
  request: { query: licensesByCorrelationIdQuerySchema },
  responses: { ...okResponse(wireObject(licenseListViewSchema), 'Matching licenses, oldest first, and the cursor of the next page; none is an empty list.'), ...errorResponses([...API_KEY_CODES, 'ValidationError']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const answer = await findLicensesByCorrelationId({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('query') });
  return wireJson(c, licenseListViewSchema, answer, NO_STORE);
};
