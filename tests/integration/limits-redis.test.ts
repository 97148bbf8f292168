import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import { limitRulesVersion } from '@/server/platform/limits/limit-rules';
import { createLimiterSet, type LimiterSet } from '@/server/platform/limits/limiter-set';
import { closeLimits, configureLimitsForTests, consumeLimit, limitRule, limitsStoreStatus } from '@/server/platform/limits/limits';
import { tcpRelay } from '../support/tcp-relay';
import { freePort } from '../support/test-server';

// Two instances of the service sharing one Redis: instance A is this process's limits module
// (reaching Redis through a TCP relay the test can cut), instance B a second, separately built
// limiter set connected straight to Redis. Every key lives under a random prefix, removed at the end.
const REDIS_URL = process.env.REDIS_URL;

/** A TCP relay to Redis that can be cut and restored. */
function redisRelay(target: URL) {
  const relay = tcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
  return { start: relay.start, cut: relay.cut, url: () => `redis://127.0.0.1:${relay.port()}` };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!REDIS_URL)('rate limits shared through Redis (runs when REDIS_URL is set)', () => {
  const prefix = `limits-test-${crypto.randomBytes(6).toString('hex')}`;
  const saved = { ...process.env };
  const relay = redisRelay(new URL(REDIS_URL ?? 'redis://127.0.0.1:6379'));
  let inspect: Redis;
  let instanceB: LimiterSet;
  const redisKey = (limit: string, key: string) => `${prefix}:rl:${limit}:${key}`;

  beforeAll(async () => {
    await relay.start();
    Object.assign(process.env, {
      REDIS_URL: relay.url(),
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_INSTANCES: '2',
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://unused',
      APP_SECRET: process.env.APP_SECRET ?? 'x'.repeat(32),
    });
    resetEnvForTests();
    await closeLimits();
    configureLimitsForTests({ runtimeAuthorization: { points: 5, durationSeconds: 30 }, consumption: { points: 4, durationSeconds: 30 } });
    instanceB = createLimiterSet({ redisUrl: REDIS_URL, keyPrefix: prefix, rule: limitRule, rulesVersion: limitRulesVersion, fallbackInstances: 2 });
    inspect = new Redis(REDIS_URL!);
  });

  afterAll(async () => {
    await closeLimits();
    await instanceB?.close();
    configureLimitsForTests(null);
    if (inspect) {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await inspect.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');
      if (keys.length) await inspect.del(...keys);
      await inspect.quit();
    }
    await relay.cut().catch(() => {});
    process.env = saved;
    resetEnvForTests();
  });

  it('two instances count one key together, under the configured key prefix', async () => {
    const license = crypto.randomUUID();
    for (let i = 0; i < 3; i++) await consumeLimit('runtimeAuthorization', license);
    expect(limitsStoreStatus()).toBe('ready');
    for (let i = 0; i < 2; i++) expect(await instanceB.take('runtimeAuthorization', license, 1)).toMatchObject({ allowed: true });

    const refusal = await consumeLimit('runtimeAuthorization', license).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'RateLimited' });
    const retryAfter = Number((refusal as DomainError).retryAfterSeconds);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await instanceB.take('runtimeAuthorization', license, 1)).toMatchObject({ allowed: false, remainingPoints: 0 });

    expect(await inspect.get(redisKey('runtimeAuthorization', license))).toBe('7');
    const ttl = await inspect.pttl(redisKey('runtimeAuthorization', license));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
    // Another key is another count.
    expect(await instanceB.take('runtimeAuthorization', crypto.randomUUID(), 1)).toMatchObject({ allowed: true });
  });

  it('when Redis goes away mid-way an instance counts its share (the limit / RATE_LIMIT_INSTANCES) in memory instead of failing, and returns to Redis after', async () => {
    const license = crypto.randomUUID();
    await consumeLimit('consumption', license);
    expect(await inspect.get(redisKey('consumption', license))).toBe('1');

    await relay.cut();
    await until(() => limitsStoreStatus() !== 'ready', 'instance A to notice the outage');

    // The insurance limiter of this process starts from zero and allows 4 / 2 = 2.
    for (let i = 0; i < 2; i++) await expect(consumeLimit('consumption', license)).resolves.toBeUndefined();
    await expect(consumeLimit('consumption', license)).rejects.toMatchObject({ code: 'RateLimited', retryAfterSeconds: expect.any(Number) });
    // Nothing of that reached Redis; the other instance still counts there.
    expect(await inspect.get(redisKey('consumption', license))).toBe('1');
    expect(await instanceB.take('consumption', license, 1)).toMatchObject({ allowed: true, remainingPoints: 2 });

    await relay.start();
    await until(() => limitsStoreStatus() === 'ready', 'instance A to reconnect');
    await expect(consumeLimit('consumption', license)).resolves.toBeUndefined();
    expect(await inspect.get(redisKey('consumption', license))).toBe('3');
    await expect(consumeLimit('consumption', license)).resolves.toBeUndefined();
    await expect(consumeLimit('consumption', license)).rejects.toMatchObject({ code: 'RateLimited' });
  });

  it('two instances that both lost Redis stay within the limit together: each allows its share', async () => {
    const license = crypto.randomUUID();
    const lost = (port: number) => createLimiterSet({ redisUrl: `redis://127.0.0.1:${port}`, keyPrefix: prefix, rule: limitRule, rulesVersion: limitRulesVersion, fallbackInstances: 2 });
    const [first, second] = [lost(await freePort()), lost(await freePort())];
    try {
      let allowed = 0;
      for (let i = 0; i < 10; i++) {
        for (const instance of [first, second]) if ((await instance.take('consumption', license, 1)).allowed) allowed += 1;
      }
      expect(allowed).toBe(4);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('a Redis that is unreachable from the start answers from memory too', async () => {
    const unreachable = createLimiterSet({ redisUrl: `redis://127.0.0.1:${await freePort()}`, keyPrefix: prefix, rule: limitRule, rulesVersion: limitRulesVersion });
    try {
      const started = Date.now();
      // One instance (the default share): the whole limit.
      for (let i = 0; i < 4; i++) expect(await unreachable.take('consumption', 'k', 1)).toMatchObject({ allowed: true });
      expect(await unreachable.take('consumption', 'k', 1)).toMatchObject({ allowed: false });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(unreachable.storeStatus()).not.toBe('ready');
    } finally {
      await unreachable.close();
    }
  });
});
