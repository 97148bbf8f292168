import { isIP } from 'node:net';

// The client's address, the key of the per-IP limit. X-Forwarded-For is written by whoever sends
// the request, so only its trusted tail counts: each of the TRUST_PROXY proxies in front of the
// service appends the address it received the request from, and the outermost one (the first a
// client reaches) appends the client's. Everything left of that entry is the client's own claim.

const UNKNOWN = 'unknown';

/** `::ffff:1.2.3.4` → `1.2.3.4`; strips a port (`1.2.3.4:5678`, `[::1]:443`); lower-case IPv6; '' when not an address. */
function normalizeAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  return isIP(address) ? address : '';
}

/**
 * The client's IP address: with `trustProxy` 0 the socket's peer; with N, the N-th entry from the
 * right of X-Forwarded-For, or the socket's peer when the header has fewer entries (the request
 * did not come through all N proxies) or that entry is not an address.
 */
export function clientIpOf(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: number): string {
  const socket = (socketAddress && normalizeAddress(socketAddress)) || UNKNOWN;
  if (trustProxy <= 0 || !forwardedFor) return socket;
  // Several X-Forwarded-For headers arrive joined with ', ' (node:http), which splitting handles.
  const hops = forwardedFor.split(',');
  const entry = hops[hops.length - trustProxy];
  if (entry === undefined) return socket;
  return normalizeAddress(entry) || socket;
}
