import { env } from '../../env';
import { DomainError } from '../../errors';
import { recordRateLimitRefusal } from '../metrics/metrics';
import { limitRule, limitRulesVersion } from './limit-rules';
import { limitDescription, type LimitName } from './limit-table';
import { createLimiterSet, type LimitDecision, type LimiterSet, type LimitState } from './limiter-set';

// Every rate limit of the service goes through here (DESIGN "Limits"): the numbers live in
// limit-table.ts, the store (memory, or Redis with REDIS_URL) in limiter-set.ts.

export { LIMIT_TABLE, type LimitName } from './limit-table';
export { configureLimitsForTests, limitRule } from './limit-rules';
export type { LimitDecision, LimitState } from './limiter-set';

const holder: { __licensingLimiters?: LimiterSet } = {};

function limiters(): LimiterSet {
  holder.__licensingLimiters ??= createLimiterSet({
    redisUrl: env().REDIS_URL,
    keyPrefix: env().REDIS_KEY_PREFIX,
    rule: limitRule,
    rulesVersion: limitRulesVersion,
    fallbackInstances: env().RATE_LIMIT_INSTANCES,
  });
  return holder.__licensingLimiters;
}

/**
 * Spends `points` of `key`'s allowance under limit `name` and says whether it was allowed. For a
 * limit whose refusal is not (only) an error: the caller decides what a refusal means. Promise
 * chains, no async layers: the runtime paths spend two limits a request.
 */
export function tryConsumeLimit(name: LimitName, key: string, points = 1): Promise<LimitDecision> {
  if (!Number.isInteger(points) || points < 1) return Promise.reject(new RangeError(`points must be a positive integer, got ${points}`));
  return limiters()
    .take(name, key, points)
    .then((decision) => {
      if (!decision.allowed) recordRateLimitRefusal(name);
      return decision;
    });
}

/** Spends `points` of `key`'s allowance under limit `name`; over it, rejects with RateLimited and Retry-After. */
export function consumeLimit(name: LimitName, key: string, points = 1): Promise<void> {
  return tryConsumeLimit(name, key, points).then((decision) => {
    if (decision.allowed) return;
    const seconds = decision.retryAfterSeconds;
    throw new DomainError('RateLimited', `${limitDescription(name).refusal} Retry after ${seconds} second${seconds === 1 ? '' : 's'}.`, {
      retryAfterSeconds: seconds,
    });
  });
}

/** What `key` has spent in its current window, without spending; null when nothing was. */
export async function peekLimit(name: LimitName, key: string): Promise<LimitState | null> {
  return limiters().peek(name, key);
}

/** Tests: forgets `key`'s count under limit `name`. */
export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiters().reset(name, key);
}

/** 'memory', or the Redis connection's state ('ready', 'reconnecting', ...), for readiness reports. */
export function limitsStoreStatus(): string {
  return limiters().storeStatus();
}

/**
 * Where the limits count now: `memory` (no REDIS_URL: this instance alone, the full limits), `redis`
 * (shared by every instance), `fallback` (Redis out of reach: this instance counts its share).
 * Waits for the first attempt to reach Redis (at most its 2 s connect timeout), so a fresh instance
 * does not report `fallback` merely because it has not connected yet.
 */
export async function limitsBackend(): Promise<'memory' | 'redis' | 'fallback'> {
  await limiters().firstConnection();
  const status = limitsStoreStatus();
  return status === 'memory' ? 'memory' : status === 'ready' ? 'redis' : 'fallback';
}

/** Graceful shutdown: quits Redis. A later use of the limits starts a fresh set. */
export async function closeLimits(): Promise<void> {
  const set = holder.__licensingLimiters;
  holder.__licensingLimiters = undefined;
  await set?.close();
}
