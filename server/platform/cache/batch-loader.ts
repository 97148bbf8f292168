import DataLoader from 'dataloader';

/** Keys read in one statement at most; a larger burst is read in several. */
export const MAX_BATCH_KEYS = 100;

/**
 * Loads by key in batches, on DataLoader: the keys asked for in one turn of the event loop (the
 * cache misses of every request whose socket callback ran in that turn; the batch runs at
 * setImmediate, not DataLoader's default next tick, which would batch one request's only) go to `loadMany`
 * together, at most `maxBatch` per call, each key once. Cold reads come in bursts (a start, a wave
 * of seats refreshing), and one statement for many keys costs PostgreSQL and this process far less
 * than one statement each. It caches nothing (`cache: false`): the TTL caches above it do, and
 * their invalidation would not reach a memo here.
 */
export class BatchLoader<V> extends DataLoader<string, V | null> {
  /** `loadMany` answers the keys it found; a key it did not is loaded as null. */
  constructor(loadMany: (keys: string[]) => Promise<Map<string, V>>, maxBatch = MAX_BATCH_KEYS) {
    super(
      async (keys) => {
        // Without DataLoader's memo a key asked twice in a tick is in the batch twice; it is read once.
        const found = await loadMany([...new Set(keys)]);
        return keys.map((key) => found.get(key) ?? null);
      },
      { cache: false, maxBatchSize: maxBatch, batchScheduleFn: (run) => setImmediate(run) },
    );
  }
}
