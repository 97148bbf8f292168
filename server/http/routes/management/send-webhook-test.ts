import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { sendTestEvent } from '../../../events/webhooks/webhook-endpoints';
import type { AppEnv } from '../../app-env';
import { errorResponses, jsonResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES } from '../../auth/with-api-key';
import { endpointIdParams, READ } from './webhook-endpoint-common';

const testEventSchema = z.object({ eventId: z.string(), deliveryId: z.string() });

export const route = createRoute({
  ...READ,
  method: 'post',
  path: '/licensing-mgmt/webhook-endpoints/{endpointId}/test',
  operationId: 'sendWebhookTest',
  summary: 'Send a ping event to this endpoint (signed and retried like any event; not in the events feed)',
  request: { params: endpointIdParams },
  responses: { ...jsonResponse(202, wireObject(testEventSchema), 'The ping is on its way.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const sent = await sendTestEvent({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('param') });
  return wireJson(c, testEventSchema, sent, NO_STORE, 202);
};
