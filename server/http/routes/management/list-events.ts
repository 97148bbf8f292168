import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { eventPageSchema, eventsQuerySchema, listEvents } from '../../../events/list-events';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';

export const route = createRoute({
  tags: ['Webhooks'],
  ...apiKeyRoute('events:read'),
  method: 'get',
  path: '/licensing-mgmt/events',
  operationId: 'listEvents',
  summary: "The seller's events, oldest first, after a cursor (kept 30 days)",
  description: '`after` is the Sequence of the last event read (NextCursor of the previous page); `limit` 1 to 100, 50 by default.',
  request: { query: eventsQuerySchema },
  responses: { ...okResponse(wireObject(eventPageSchema), 'A page of events and the cursor of the next.'), ...errorResponses([...API_KEY_CODES, 'ValidationError']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, eventPageSchema, await listEvents({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('query') }), NO_STORE);
