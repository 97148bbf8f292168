import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookSignatureError } from '../../sdk/src/index';

// The client library's verifyWebhook against signatures made as the service makes them.

const secret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;
const body = JSON.stringify({ Id: 'ev1', Type: 'license.status_changed', Sequence: 7, CreatedUtc: '2026-11-25T10:00:00.000Z', LicenseId: 'lic1', Data: { LicenseId: 'lic1', From: 'Active', To: 'Suspended', By: 'processor' } });

function signed(secrets: string[], at = new Date()) {
  const signature = secrets.map((one) => new Webhook(one).sign('msg_1', at, body)).join(' ');
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

describe('verifyWebhook', () => {
  it('returns the event in camelCase, typed by its type, with the webhook-id', () => {
    const key = secret();
    const event = verifyWebhook(body, signed([key]), key);
    expect(event).toEqual({ id: 'ev1', type: 'license.status_changed', sequence: 7, createdUtc: '2026-11-25T10:00:00.000Z', licenseId: 'lic1', data: { licenseId: 'lic1', from: 'Active', to: 'Suspended', by: 'processor' }, webhookId: 'msg_1' });
    if (event.type === 'license.status_changed') expect(event.data.by).toBe('processor');
  });

  it('accepts either secret during a rotation, and headers as a Headers object', () => {
    const [old, next] = [secret(), secret()];
    expect(verifyWebhook(body, new Headers(signed([next, old])), [old]).id).toBe('ev1');
    expect(verifyWebhook(Buffer.from(body), signed([next, old]), [next]).id).toBe('ev1');
  });

  it('refuses another secret, a changed body, a stale timestamp and missing headers with WebhookSignatureError', () => {
    const key = secret();
    expect(() => verifyWebhook(body, signed([key]), secret())).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(body.replace('Suspended', 'Active__'), signed([key]), key)).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(body, signed([key], new Date(Date.now() - 10 * 60_000)), key)).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(body, { 'webhook-id': 'msg_1' }, key)).toThrow(WebhookSignatureError);
  });
});
