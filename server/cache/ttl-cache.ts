export interface CachedValue<T> {
  value: T;
  storedAt: number;
}

/**
 * A bounded in-process cache whose entries live for a fixed time. Used for hot reads only: every
 * module copy and every instance keeps its own, so lifetimes are short, and writers invalidate
 * every copy through server/platform/invalidation (the lifetime stays as the safety net).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, CachedValue<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedValue<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: T): CachedValue<T> {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = { value, storedAt: this.now() };
    this.entries.set(key, entry);
    return entry;
  }

  async getOrLoad(key: string, load: () => Promise<T | null>): Promise<CachedValue<T> | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const value = await load();
    return value === null ? null : this.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
  }

  remainingSeconds(entry: CachedValue<T>): number {
    return Math.max(0, Math.ceil((entry.storedAt + this.ttlMs - this.now()) / 1000));
  }
}
