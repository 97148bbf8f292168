import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { deleteWebhookEndpoint } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, noContentResponse } from '../../openapi';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { endpointIdParams, READ } from './webhook-endpoint-common';

export const route = createRoute({
  ...READ,
  method: 'delete',
  path: '/licensing-mgmt/webhook-endpoints/{endpointId}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Remove a webhook endpoint and its pending deliveries',
  request: { params: endpointIdParams },
  responses: { ...noContentResponse('Removed.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  await deleteWebhookEndpoint({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') });
  return c.body(null, 204, NO_STORE);
};
