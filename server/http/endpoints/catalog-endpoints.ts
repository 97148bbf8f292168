import { getOfferingDetail } from '../../catalog/get-offering-detail';
import { getStorefront } from '../../catalog/get-storefront';
import { catalogCache, catalogCacheKeys } from '../../catalog/catalog-cache';
import type { CachedValue } from '../../cache/ttl-cache';
import { db } from '../../db';
import { jsonResponse } from '../json';
import type { RestRoute } from '../rest-router';

// A cached answer tells HTTP caches only the lifetime it has left, so an edit is visible to
// every client within 90 seconds in all, not 90 here plus 90 in a proxy.
function cachedJson(entry: CachedValue<unknown>): Response {
  return jsonResponse(entry.value, {
    headers: { 'Cache-Control': `public, max-age=${catalogCache.remainingSeconds(entry)}` },
  });
}

export const catalogRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/purchase/:issuerClientId/offerings',
    handler: async ({ params }) => {
      const issuerClientId = params.issuerClientId!;
      const entry = await catalogCache.getOrLoad(catalogCacheKeys.storefront(issuerClientId), () =>
        getStorefront({ db: db() }, issuerClientId),
      );
      return cachedJson(entry!);
    },
  },
  {
    method: 'GET',
    path: '/purchase/:issuerClientId/offerings/:offeringId',
    handler: async ({ params }) => {
      const { issuerClientId, offeringId } = params as { issuerClientId: string; offeringId: string };
      const entry = await catalogCache.getOrLoad(catalogCacheKeys.offering(issuerClientId, offeringId), () =>
        getOfferingDetail({ db: db() }, issuerClientId, offeringId),
      );
      return cachedJson(entry!);
    },
  },
];
