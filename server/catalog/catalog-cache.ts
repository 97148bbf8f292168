import { TtlCache } from '../cache/ttl-cache';

/** Spec "Limits": catalog reads are cached for 90 seconds. */
export const CATALOG_CACHE_SECONDS = 90;

export const catalogCache = new TtlCache<unknown>(CATALOG_CACHE_SECONDS * 1000, 5_000);

const storefrontKey = (issuerClientId: string) => `storefront:${issuerClientId}`;
const offeringKey = (issuerClientId: string, offeringId: string) => `offering:${issuerClientId}:${offeringId}`;
export const catalogCacheKeys = { storefront: storefrontKey, offering: offeringKey };

/** Called by catalog edits in this process; other instances see an edit within 90 seconds. */
export function invalidateCatalog(issuerClientId: string): void {
  catalogCache.deleteWhere((key) => key === storefrontKey(issuerClientId) || key.startsWith(`offering:${issuerClientId}:`));
}
