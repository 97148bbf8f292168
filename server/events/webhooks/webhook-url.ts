import ipaddr from 'ipaddr.js';
import { DomainError } from '../../errors';

// Where a webhook may go (docs/api/webhooks.md, SSRF). An endpoint URL is absolute
// https without credentials in it; its host may not be, or resolve to, a loopback, private,
// link-local or otherwise special address. WEBHOOK_ALLOW_PRIVATE_URLS (development) lets http and
// private and loopback addresses through; link-local (cloud metadata at 169.254.169.254) never.
// The address is checked again at every send, after DNS resolution, and the connection goes to the
// address that was checked (send-webhook.ts), so a name that changes its answer cannot slip past.

const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Whether a connection to `address` is allowed: a public unicast address, or a private one when allowed. */
export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowPrivate && PRIVATE_RANGES.has(range);
}

function refused(message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: message, Field: 'Url' }] });
}

/** The endpoint URL as stored, or ValidationError naming Url. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('Enter an absolute URL such as https://example.com/webhooks.');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw refused('The URL must use https.');
  if (url.username || url.password) throw refused('The URL must not hold a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    if (!isAllowedAddress(host, allowPrivate)) throw refused('The URL points to a private, loopback or link-local address.');
  } else if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.'))) {
    throw refused('The URL must name a public host.');
  }
  url.hash = '';
  return url.toString();
}
