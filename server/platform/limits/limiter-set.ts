import type { Redis } from 'ioredis';
import { requireOnDemand } from '../require-on-demand';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '../logging/logger';
import type { LimitName, LimitRule } from './limit-table';

// One limiter per limit over one store: memory when the service runs alone, Redis when several
// instances must count together. A Redis outage degrades to counting in this process (the
// library's insurance limiter), never to failing the request; each instance then allows its share
// of the limit (the limit divided by the instances), so together they stay within it.

export interface LimitDecision {
  allowed: boolean;
  /** Points left in the current window (0 when refused). */
  remainingPoints: number;
  /** Refused: seconds until the key may spend again. Allowed: seconds until its window restarts. At least 1. */
  retryAfterSeconds: number;
}

export interface LimitState {
  consumedPoints: number;
  remainingPoints: number;
  retryAfterSeconds: number;
}

export interface LimiterSetOptions {
  /** Redis shared by every instance; unset: this process counts alone, in memory. */
  redisUrl?: string;
  /** Keys are `${keyPrefix}:rl:<limit>:<key>`. */
  keyPrefix: string;
  rule: (name: LimitName) => LimitRule;
  /** When this changes, limiters are rebuilt with the current numbers (tests changing them). */
  rulesVersion?: () => number;
  /** The instances sharing `redisUrl`: while Redis is out of reach, each allows this share of a limit. Default 1. */
  fallbackInstances?: number;
}

/** What one of `instances` allows of a limit of `points` while they cannot count together: never less than 1. */
export function fallbackPoints(points: number, instances: number): number {
  return Math.max(1, Math.floor(points / Math.max(1, instances)));
}

export interface LimiterSet {
  take(name: LimitName, key: string, points: number): Promise<LimitDecision>;
  peek(name: LimitName, key: string): Promise<LimitState | null>;
  reset(name: LimitName, key: string): Promise<void>;
  /** 'memory', or the state of the Redis connection ('ready', 'connecting', 'reconnecting', 'end', ...). */
  storeStatus(): string;
  /** Settles once the first attempt to reach Redis has succeeded or failed (at once in memory mode). */
  firstConnection(): Promise<void>;
  /** Quits Redis; the set must not be used afterwards. */
  close(): Promise<void>;
}

interface Limiter {
  primary: RateLimiterAbstract;
  /** The Redis limiter's fallback; undefined in memory mode. */
  insurance?: RateLimiterMemory;
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

interface RedisStore {
  client: Redis;
  /** Settles once the first connection attempt has succeeded or failed. */
  firstAttempt: Promise<void>;
  firstAttemptSettled: boolean;
  /** Set by close(), so our own quit is not reported as an outage. */
  closing: boolean;
}

function connectRedis(url: string): RedisStore {
  const { Redis: RedisClient } = requireOnDemand<typeof import('ioredis')>('ioredis');
  const client = new RedisClient(url, {
    // Connected below, on the first use of the limits, never at import.
    lazyConnect: true,
    // The library's advice: a command while disconnected fails at once (and the insurance limiter
    // answers) instead of waiting in a queue while the request hangs.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts but stalls must not stall the hot path either.
    commandTimeout: 1_000,
    // Reconnect for as long as the process lives, at most every 5 s: giving up would leave this
    // instance counting alone until a restart.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  const store: RedisStore = { client, firstAttempt: Promise.resolve(), firstAttemptSettled: false, closing: false };

  // One line when Redis is lost (a refused connection, or a dropped one) and one when it is back.
  let reachable = true;
  const lost = (err?: Error) => {
    if (!reachable || store.closing) return;
    reachable = false;
    logger.warn(err ? { err } : {}, 'Redis for rate limits is unreachable; each instance counts its share of every limit alone until it returns');
  };
  client.on('error', lost);
  client.on('close', () => lost());
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.info('Redis for rate limits is reachable again');
  });

  // A failure is reported by the handlers above; the insurance limiter answers meanwhile.
  store.firstAttempt = client
    .connect()
    .catch(() => {})
    .finally(() => {
      store.firstAttemptSettled = true;
    });
  return store;
}

export function createLimiterSet(options: LimiterSetOptions): LimiterSet {
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : undefined;
  const limiters = new Map<LimitName, Limiter>();
  let builtForVersion = options.rulesVersion?.() ?? 0;

  function build(name: LimitName): Limiter {
    const rule = options.rule(name);
    const common = {
      keyPrefix: `${options.keyPrefix}:rl:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
      blockDuration: rule.blockDurationSeconds ?? 0,
    };
    if (!redis) return { primary: new RateLimiterMemory(common) };
    const insurance = new RateLimiterMemory({ ...common, points: fallbackPoints(rule.points, options.fallbackInstances ?? 1) });
    const primary = new RateLimiterRedis({
      ...common,
      storeClient: redis.client,
      // Not ready (connecting, reconnecting): straight to the insurance limiter, no round trip.
      rejectIfRedisNotReady: true,
      // A refused key is answered from memory until its window ends, sparing Redis during a flood.
      // (The library applies a block duration only without this, so it is one or the other.)
      ...(common.blockDuration > 0 ? {} : { inMemoryBlockOnConsumed: rule.points + 1 }),
      insuranceLimiter: insurance,
    });
    return { primary, insurance };
  }

  /** The limiter of `name` once the first connection attempt has settled (always, in memory mode). */
  function limiterNow(name: LimitName): Limiter {
    const version = options.rulesVersion?.() ?? 0;
    if (version !== builtForVersion) {
      limiters.clear();
      builtForVersion = version;
    }
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = build(name);
      // Building reads the rules, which may move the version (a changed TEST_LIMITS): the limiters
      // built before are stale then, this one is not.
      const after = options.rulesVersion?.() ?? 0;
      if (after !== builtForVersion) {
        limiters.clear();
        builtForVersion = after;
      }
      limiters.set(name, limiter);
    }
    return limiter;
  }

  async function limiterFor(name: LimitName): Promise<Limiter> {
    // The first requests after start wait for the first connection attempt (bounded by its timeout)
    // rather than all being counted in memory.
    if (redis && !redis.firstAttemptSettled) await redis.firstAttempt;
    return limiterNow(name);
  }

  const decided = (res: RateLimiterRes): LimitDecision => ({ allowed: true, remainingPoints: res.remainingPoints, retryAfterSeconds: secondsOf(res.msBeforeNext) });
  // The library rejects with an Error for a store failure the insurance could not absorb, and with a
  // RateLimiterRes for a refusal.
  const refused = (rejection: unknown): LimitDecision => {
    if (rejection instanceof Error) throw rejection;
    return { allowed: false, remainingPoints: 0, retryAfterSeconds: secondsOf((rejection as RateLimiterRes).msBeforeNext) };
  };

  return {
    // Every request spends one or two limits: once ready, one promise of the library's and one
    // `then`, no async layers (each a promise more for Node 20's AsyncLocalStorage hooks).
    take(name, key, points) {
      if (redis && !redis.firstAttemptSettled) return limiterFor(name).then(({ primary }) => primary.consume(key, points).then(decided, refused));
      return limiterNow(name).primary.consume(key, points).then(decided, refused);
    },

    async peek(name, key) {
      const { primary } = await limiterFor(name);
      const res = await primary.get(key);
      if (!res) return null;
      return { consumedPoints: res.consumedPoints, remainingPoints: res.remainingPoints, retryAfterSeconds: secondsOf(res.msBeforeNext) };
    },

    async reset(name, key) {
      const { primary, insurance } = await limiterFor(name);
      await primary.delete(key);
      await insurance?.delete(key);
    },

    storeStatus() {
      return redis ? redis.client.status : 'memory';
    },

    async firstConnection() {
      await redis?.firstAttempt;
    },

    async close() {
      limiters.clear();
      if (!redis) return;
      redis.closing = true;
      if (redis.client.status === 'ready') {
        await redis.client.quit().catch(() => redis.client.disconnect());
      } else {
        redis.client.disconnect();
      }
    },
  };
}
