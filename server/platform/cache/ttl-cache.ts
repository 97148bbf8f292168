import { LRUCache } from 'lru-cache';

export interface CachedValue<T> {
  value: T;
  /** When it was stored, on the cache's clock (remainingSeconds reads it). */
  storedAt: number;
}

/**
 * A bounded in-process cache whose entries live for a fixed time, on lru-cache: at most `max`
 * entries (the least recently used one goes first), each dropped `ttlMs` after it was stored.
 * Used for hot reads only: every module copy and every instance keeps its own, so lifetimes are
 * short, and writers invalidate every copy through server/platform/invalidation (the lifetime stays
 * as the safety net).
 *
 * What it adds to lru-cache: getOrLoad, where concurrent misses of a key share one load and a load
 * that found nothing is not kept. Each load under way is the key's generation: dropping a key
 * (delete, an invalidation, a flush) ends it, so a miss after the drop reads afresh and never joins a
 * read from before the change, and a load that began before the drop is never stored (it still
 * answers the callers that were waiting for it).
 */
export class TtlCache<T> {
  private readonly entries: LRUCache<string, CachedValue<T>>;
  /** The loads under way, one per key: as many as concurrent misses, gone when each settles. */
  private readonly loads = new Map<string, { promise: Promise<CachedValue<T> | null> }>();

  constructor(
    private readonly ttlMs: number,
    max: number,
    protected readonly now: () => number = () => performance.now(),
  ) {
    // ttlResolution 0: lru-cache reads the clock at every check instead of keeping a reading for a
    // millisecond behind a timer per read, so an injected clock is seen at once.
    // The bound is a count (maxSize, each entry 1), not lru-cache's `max`: `max` allocates storage for
    // every slot at construction (about 4 MB for 100,000), paid by every cache whether it fills or not.
    this.entries = new LRUCache({ maxSize: max, sizeCalculation: () => 1, ttl: ttlMs, ttlResolution: 0, perf: { now: this.now } });
  }

  /** The bound: past it, the least recently used entry is dropped. */
  get max(): number {
    return this.entries.maxSize;
  }

  /** Entries held, expired ones not yet dropped included (never more than max). */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedValue<T> | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): CachedValue<T> {
    const entry = { value, storedAt: this.now() };
    this.entries.set(key, entry);
    return entry;
  }

  getOrLoad(key: string, load: () => Promise<T | null>): Promise<CachedValue<T> | null> {
    const hit = this.get(key);
    if (hit) return Promise.resolve(hit);
    const under = this.loads.get(key);
    if (under) return under.promise;
    // Registered before load() runs, so a load that throws at once still unregisters itself.
    const flight = {} as { promise: Promise<CachedValue<T> | null> };
    this.loads.set(key, flight);
    flight.promise = (async () => {
      try {
        const value = await load();
        if (value === null) return null;
        // Dropped while loading (an invalidation, a flush): the value may predate the change. It
        // answers the callers that were waiting for it, and is never stored.
        const invalidatedMeanwhile = this.loads.get(key) !== flight;
        return invalidatedMeanwhile ? { value, storedAt: this.now() } : this.set(key, value);
      } finally {
        if (this.loads.get(key) === flight) this.loads.delete(key);
      }
    })();
    return flight.promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.loads.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loads.clear();
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
    for (const key of [...this.loads.keys()]) if (predicate(key)) this.loads.delete(key);
  }

  remainingSeconds(entry: CachedValue<T>): number {
    return Math.max(0, Math.ceil((entry.storedAt + this.ttlMs - this.now()) / 1000));
  }
}
