import { TtlCache } from '../cache/ttl-cache';
import { ALL_KEYS, ensureInvalidationListener, invalidationsAreWatched, onInvalidation, UNWATCHED_ENTRY_MS, type InvalidationTopic } from './invalidation';

export interface InvalidatedCacheOptions {
  topic: InvalidationTopic;
  ttlMs: number;
  maxEntries: number;
  /** Whether a published key names this cache key; default: the same string. */
  matches?: (cacheKey: string, publishedKey: string) => boolean;
  now?: () => number;
}

/**
 * A TtlCache whose entries every instance drops when its topic is published
 * (publishInvalidation). Reading it starts this process's listener if nothing did, without waiting.
 * While the listener cannot listen (lost, reconnecting), an entry is served for UNWATCHED_ENTRY_MS
 * after it was stored at most; when it listens again, every entry goes (notifications were missed).
 */
export class InvalidatedCache<T> extends TtlCache<T> {
  constructor(options: InvalidatedCacheOptions) {
    super(options.ttlMs, options.maxEntries, options.now);
    const matches = options.matches;
    // Registered once, for the life of the module, like the cache itself.
    onInvalidation(options.topic, (key) => {
      if (key === ALL_KEYS) this.clear();
      else if (matches) this.deleteWhere((cacheKey) => matches(cacheKey, key));
      else this.delete(key);
    });
  }

  override get(key: string) {
    ensureInvalidationListener();
    const entry = super.get(key);
    // No notification can reach this process now: an older entry may have been changed meanwhile.
    if (entry && !invalidationsAreWatched() && this.now() - entry.storedAt > UNWATCHED_ENTRY_MS) return undefined;
    return entry;
  }
}
