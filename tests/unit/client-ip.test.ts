import { describe, expect, it } from 'vitest';
import { clientIpOf } from '@/server/platform/limits/client-ip';

describe('clientIpOf', () => {
  it.each([
    // [socket, X-Forwarded-For, TRUST_PROXY, client]
    ['203.0.113.9', undefined, 0, '203.0.113.9'],
    ['203.0.113.9', '198.51.100.1', 0, '203.0.113.9'], // no proxy trusted: the header is the client's claim
    ['10.0.0.2', '198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', '6.6.6.6, 198.51.100.1', 1, '198.51.100.1'], // a forged left part is ignored
    ['10.0.0.3', '6.6.6.6, 198.51.100.1, 10.0.0.2', 2, '198.51.100.1'],
    ['10.0.0.3', '198.51.100.1,10.0.0.2', 2, '198.51.100.1'],
    ['10.0.0.2', '198.51.100.1', 2, '10.0.0.2'], // fewer entries than proxies: the socket
    ['10.0.0.2', undefined, 1, '10.0.0.2'],
    ['10.0.0.2', '', 1, '10.0.0.2'],
    ['10.0.0.2', 'not-an-address', 1, '10.0.0.2'],
    ['10.0.0.2', '198.51.100.1, ', 1, '10.0.0.2'],
  ] as const)('socket %s, X-Forwarded-For %j, TRUST_PROXY %i → %s', (socket, forwardedFor, trustProxy, expected) => {
    expect(clientIpOf(socket, forwardedFor, trustProxy)).toBe(expected);
  });

  it('normalises IPv4-mapped IPv6, ports and case', () => {
    expect(clientIpOf('::ffff:1.2.3.4', undefined, 0)).toBe('1.2.3.4');
    expect(clientIpOf('::FFFF:1.2.3.4', undefined, 0)).toBe('1.2.3.4');
    expect(clientIpOf('::1', '::ffff:198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientIpOf('::1', ' 198.51.100.7:51234 ', 1)).toBe('198.51.100.7');
    expect(clientIpOf('::1', '[2001:DB8::1]:443', 1)).toBe('2001:db8::1');
    expect(clientIpOf('2001:DB8::2', undefined, 0)).toBe('2001:db8::2');
  });

  it('without a socket address the result is still a usable key', () => {
    expect(clientIpOf(undefined, undefined, 0)).toBe('unknown');
    expect(clientIpOf(undefined, '198.51.100.1', 0)).toBe('unknown');
    expect(clientIpOf(undefined, '198.51.100.1', 1)).toBe('198.51.100.1');
  });
});
