import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { createWebhookEndpoint, createWebhookEndpointSchema, webhookEndpointWithSecretSchema } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, jsonResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { jsonBody } from './management-write';
import { WRITE_CODES, WRITE_WITH_BODY } from './webhook-endpoint-common';

export const route = createRoute({
  ...WRITE_WITH_BODY,
  method: 'post',
  path: '/licensing-mgmt/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint; its signing secret (whsec_…) is in this answer only',
  description: 'Url: absolute https; hosts that are or resolve to loopback, private or link-local addresses are refused. EventTypes: empty for every type.',
  request: jsonBody(createWebhookEndpointSchema),
  responses: { ...jsonResponse(201, wireObject(webhookEndpointWithSecretSchema), 'The endpoint and its secret.'), ...errorResponses(WRITE_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  return wireJson(c, webhookEndpointWithSecretSchema, await createWebhookEndpoint({ db: db() }, { ...input, sellerId: c.get('apiKey').sellerId }), NO_STORE, 201);
};
