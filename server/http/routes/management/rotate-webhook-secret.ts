import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { rotateWebhookSecret, webhookEndpointWithSecretSchema } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { endpointIdParams, READ } from './webhook-endpoint-common';

export const route = createRoute({
  ...READ,
  method: 'post',
  path: '/licensing-mgmt/webhook-endpoints/{endpointId}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'A new signing secret (in this answer only); the old one signs beside it for 24 hours',
  request: { params: endpointIdParams },
  responses: { ...okResponse(wireObject(webhookEndpointWithSecretSchema), 'The endpoint and its new secret.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, webhookEndpointWithSecretSchema, await rotateWebhookSecret({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') }), NO_STORE);
