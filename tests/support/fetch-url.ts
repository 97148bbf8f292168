/**
 * The address a `fetch` was called with, whichever form it took (a string, a URL or a Request), for
 * fakes that wrap the real fetch and act on some paths.
 */
export function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
