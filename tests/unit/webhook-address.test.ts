import { describe, expect, it } from 'vitest';
import { sendWebhook, WebhookAddressRefused, type WebhookPost, type WebhookTransport } from '@/server/events/webhooks/send-webhook';
import { checkWebhookUrl, isAllowedAddress } from '@/server/events/webhooks/webhook-url';

// The SSRF guard of webhooks. The resolver and the connect step are injected: whatever the guard
// decides, no socket is ever opened here.

const REFUSED_ALWAYS = ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', '192.0.2.1'];
const PRIVATE = ['10.0.0.1', '172.16.5.4', '192.168.1.1', '127.0.0.1', '::1', 'fc00::1', '100.64.0.1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'];
const PUBLIC = ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'];

function fakeTransport(addresses: string[]): WebhookTransport & { posted: WebhookPost[] } {
  const posted: WebhookPost[] = [];
  return { posted, resolve: async () => addresses, post: async (request) => (posted.push(request), { status: 204 }) };
}

describe('webhook addresses', () => {
  it('public unicast addresses are allowed; private and loopback only with WEBHOOK_ALLOW_PRIVATE_URLS; link-local and special ones never', () => {
    for (const address of PUBLIC) expect([address, isAllowedAddress(address, false)]).toEqual([address, true]);
    for (const address of PRIVATE) expect([address, isAllowedAddress(address, false), isAllowedAddress(address, true)]).toEqual([address, false, true]);
    for (const address of REFUSED_ALWAYS) expect([address, isAllowedAddress(address, true)]).toEqual([address, false]);
    expect(isAllowedAddress('not-an-address', true)).toBe(false);
  });

  it('an endpoint URL is absolute https without credentials, naming a public host', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in#frag', false)).toBe('https://hooks.example.com/in');
    for (const url of ['http://hooks.example.com/in', 'https://10.0.0.1/in', 'https://[::1]/in', 'https://localhost/in', 'https://db.internal/in', 'https://intranet/in', 'https://a:b@hooks.example.com/', 'ftp://hooks.example.com/', 'hooks.example.com']) {
      expect(() => checkWebhookUrl(url, false), url).toThrow(expect.objectContaining({ code: 'ValidationError' }));
    }
    expect(checkWebhookUrl('http://127.0.0.1:8080/in', true)).toBe('http://127.0.0.1:8080/in');
    expect(() => checkWebhookUrl('http://169.254.169.254/', true)).toThrow(expect.objectContaining({ code: 'ValidationError' }));
  });

  it('at send time every resolved address is checked and the connection goes to the checked one; a refused host is never connected to', async () => {
    const body = { url: 'https://hooks.example.com/in', headers: {}, body: '{}', allowPrivate: false };
    for (const addresses of [['10.0.0.5'], ['93.184.216.34', '169.254.169.254'], ['127.0.0.1'], []]) {
      const transport = fakeTransport(addresses);
      await expect(sendWebhook(body, transport)).rejects.toBeInstanceOf(WebhookAddressRefused);
      expect(transport.posted).toEqual([]);
    }
    const transport = fakeTransport(['93.184.216.34']);
    await expect(sendWebhook(body, transport)).resolves.toEqual({ status: 204 });
    expect(transport.posted.map((post) => [post.url.hostname, post.address])).toEqual([['hooks.example.com', '93.184.216.34']]);
  });

  it('plain http goes only to a private address, even with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const toPublic = fakeTransport(['93.184.216.34']);
    await expect(sendWebhook({ url: 'http://hooks.example.com/in', headers: {}, body: '{}', allowPrivate: true }, toPublic)).rejects.toBeInstanceOf(WebhookAddressRefused);
    expect(toPublic.posted).toEqual([]);
    const toPrivate = fakeTransport(['10.1.2.3']);
    await expect(sendWebhook({ url: 'http://dev-box/in', headers: {}, body: '{}', allowPrivate: true }, toPrivate)).resolves.toEqual({ status: 204 });
  });
});
