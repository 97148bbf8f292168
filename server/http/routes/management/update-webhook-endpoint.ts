import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { updateWebhookEndpoint, updateWebhookEndpointSchema, webhookEndpointViewSchema } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { jsonBody } from './management-write';
import { endpointIdParams, WRITE_CODES, WRITE_WITH_BODY } from './webhook-endpoint-common';

export const route = createRoute({
  ...WRITE_WITH_BODY,
  method: 'patch',
  path: '/licensing-mgmt/webhook-endpoints/{endpointId}',
  operationId: 'updateWebhookEndpoint',
  summary: 'Change a webhook endpoint: Url, EventTypes, Description, Enabled (what is left out stays)',
  request: { params: endpointIdParams, ...jsonBody(updateWebhookEndpointSchema) },
  responses: { ...okResponse(wireObject(webhookEndpointViewSchema), 'The endpoint as changed.'), ...errorResponses([...WRITE_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, webhookEndpointViewSchema, await updateWebhookEndpoint({ db: db() }, { ...input, sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') }), NO_STORE);
};
