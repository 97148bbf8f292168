import { describe, expect, it } from 'vitest';
import { TtlCache } from '@/server/platform/cache/ttl-cache';
import { CATALOG_CACHE_SECONDS } from '@/server/catalog/catalog-cache';
import { describePrice } from '@/server/catalog/describe-offering';
import { toBaseRate, toMinorUnits } from '@/server/catalog/money';
import { sellerDisplayName } from '@/server/catalog/seller-profile';

describe('catalog cache', () => {
  it('catalog answers are cached for 90 seconds', () => {
    expect(CATALOG_CACHE_SECONDS).toBe(90);
  });

  it('an entry is served until its lifetime ends and reloaded after, so an edit shows within 90 s', async () => {
    let now = 1_000_000;
    const cache = new TtlCache<string>(90_000, 10, () => now);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect((await cache.getOrLoad('k', load))!.value).toBe('v1');
    // lru-cache counts the lifetime's last millisecond in: stale once older than 90 s.
    now += 90_000;
    expect((await cache.getOrLoad('k', load))!.value).toBe('v1');
    now += 1;
    expect((await cache.getOrLoad('k', load))!.value).toBe('v2');
  });

  it('tells HTTP caches only the lifetime left, so proxies add no staleness', () => {
    let now = 0;
    const cache = new TtlCache<string>(90_000, 10, () => now);
    const entry = cache.set('k', 'v');
    expect(cache.remainingSeconds(entry)).toBe(90);
    now = 60_500;
    expect(cache.remainingSeconds(entry)).toBe(30);
  });

  it('is bounded: the oldest entry is dropped past the limit', () => {
    const cache = new TtlCache<number>(90_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')!.value).toBe(3);
  });
});

describe('money', () => {
  it('renders minor units as BaseRate by the currency minor unit', () => {
    expect(toBaseRate(999, 'usd')).toBe(9.99);
    expect(toBaseRate(500, 'jpy')).toBe(500);
    expect(toBaseRate(1234, 'kwd')).toBe(1.234);
    expect(toBaseRate(null, 'usd')).toBeNull();
    expect(toMinorUnits(9.99, 'usd')).toBe(999);
  });

  it('describes prices for buyers', () => {
    const base = { id: 'o', productId: 'p', clientId: 'c', name: 'n', description: null, status: 1, category: 0, currency: 'usd' };
    expect(describePrice({ ...base, licenseClassification: 2, baseRate: null, interval: null, intervalUnit: null })).toBe('Free');
    expect(describePrice({ ...base, licenseClassification: 1, baseRate: 9.99, interval: 1, intervalUnit: 2 })).toBe('$9.99 / month');
    expect(describePrice({ ...base, licenseClassification: 0, baseRate: null, interval: 14, intervalUnit: 0 })).toBe('Free for 14 days');
  });
});

describe('seller naming (spec rule 7)', () => {
  it('uses the contact name, else the legal name, else "a seller on the service"', () => {
    expect(sellerDisplayName({ contactName: 'Ada', legalName: 'Ada Ltd' })).toBe('Ada');
    expect(sellerDisplayName({ contactName: '  ', legalName: 'Ada Ltd' })).toBe('Ada Ltd');
    expect(sellerDisplayName({ contactName: null, legalName: null })).toBe('a seller on the service');
  });
});
