import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TOPIC } from '@/server/catalog/catalog-cache';
import { SIGNING_KEY_TOPIC } from '@/server/keys/signing-keys';
import { LICENSE_CODE_TOPIC, LICENSE_STATUS_TOPIC, SEAT_TOPIC } from '@/server/licensing/licensing-topics';
import { API_KEY_CACHE_MAX, apiKeyCache, claimLastUsedWrite, LAST_USED_TRACKED_KEYS_MAX, LAST_USED_WRITE_INTERVAL_MS } from '@/server/api-keys/api-key-cache';
import { TtlCache } from '@/server/platform/cache/ttl-cache';
import { CATALOG_CACHE_MAX, catalogCache } from '@/server/catalog/catalog-cache';
import { KEY_CACHE_MAX, KeyCache } from '@/server/keys/key-cache';
import { InvalidatedCache } from '@/server/platform/invalidation/invalidated-cache';
import { ALL_KEYS, invalidationListenerState, publishInvalidation, startInvalidationListener, stopInvalidationListener, UNWATCHED_ENTRY_MS } from '@/server/platform/invalidation/invalidation';

// The in-process caches (DESIGN.md "Platform decisions": caches are bounded, live briefly and are
// invalidated). No database here: a publish runs this copy's handlers at once, and its NOTIFY goes
// to a stand-in client.

// Prisma's statements are promises tagged 'PrismaPromise'; Promise's own tag is read-only, so the
// stand-in defines it on the instance (assigning it would throw, and the publish would only log).
function prismaPromise<T>(value: T): Promise<T> & { [Symbol.toStringTag]: 'PrismaPromise' } {
  return Object.defineProperty(Promise.resolve(value), Symbol.toStringTag, { value: 'PrismaPromise' }) as Promise<T> & { [Symbol.toStringTag]: 'PrismaPromise' };
}
const ctx = { db: { $executeRaw: () => prismaPromise(0) } };

beforeAll(async () => {
  // A cache read would otherwise start this copy's listener on whatever DATABASE_URL says.
  await stopInvalidationListener();
});

/** A load that answers when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('TtlCache', () => {
  it('never holds more than its max: past it the least recently used entry goes', () => {
    const cache = new TtlCache<number>(60_000, 3);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.max).toBe(3);
    expect(cache.size).toBe(3);
    expect(cache.get('k6')).toBeUndefined();
    // A read makes k7 recent, so the next entry pushes out k8.
    expect(cache.get('k7')!.value).toBe(7);
    cache.set('k10', 10);
    expect(cache.get('k8')).toBeUndefined();
    expect([cache.get('k7')?.value, cache.get('k9')?.value, cache.get('k10')?.value]).toEqual([7, 9, 10]);
    expect(cache.size).toBe(3);
  });

  it('drops an entry once it is older than its lifetime, on the injected clock', () => {
    let now = 5_000;
    const cache = new TtlCache<string>(1_000, 10, () => now);
    cache.set('k', 'v');
    now += 1_000;
    expect(cache.get('k')?.value).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    // Storing again starts a new lifetime.
    cache.set('k', 'v2');
    now += 999;
    expect(cache.get('k')?.value).toBe('v2');
    expect(cache.remainingSeconds(cache.get('k')!)).toBe(1);
  });

  it('getOrLoad: concurrent misses of a key share one load; a key that was not found is not kept', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    let loads = 0;
    const answer = deferred<string | null>();
    const load = () => {
      loads += 1;
      return answer.promise;
    };
    const both = Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    answer.resolve('v');
    expect((await both).map((entry) => entry?.value)).toEqual(['v', 'v']);
    expect(loads).toBe(1);
    expect((await cache.getOrLoad('k', load))!.value).toBe('v');
    expect(loads).toBe(1);

    expect(await cache.getOrLoad('missing', async () => null)).toBeNull();
    expect(await cache.getOrLoad('missing', async () => 'found later')).toMatchObject({ value: 'found later' });
  });

  it('getOrLoad: a miss after its key was dropped loads afresh, and a load that began before the drop is never stored', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    const old = deferred<string>();
    const first = cache.getOrLoad('k', () => old.promise);
    cache.delete('k');
    const second = cache.getOrLoad('k', async () => 'new');
    expect((await second)!.value).toBe('new');
    old.resolve('old');
    expect((await first)!.value).toBe('old');
    expect(cache.get('k')!.value).toBe('new');

    // Alone too: what it read may predate the change that dropped the key (a revocation), so it
    // answers its own callers and the next read loads again.
    const alone = deferred<string>();
    const read = cache.getOrLoad('other', () => alone.promise);
    cache.delete('other');
    alone.resolve('active (read before the revocation)');
    expect((await read)!.value).toBe('active (read before the revocation)');
    expect(cache.get('other')).toBeUndefined();
    const flushed = cache.getOrLoad('flushed', () => alone.promise);
    cache.clear();
    expect((await flushed)!.value).toBe('active (read before the revocation)');
    expect(cache.get('flushed')).toBeUndefined();
  });

  it('getOrLoad: a failed load is not kept, and the next call loads again', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await expect(
      cache.getOrLoad('k', () => {
        throw new Error('thrown at once');
      }),
    ).rejects.toThrow('thrown at once');
    expect((await cache.getOrLoad('k', async () => 'v'))!.value).toBe('v');
  });
});

describe('InvalidatedCache', () => {
  it('while the listener cannot listen, an entry is served at most UNWATCHED_ENTRY_MS after it was stored', async () => {
    let now = 1_000_000;
    const cache = new InvalidatedCache<string>({ topic: LICENSE_CODE_TOPIC, ttlMs: 600_000, maxEntries: 10, now: () => now });
    cache.set('code-1', 'active');
    now += 60_000;
    expect(cache.get('code-1')?.value).toBe('active'); // listening or stopped: the lifetime rules
    // A listener started on a port where nothing answers stays `reconnecting`.
    await startInvalidationListener('postgresql://nobody@127.0.0.1:9/none').catch(() => {});
    try {
      expect(invalidationListenerState()).toBe('reconnecting');
      expect(cache.get('code-1')).toBeUndefined();
      cache.set('code-1', 'active (read during the outage)');
      now += UNWATCHED_ENTRY_MS;
      expect(cache.get('code-1')?.value).toBe('active (read during the outage)');
      now += 1;
      expect(cache.get('code-1')).toBeUndefined();
      expect((await cache.getOrLoad('code-1', async () => 'revoked'))!.value).toBe('revoked');
    } finally {
      await stopInvalidationListener();
    }
    expect(invalidationListenerState()).toBe('stopped');
  });

  it('is bounded like the TtlCache it is', () => {
    const cache = new InvalidatedCache<number>({ topic: SEAT_TOPIC, ttlMs: 60_000, maxEntries: 5 });
    for (let i = 0; i < 50; i++) cache.set(`seat-${i}`, i);
    expect(cache.size).toBe(5);
    expect(cache.get('seat-44')).toBeUndefined();
    expect(cache.get('seat-49')!.value).toBe(49);
  });

  it('keeps its lifetime on the injected clock', () => {
    let now = 1_000;
    const cache = new InvalidatedCache<string>({ topic: SEAT_TOPIC, ttlMs: 10_000, maxEntries: 5, now: () => now });
    cache.set('seat-1', 'live');
    now += 10_001;
    expect(cache.get('seat-1')).toBeUndefined();
  });

  it('a published key drops that entry, ALL_KEYS drops every entry, and other topics drop nothing', async () => {
    const cache = new InvalidatedCache<string>({ topic: LICENSE_CODE_TOPIC, ttlMs: 60_000, maxEntries: 10 });
    for (const key of ['code-1', 'code-2', 'code-3']) cache.set(key, key);
    await publishInvalidation(ctx, LICENSE_CODE_TOPIC, 'code-1');
    await publishInvalidation(ctx, SEAT_TOPIC, 'code-2');
    expect(cache.get('code-1')).toBeUndefined();
    expect(cache.get('code-2')?.value).toBe('code-2');
    await publishInvalidation(ctx, LICENSE_CODE_TOPIC, ALL_KEYS);
    expect(cache.size).toBe(0);
  });

  it('with `matches`, a published key drops every entry it names (a channel-wide drop for a seller)', async () => {
    const cache = new InvalidatedCache<string>({
      topic: CATALOG_TOPIC,
      ttlMs: 60_000,
      maxEntries: 10,
      matches: (cacheKey, seller) => cacheKey.startsWith(`${seller}:`),
    });
    for (const key of ['s1:storefront', 's1:offering-1', 's2:storefront']) cache.set(key, key);
    await publishInvalidation(ctx, CATALOG_TOPIC, 's1');
    expect(cache.get('s1:storefront')).toBeUndefined();
    expect(cache.get('s1:offering-1')).toBeUndefined();
    expect(cache.get('s2:storefront')?.value).toBe('s2:storefront');
  });

  it('a read after a publish never joins a load that began before it', async () => {
    const cache = new InvalidatedCache<string>({ topic: LICENSE_STATUS_TOPIC, ttlMs: 60_000, maxEntries: 10 });
    const before = deferred<string>();
    const early = cache.getOrLoad('license-1', () => before.promise);
    await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, 'license-1');
    const late = cache.getOrLoad('license-1', async () => 'suspended (read after the change)');
    before.resolve('active (read before the change)');
    expect((await early)!.value).toBe('active (read before the change)');
    expect((await late)!.value).toBe('suspended (read after the change)');
    expect(cache.get('license-1')!.value).toBe('suspended (read after the change)');
  });
});

describe('KeyCache', () => {
  const loader = (loads: string[], key: string, lifetimeMs = 60_000) => async (previous: string | undefined) => {
    loads.push(`${key}<-${previous ?? 'nothing'}`);
    return { value: `${key}@${loads.length}`, expiresAt: Date.now() + lifetimeMs };
  };

  it('never holds more than KEY_CACHE_MAX keys: the one pushed out is loaded again', async () => {
    const cache = new KeyCache<string>(SIGNING_KEY_TOPIC);
    const loads: string[] = [];
    for (let i = 0; i <= KEY_CACHE_MAX; i++) await cache.get(`purpose-${i}`, loader(loads, `purpose-${i}`));
    expect(loads).toHaveLength(KEY_CACHE_MAX + 1);
    await cache.get(`purpose-${KEY_CACHE_MAX}`, loader(loads, `purpose-${KEY_CACHE_MAX}`));
    expect(loads).toHaveLength(KEY_CACHE_MAX + 1);
    await cache.get('purpose-0', loader(loads, 'purpose-0'));
    expect(loads.at(-1)).toBe('purpose-0<-nothing');
  });

  it("an entry ends at its own instant; the loader then gets the value it replaces", async () => {
    const cache = new KeyCache<string>(SIGNING_KEY_TOPIC);
    const loads: string[] = [];
    expect(await cache.get('runtime', loader(loads, 'runtime', 20))).toBe('runtime@1');
    expect(await cache.get('runtime', loader(loads, 'runtime', 20))).toBe('runtime@1');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get('runtime', loader(loads, 'runtime'))).toBe('runtime@2');
    expect(loads).toEqual(['runtime<-nothing', 'runtime<-runtime@1']);
  });

  it('a notice drops the entry but keeps its value aside for the loader; a load that raced the notice is not kept', async () => {
    const cache = new KeyCache<string>(SIGNING_KEY_TOPIC);
    const loads: string[] = [];
    await cache.get('identity', loader(loads, 'identity'));
    await publishInvalidation(ctx, SIGNING_KEY_TOPIC, 'identity');
    expect(await cache.get('identity', loader(loads, 'identity'))).toBe('identity@2');
    expect(loads.at(-1)).toBe('identity<-identity@1');

    const racing = deferred<{ value: string; expiresAt: number }>();
    const reload = cache.reload('identity', () => racing.promise);
    await publishInvalidation(ctx, SIGNING_KEY_TOPIC, ALL_KEYS);
    racing.resolve({ value: 'identity (before the rotation)', expiresAt: Date.now() + 60_000 });
    expect(await reload).toBe('identity (before the rotation)');
    expect(await cache.get('identity', loader(loads, 'identity'))).toBe('identity@3');
    expect(loads.at(-1)).toBe('identity<-identity@2');
  });
});

describe('the caches of the service', () => {
  it('the catalog and API key caches are held to their named bounds', () => {
    for (const [cache, max] of [
      [catalogCache, CATALOG_CACHE_MAX],
      [apiKeyCache, API_KEY_CACHE_MAX],
    ] as const) {
      expect(cache.max).toBe(max);
      for (let i = 0; i < max + 100; i++) (cache as TtlCache<unknown>).set(`bound-${i}`, i);
      expect(cache.size).toBe(max);
      expect(cache.get('bound-99')).toBeUndefined();
      expect(cache.get(`bound-${max + 99}`)?.value).toBe(max + 99);
    }
  });

  it("API keys' last-use writes are tracked for a bounded number of keys", () => {
    const now = 1_000_000;
    expect(claimLastUsedWrite('first', now)).toBe(true);
    expect(claimLastUsedWrite('first', now + 1)).toBe(false);
    expect(claimLastUsedWrite('first', now + LAST_USED_WRITE_INTERVAL_MS)).toBe(true);
    for (let i = 0; i < LAST_USED_TRACKED_KEYS_MAX; i++) claimLastUsedWrite(`key-${i}`, now + LAST_USED_WRITE_INTERVAL_MS);
    // Pushed out by the bound: its next use writes again, a minute early.
    expect(claimLastUsedWrite('first', now + LAST_USED_WRITE_INTERVAL_MS + 1)).toBe(true);
    expect(claimLastUsedWrite(`key-${LAST_USED_TRACKED_KEYS_MAX - 1}`, now + LAST_USED_WRITE_INTERVAL_MS + 1)).toBe(false);
  });
});
