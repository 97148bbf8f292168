import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { getWebhookEndpoint, webhookEndpointViewSchema } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { endpointIdParams, READ } from './webhook-endpoint-common';

export const route = createRoute({
  ...READ,
  method: 'get',
  path: '/licensing-mgmt/webhook-endpoints/{endpointId}',
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint',
  request: { params: endpointIdParams },
  responses: { ...okResponse(wireObject(webhookEndpointViewSchema), 'The endpoint.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, webhookEndpointViewSchema, await getWebhookEndpoint({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') }), NO_STORE);
