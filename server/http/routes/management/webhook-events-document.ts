import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { EVENT_DATA_SCHEMAS, EVENT_TYPES, eventEnvelopeSchema, PING_EVENT_TYPE, type EventType } from '../../../events/event-types';
import type { AppEnv } from '../../app-env';
import { SECURITY } from '../../openapi';

// The events a seller's endpoint receives, in the OpenAPI document's `webhooks` (OpenAPI 3.1): one
// entry per type, its body the envelope around the type's data, its headers those of Standard
// Webhooks. The client library's types for verifyWebhook are generated from these.

const SIGNATURE_HEADERS = z.object({
  'webhook-id': z.string().openapi({ description: 'msg_<delivery id>: the same on every attempt of one delivery; drop a repeat.' }),
  'webhook-timestamp': z.string().openapi({ description: 'Seconds since the epoch when this attempt was signed.' }),
  'webhook-signature': z.string().openapi({
    description: 'Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation).',
  }),
});

const operationIdOf = (type: string) => `${type.replace(/[._](\w)/g, (_match, letter: string) => letter.toUpperCase())}Event`;

export function registerWebhookEvents(app: OpenAPIHono<AppEnv>): void {
  const types: (EventType | typeof PING_EVENT_TYPE)[] = [...EVENT_TYPES, PING_EVENT_TYPE];
  for (const type of types) {
    const data = type === PING_EVENT_TYPE ? eventEnvelopeSchema(type, EVENT_DATA_SCHEMAS['seat.retired'].pick({})) : eventEnvelopeSchema(type, EVENT_DATA_SCHEMAS[type]);
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: operationIdOf(type),
      tags: ['Webhooks'],
      // Signed instead: the receiver verifies webhook-signature with the endpoint's secret.
      security: SECURITY.none,
      summary: type === PING_EVENT_TYPE ? 'A test event sent by POST …/webhook-endpoints/{id}/test (not in the events feed)' : `The ${type} event`,
      request: { headers: SIGNATURE_HEADERS, body: { required: true, content: { 'application/json': { schema: data } } } },
      responses: { 200: { description: 'Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried.' } },
    });
  }
}
