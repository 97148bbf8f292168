import { TtlCache } from '../cache/ttl-cache';
import { ALL_KEYS, ensureInvalidationListener, onInvalidation, type InvalidationTopic } from './invalidation';

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
 * (publishInvalidation). Reading it starts this copy's listener if nothing did, without waiting;
 * the lifetime stays the bound for whatever a lost notification leaves behind.
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
    return super.get(key);
  }
}
