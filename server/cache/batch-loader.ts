interface Waiter<V> {
  resolve: (value: V | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Loads by key in batches: the keys asked for until the event loop's next check phase
 * (setImmediate: every request read in the same turn) go to `loadMany` together, at most `maxBatch`
 * per call, each key once. Cold reads come in bursts (a start, a wave of seats refreshing), and one
 * statement for many keys costs PostgreSQL and this process far less than one statement each.
 */
export class BatchLoader<V> {
  private pending = new Map<string, Waiter<V>[]>();
  private scheduled = false;

  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxBatch = 100,
  ) {}

  /** The value of `key`, or null when `loadMany` found none. */
  load(key: string): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.maxBatch) {
      const slice = keys.slice(start, start + this.maxBatch);
      const settle = (each: (waiter: Waiter<V>, key: string) => void) => {
        for (const key of slice) for (const waiter of batch.get(key)!) each(waiter, key);
      };
      this.loadMany(slice).then(
        (found) => settle((waiter, key) => waiter.resolve(found.get(key) ?? null)),
        (error: unknown) => settle((waiter) => waiter.reject(error)),
      );
    }
  }
}
