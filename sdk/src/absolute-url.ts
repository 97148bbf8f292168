import { ArgumentError } from './errors.js';

/** An absolute http(s) URL as given, without trailing slashes; an ArgumentError naming `field` otherwise. */
export function trimmedUrl(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  return value.replace(/\/+$/, '');
}
