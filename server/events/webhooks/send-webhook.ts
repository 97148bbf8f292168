import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress } from './webhook-url';

// One POST of a signed webhook, SSRF-safe: the host is resolved, every address it resolves to is
// checked, and the connection is made to the checked address (the lookup is pinned), so DNS cannot
// answer one thing to the check and another to the connection. Redirects are not followed (a 3xx is
// a failed attempt). 10 s for the whole exchange. The resolver and the connect step are injectable:
// tests drive the guard without ever opening a socket to a non-loopback address.

const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookPost {
  url: URL;
  /** The address the connection must go to (already checked). */
  address: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookTransport {
  resolve(hostname: string): Promise<string[]>;
  post(request: WebhookPost, timeoutMs: number): Promise<{ status: number }>;
}

export class WebhookAddressRefused extends Error {
  constructor(readonly hostname: string) {
    super(`The endpoint's host resolves to an address webhooks may not go to (${hostname}).`);
    this.name = 'WebhookAddressRefused';
  }
}

async function resolveHost(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return [host];
  return (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

function postPinned(request: WebhookPost, timeoutMs: number): Promise<{ status: number }> {
  const family = request.address.includes(':') ? 6 : 4;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: request.address, family }]);
    else callback(null, request.address, family);
  };
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      request.url,
      { method: 'POST', headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }, lookup, timeout: timeoutMs, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    const deadline = setTimeout(() => outgoing.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export const NETWORK_TRANSPORT: WebhookTransport = { resolve: resolveHost, post: postPinned };

/** Sends one webhook; the receiver's status, or throws (refused address, network failure, timeout). */
export async function sendWebhook(
  input: { url: string; headers: Record<string, string>; body: string; allowPrivate: boolean },
  transport: WebhookTransport = NETWORK_TRANSPORT,
): Promise<{ status: number }> {
  const url = new URL(input.url);
  const addresses = await transport.resolve(url.hostname);
  // Every address must pass: a name answering one public and one private address is refused.
  if (addresses.length === 0 || addresses.some((address) => !isAllowedAddress(address, input.allowPrivate))) throw new WebhookAddressRefused(url.hostname);
  // Plain http only to a private address (development), never across the internet.
  if (url.protocol === 'http:' && addresses.some((address) => isAllowedAddress(address, false))) throw new WebhookAddressRefused(url.hostname);
  return transport.post({ url, address: addresses[0]!, headers: input.headers, body: input.body }, WEBHOOK_TIMEOUT_MS);
}
