import { registeredRedirectUris } from './identity-config';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * RFC 8252 section 7.3: a native app's loopback redirect matches a registered loopback URI with
 * any port; scheme, path and query must match exactly. Any other URI must match exactly.
 */
export function isAllowedRedirectUri(candidate: string): boolean {
  let given: URL;
  try {
    given = new URL(candidate);
  } catch {
    return false;
  }
  if (given.hash || given.username || given.password) return false;
  return registeredRedirectUris().some((registered) => {
    const allowed = new URL(registered);
    if (LOOPBACK_HOSTS.has(allowed.hostname) && allowed.protocol === 'http:') {
      return given.protocol === 'http:' && LOOPBACK_HOSTS.has(given.hostname) && given.pathname === allowed.pathname && given.search === allowed.search;
    }
    return given.href === allowed.href;
  });
}
