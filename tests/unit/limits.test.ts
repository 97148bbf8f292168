import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import {
  closeLimits,
  configureLimitsForTests,
  consumeLimit,
  LIMIT_TABLE,
  limitRule,
  limitsStoreStatus,
  peekLimit,
  resetLimit,
  tryConsumeLimit,
} from '@/server/platform/limits/limits';
import { recordRateLimitRefusal } from '@/server/platform/metrics/metrics';
import { createLimiterSet, fallbackPoints } from '@/server/platform/limits/limiter-set';

vi.mock(import('@/server/platform/metrics/metrics'), async (original) => ({ ...(await original()), recordRateLimitRefusal: vi.fn() }));

// The memory store (no REDIS_URL), with a short window set through the test hook. Time is
// simulated: the memory store reads Date.now() and expires keys with timers.
const saved = { ...process.env };

beforeAll(async () => {
  delete process.env.REDIS_URL;
  delete process.env.TEST_LIMITS;
  Object.assign(process.env, {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://unused',
    APP_SECRET: process.env.APP_SECRET ?? 'x'.repeat(32),
    RATE_LIMIT_IP_PER_MINUTE: '7',
  });
  resetEnvForTests();
  await closeLimits();
});

afterAll(async () => {
  await closeLimits();
  configureLimitsForTests(null);
  process.env = saved;
  resetEnvForTests();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  configureLimitsForTests({ runtimeAuthorization: { points: 3, durationSeconds: 2 } });
  vi.mocked(recordRateLimitRefusal).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('the limits table', () => {
  it('holds the spec’s numbers and the configured per-IP limit', () => {
    configureLimitsForTests(null);
    expect(limitRule('runtimeAuthorization')).toMatchObject({ points: 300, durationSeconds: 60 });
    expect(limitRule('consumption')).toMatchObject({ points: 1200, durationSeconds: 60 });
    expect(limitRule('claimEmail')).toMatchObject({ points: 5, durationSeconds: 3600 });
    expect(limitRule('invitationEmail')).toMatchObject({ points: 5, durationSeconds: 3600 });
    expect(limitRule('claimLinks')).toMatchObject({ points: 30, durationSeconds: 3600 });
    expect(limitRule('seatCodes')).toMatchObject({ points: 20, durationSeconds: 3600 });
    expect(limitRule('deviceChurn')).toMatchObject({ points: 30, durationSeconds: 3600 });
    expect(limitRule('signInCode')).toMatchObject({ points: 5, durationSeconds: 900 });
    expect(limitRule('signInCodeHourly')).toMatchObject({ points: 10, durationSeconds: 3600 });
    expect(limitRule('signInCodeTry')).toMatchObject({ points: 10, durationSeconds: 3600 });
    expect(limitRule('signInStart')).toMatchObject({ points: 30, durationSeconds: 60 });
    expect(limitRule('ip')).toMatchObject({ points: 7, durationSeconds: 60 });
    expect(Object.keys(LIMIT_TABLE).sort()).toEqual(['claimEmail', 'claimLinks', 'consumption', 'deviceChurn', 'guestCheckouts', 'invitationEmail', 'ip', 'licenseEmails', 'runtimeAuthorization', 'seatCodes', 'signInCode', 'signInCodeHourly', 'signInCodeTry', 'signInStart']);
  });

  it('a test override replaces only the numbers it names, and refuses nonsense', () => {
    expect(limitRule('runtimeAuthorization')).toMatchObject({ points: 3, durationSeconds: 2 });
    expect(limitRule('consumption')).toMatchObject({ points: 1200, durationSeconds: 60 });
    expect(() => configureLimitsForTests({ consumption: { points: 0 } })).toThrow();
    expect(() => configureLimitsForTests({ nope: { points: 1 } } as never)).toThrow();
  });
});

describe('consumeLimit on the memory store', () => {
  it('refuses the N+1-th request in the window with RateLimited and the remaining window as Retry-After', async () => {
    expect(limitsStoreStatus()).toBe('memory');
    for (let i = 0; i < 3; i++) await consumeLimit('runtimeAuthorization', 'license-a');
    vi.advanceTimersByTime(600);

    const refusal = await refusalOf(consumeLimit('runtimeAuthorization', 'license-a'));
    expect(refusal.code).toBe('RateLimited');
    expect(refusal.status).toBe(429);
    // 1.4 s of the 2 s window are left: rounded up.
    expect(refusal.retryAfterSeconds).toBe(2);
    expect(refusal.message).toMatch(/license.*Retry after 2 seconds/);
    expect(recordRateLimitRefusal).toHaveBeenCalledExactlyOnceWith('runtimeAuthorization');

    vi.advanceTimersByTime(1_000);
    const later = await refusalOf(consumeLimit('runtimeAuthorization', 'license-a'));
    expect(later.retryAfterSeconds).toBe(1);
  });

  it('counts each key on its own', async () => {
    for (let i = 0; i < 3; i++) await consumeLimit('runtimeAuthorization', 'license-b');
    await expect(consumeLimit('runtimeAuthorization', 'license-b')).rejects.toMatchObject({ code: 'RateLimited' });
    await expect(consumeLimit('runtimeAuthorization', 'license-c')).resolves.toBeUndefined();
    // The same key under another limit is another count.
    await expect(consumeLimit('consumption', 'license-b')).resolves.toBeUndefined();
  });

  it('allows the key again once the window has passed', async () => {
    for (let i = 0; i < 3; i++) await consumeLimit('runtimeAuthorization', 'license-d');
    await expect(consumeLimit('runtimeAuthorization', 'license-d')).rejects.toMatchObject({ code: 'RateLimited' });
    vi.advanceTimersByTime(2_001);
    await expect(consumeLimit('runtimeAuthorization', 'license-d')).resolves.toBeUndefined();
    expect(await peekLimit('runtimeAuthorization', 'license-d')).toMatchObject({ consumedPoints: 1, remainingPoints: 2 });
  });

  it('spends several points at once, and a refused spend says so without throwing in tryConsumeLimit', async () => {
    expect(await tryConsumeLimit('runtimeAuthorization', 'license-e', 2)).toMatchObject({ allowed: true, remainingPoints: 1 });
    expect(await tryConsumeLimit('runtimeAuthorization', 'license-e', 2)).toMatchObject({ allowed: false, remainingPoints: 0, retryAfterSeconds: 2 });
    expect(recordRateLimitRefusal).toHaveBeenCalledWith('runtimeAuthorization');
    await expect(tryConsumeLimit('runtimeAuthorization', 'license-e', 0)).rejects.toThrow(RangeError);
    await expect(tryConsumeLimit('runtimeAuthorization', 'license-e', 1.5)).rejects.toThrow(RangeError);
  });

  it('a block duration keeps a refused key refused past its window', async () => {
    configureLimitsForTests({ claimEmail: { points: 1, durationSeconds: 2, blockDurationSeconds: 10 } });
    await consumeLimit('claimEmail', 'a@example.com');
    const refusal = await refusalOf(consumeLimit('claimEmail', 'a@example.com'));
    expect(refusal.retryAfterSeconds).toBe(10);
    vi.advanceTimersByTime(5_000);
    await expect(consumeLimit('claimEmail', 'a@example.com')).rejects.toMatchObject({ code: 'RateLimited' });
  });

  it('resetLimit forgets a key, and changed numbers start every count afresh', async () => {
    for (let i = 0; i < 3; i++) await consumeLimit('runtimeAuthorization', 'license-f');
    await resetLimit('runtimeAuthorization', 'license-f');
    expect(await peekLimit('runtimeAuthorization', 'license-f')).toBeNull();
    await expect(consumeLimit('runtimeAuthorization', 'license-f')).resolves.toBeUndefined();

    configureLimitsForTests({ runtimeAuthorization: { points: 1, durationSeconds: 2 } });
    await consumeLimit('runtimeAuthorization', 'license-f');
    await expect(consumeLimit('runtimeAuthorization', 'license-f')).rejects.toMatchObject({ code: 'RateLimited' });
  });
});

describe('TEST_LIMITS, the same hook for a server started by a test', () => {
  afterEach(() => {
    delete process.env.TEST_LIMITS;
  });

  it('takes the overrides as JSON, under those set in-process, and names a bad value', async () => {
    configureLimitsForTests(null);
    process.env.TEST_LIMITS = JSON.stringify({ consumption: { points: 2, durationSeconds: 5 }, claimEmail: { points: 9 } });
    expect(limitRule('consumption')).toMatchObject({ points: 2, durationSeconds: 5 });
    expect(limitRule('claimEmail')).toMatchObject({ points: 9, durationSeconds: 3600 });
    await consumeLimit('consumption', 'license-g');
    await consumeLimit('consumption', 'license-g');
    await expect(consumeLimit('consumption', 'license-g')).rejects.toMatchObject({ code: 'RateLimited', retryAfterSeconds: 5 });

    configureLimitsForTests({ consumption: { points: 4 } });
    expect(limitRule('consumption')).toMatchObject({ points: 4, durationSeconds: 5 });

    process.env.TEST_LIMITS = '{"consumption":{"points":"many"}}';
    expect(() => limitRule('consumption')).toThrow(/TEST_LIMITS\.consumption\.points/);
    process.env.TEST_LIMITS = 'not json';
    expect(() => limitRule('consumption')).toThrow(/TEST_LIMITS: must be JSON/);
  });
});

describe('the share of a limit an instance allows while Redis is out of reach', () => {
  it('is the limit divided by RATE_LIMIT_INSTANCES, rounded down, never below 1', () => {
    expect(fallbackPoints(300, 2)).toBe(150);
    expect(fallbackPoints(300, 3)).toBe(100);
    expect(fallbackPoints(5, 2)).toBe(2);
    expect(fallbackPoints(1, 4)).toBe(1);
    expect(fallbackPoints(300, 1)).toBe(300);
  });

  it('the memory store without Redis (one instance) allows the whole limit whatever RATE_LIMIT_INSTANCES says', async () => {
    const alone = createLimiterSet({ keyPrefix: 'unit', rule: () => ({ points: 4, durationSeconds: 60 }), fallbackInstances: 4 });
    try {
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push((await alone.take('consumption', 'k', 1)).allowed);
      expect(decisions).toEqual([true, true, true, true, false]);
    } finally {
      await alone.close();
    }
  });
});
