import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { getSellerLicense } from '../../../licensing/licenses/get-seller-license';
import { licenseViewSchema } from '../../../licensing/licenses/license-view.schema';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { errorResponses, okResponse } from '../../openapi';
import { NO_STORE } from './find-licenses';
import { licenseIdParams } from './license-id-param';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'get',
  path: '/licensing-mgmt/licenses/{licenseId}',
  operationId: 'getLicense',
  tags: ['Management API'],
  summary: 'One license (Status, features, term); 404 when another seller issued it',
  ...apiKeyRoute('licenses:read'),
  request: { params: licenseIdParams },
  responses: { ...okResponse(wireObject(licenseViewSchema), 'The license.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const answer = await getSellerLicense({ db: db() }, { sellerId: c.get('apiKey').sellerId, licenseId: c.req.valid('param').licenseId });
  return wireJson(c, licenseViewSchema, answer, NO_STORE);
};
