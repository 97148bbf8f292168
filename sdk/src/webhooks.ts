import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { camelKeys, type Camel } from './contract/key-case.js';
import type { webhooks } from './generated/openapi.js';

// Receiving the service's webhooks (Standard Webhooks): verify the signature over the raw body with
// the endpoint's secret (whsec_…; during a rotation pass both), refuse a stale timestamp (five
// minutes), and get the event typed by its Type. The types come from the `webhooks` of /openapi.json.

type EventOperation<K extends keyof webhooks> = webhooks[K]['post'] extends infer O ? (O extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never) : never;

/** Every event as the wire carries it (PascalCase), by its `Type`. */
export type WireWebhookEvent = { [K in keyof webhooks]: EventOperation<K> }[keyof webhooks];
/** Every event as verifyWebhook returns it: camelCase keys, discriminated by `type`. */
export type WebhookEvent = Camel<WireWebhookEvent>;
/** One event type's shape, e.g. `WebhookEventOf<'license.created'>`. */
export type WebhookEventOf<K extends keyof webhooks> = Camel<EventOperation<K>>;
export type WebhookEventType = keyof webhooks;

/** The signature did not verify, the timestamp is too old or new, or a header is missing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookSignatureError(`The ${name} header is missing.`);
  return text;
}

/**
 * Verifies one delivery and returns its event. `body` must be the raw body exactly as received
 * (verify before parsing). `secret` may be several during a rotation's overlap: any one verifying
 * is enough. Throws WebhookSignatureError otherwise. A repeat carries the same `webhook-id`
 * (`msg_…`): store the ids you processed to drop repeats.
 */
export function verifyWebhook(body: string | Uint8Array, headers: HeaderSource, secret: string | string[]): WebhookEvent & { webhookId: string } {
  const signed = { 'webhook-id': header(headers, 'webhook-id'), 'webhook-timestamp': header(headers, 'webhook-timestamp'), 'webhook-signature': header(headers, 'webhook-signature') };
  const payload = typeof body === 'string' ? body : Buffer.from(body);
  const secrets = Array.isArray(secret) ? secret : [secret];
  let lastError: unknown;
  for (const candidate of secrets) {
    try {
      const event = new Webhook(candidate).verify(payload, signed) as WireWebhookEvent;
      return { ...camelKeys(event), webhookId: signed['webhook-id'] };
    } catch (error) {
      lastError = error;
    }
  }
  throw new WebhookSignatureError(lastError instanceof WebhookVerificationError ? lastError.message : 'The webhook could not be verified.');
}
