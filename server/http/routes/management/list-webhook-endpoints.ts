import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { listWebhookEndpoints, webhookEndpointListSchema } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { READ } from './webhook-endpoint-common';

export const route = createRoute({
  ...READ,
  method: 'get',
  path: '/licensing-mgmt/webhook-endpoints',
  operationId: 'listWebhookEndpoints',
  summary: "The seller's webhook endpoints (never their secrets)",
  responses: { ...okResponse(wireObject(webhookEndpointListSchema), 'The endpoints, oldest first.'), ...errorResponses(API_KEY_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, webhookEndpointListSchema, await listWebhookEndpoints({ db: db() }, c.get('apiKey').sellerId), NO_STORE);
