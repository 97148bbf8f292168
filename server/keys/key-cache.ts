import { LRUCache } from 'lru-cache';
import { ALL_KEYS, ensureInvalidationListener, onInvalidation, type InvalidationTopic } from '../platform/invalidation/invalidation';

/** Loads a value and says until when it holds; receives what the cache held before (expired or dropped), if anything. */
export type KeyLoader<T> = (previous: T | undefined) => Promise<{ value: T; expiresAt: number }>;

/** Keys of one KeyCache: one per signing-key purpose, with room to spare. */
export const KEY_CACHE_MAX = 16;

/**
 * The in-process cache of signing keys and key sets: a few entries (one per purpose), each with its
 * own end (a pending activation ends the signing key's entry at that instant), dropped by every
 * notice of its topic. Unlike a plain TTL cache:
 * - a load that was under way when a notice came is not kept (it may predate the new version), so a
 *   rotation is never hidden behind a read that raced it;
 * - concurrent misses share one load;
 * - a dropped or expired value is kept aside for the loader, which may fall back on it when the
 *   database cannot be read (versions are never withdrawn, so an older set is still right).
 */
export class KeyCache<T extends NonNullable<unknown>> {
  /** What holds now, each entry until its own end (a per-entry lru-cache TTL). */
  private readonly current = new LRUCache<string, T>({ max: KEY_CACHE_MAX, ttlResolution: 0 });
  /** The last value loaded per key, whether it still holds or not: the loader's fallback. */
  private readonly lastLoaded = new LRUCache<string, T>({ max: KEY_CACHE_MAX });
  private readonly loads = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(topic: InvalidationTopic) {
    // Registered once per module copy, for the life of the module, like the cache itself.
    onInvalidation(topic, (key) => {
      this.generation += 1;
      if (key === ALL_KEYS) {
        this.current.clear();
        this.loads.clear();
      } else {
        this.current.delete(key);
        this.loads.delete(key);
      }
    });
  }

  async get(key: string, load: KeyLoader<T>): Promise<T> {
    ensureInvalidationListener();
    const value = this.current.get(key);
    if (value !== undefined) return value;
    return this.loads.get(key) ?? this.start(key, load);
  }

  /** Loads again now, whatever is cached (a load already under way is shared). */
  async reload(key: string, load: KeyLoader<T>): Promise<T> {
    ensureInvalidationListener();
    return this.loads.get(key) ?? this.start(key, load);
  }

  private start(key: string, load: KeyLoader<T>): Promise<T> {
    const generation = this.generation;
    const promise = load(this.lastLoaded.get(key)).then((loaded) => {
      if (this.generation === generation) {
        // An end already passed still counts as one: lru-cache reads a TTL of 0 as "never ends".
        this.current.set(key, loaded.value, { ttl: Math.max(1, loaded.expiresAt - Date.now()) });
        this.lastLoaded.set(key, loaded.value);
      }
      return loaded.value;
    });
    this.loads.set(key, promise);
    const settled = () => {
      if (this.loads.get(key) === promise) this.loads.delete(key);
    };
    promise.then(settled, settled);
    return promise;
  }
}
