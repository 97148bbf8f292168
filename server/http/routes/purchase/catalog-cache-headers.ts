import type { CachedValue } from '../../../platform/cache/ttl-cache';
import { catalogCache } from '../../../catalog/catalog-cache';

export const CACHE_CONTROL_HEADER = { 'Cache-Control': { description: '`public, max-age=N`: the lifetime the cached answer has left.', schema: { type: 'string' as const } } };

// A cached answer tells HTTP caches only the lifetime it has left, so an edit is visible to
// every client within 90 seconds in all, not 90 here plus 90 in a proxy.
export function cachedCatalogHeaders(entry: CachedValue<unknown>): Record<string, string> {
  return { 'Cache-Control': `public, max-age=${catalogCache.remainingSeconds(entry)}` };
}
