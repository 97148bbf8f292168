import type { Tx } from '../db';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';
import { defineInvalidationTopic, publishInvalidation } from '../platform/invalidation/invalidation';

/** Spec "Limits": catalog reads are cached for 90 seconds. */
export const CATALOG_CACHE_SECONDS = 90;
/** Storefronts and offerings held: every listed seller's storefront and offerings several times over. */
export const CATALOG_CACHE_MAX = 5_000;
/** A seller's storefront or offerings changed. Key: the seller's issuerClientId. */
export const CATALOG_TOPIC = defineInvalidationTopic('catalog');

const storefrontKey = (issuerClientId: string) => `storefront:${issuerClientId}`;
const offeringKey = (issuerClientId: string, offeringId: string) => `offering:${issuerClientId}:${offeringId}`;
export const catalogCacheKeys = { storefront: storefrontKey, offering: offeringKey };

/** Whether a cache key belongs to the seller's catalog (its storefront or one of its offerings). */
function ofSeller(cacheKey: string, issuerClientId: string): boolean {
  return cacheKey === storefrontKey(issuerClientId) || cacheKey.startsWith(`offering:${issuerClientId}:`);
}

// Topic `catalog`, keyed by issuerClientId: an edit empties the seller's entries in every module
// copy and instance within a second; the 90 seconds bound what a lost notification leaves.
export const catalogCache = new InvalidatedCache<unknown>({
  topic: CATALOG_TOPIC,
  ttlMs: CATALOG_CACHE_SECONDS * 1000,
  maxEntries: CATALOG_CACHE_MAX,
  matches: ofSeller,
});

/** Called by catalog edits after they are committed: every copy drops the seller's catalog. */
export function publishCatalogChange(ctx: { db: Tx }, issuerClientId: string): Promise<void> {
  return publishInvalidation(ctx, CATALOG_TOPIC, issuerClientId);
}
