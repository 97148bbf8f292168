import { db, readDb, type Db, type Tx } from '../db';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';
import { ALL_KEYS, defineInvalidationTopic, onInvalidation, publishInvalidation } from '../platform/invalidation/invalidation';
import { logger } from '../platform/logging/logger';

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

/**
 * How long after a seller's catalog changed its misses are read from the primary: a replica a
 * little behind (DATABASE_READ_URL) must not put the old catalog back in the cache for 90 s.
 */
export const CATALOG_PRIMARY_AFTER_CHANGE_MS = 15_000;

// When each seller's catalog (or every catalog: ALL_KEYS) was last announced as changed here.
const changedAt = new Map<string, number>();
onInvalidation(CATALOG_TOPIC, (issuerClientId) => {
  const now = Date.now();
  for (const [key, at] of changedAt) if (now - at > CATALOG_PRIMARY_AFTER_CHANGE_MS) changedAt.delete(key);
  changedAt.set(issuerClientId, now);
});

function changedLately(issuerClientId: string): boolean {
  const now = Date.now();
  return [issuerClientId, ALL_KEYS].some((key) => now - (changedAt.get(key) ?? -Infinity) <= CATALOG_PRIMARY_AFTER_CHANGE_MS);
}

/**
 * A catalog read through the cache. A miss reads the replica when one is configured
 * (DATABASE_READ_URL, server/db.ts readDb), except within CATALOG_PRIMARY_AFTER_CHANGE_MS of a
 * change to the seller's catalog, and the primary should the replica fail: a replica's outage
 * slows the misses, it never refuses a storefront.
 */
export function readCatalog<T>(cacheKey: string, issuerClientId: string, read: (database: Db) => Promise<T>) {
  return catalogCache.getOrLoad(cacheKey, async () => {
    const primary = db();
    const replica = readDb();
    if (replica === primary || changedLately(issuerClientId)) return read(primary);
    try {
      return await read(replica);
    } catch (error) {
      logger.warn({ err: error }, 'catalog: the read replica failed; read from the primary');
      return read(primary);
    }
  });
}
