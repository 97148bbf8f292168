import { createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ArgumentError, LicensingApiError } from './errors.js';
import { newGuid, requestJson, type Fetch } from './http.js';
import { encodeWireKeys } from './contract/key-case.js';
import { MAX_USAGE_ITEMS_PER_BATCH, usageItemSchema } from './contract/runtime.js';
import { readLicenseCode, type RuntimeCredential } from './license-code.js';
import { assertValid } from './validate.js';
import type { WireAuthorization, WireAuthorizationRequest, WireUsageAnswer, WireUsageBatch } from './wire.js';

const AUTHORIZATION_TYPE = 'license-authorization+jwt';
const RUNTIME_AUDIENCE = 'service-runtime';
/** The service takes at most this many items per usage batch. */
export const MAX_BATCH_ITEMS = MAX_USAGE_ITEMS_PER_BATCH;

export interface RuntimeClientOptions {
  /** `{base_url}/licensing`: the client appends `/runtime`. */
  licensingUrl: string;
  /** `{base_url}/consumption`: the client appends `/runtime/messages`. */
  consumptionUrl: string;
  /** The seat's license code (`SVC_LIC_…`). */
  licenseCode: string;
  fetch?: Fetch;
  /** The clock, in milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** A name for the deployment (`production`, `uat`), carried in every error. */
  environment?: string;
  /** Usage items kept while the service cannot be reached; past it the oldest are dropped (and counted). Default 100,000. */
  maxQueuedItems?: number;
  /** How often queued usage is sent on its own; 0: only on flush(). Default 5,000 ms. */
  flushIntervalMs?: number;
  /** Retries of one request (network errors, 5xx, 429), with exponential backoff from `baseDelayMs`. */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
}

export type CheckReason = 'Allowed' | 'RateLimited' | 'AllowanceSpent' | 'UnknownFeature' | 'NotAuthorized' | 'Expired';

export interface CheckResult {
  allowed: boolean;
  reason: CheckReason;
  /** RateLimited: until the window restarts; AllowanceSpent: until the period ends. */
  retryAfterSeconds?: number;
  /** Units of the feature's allowance left for this seat (null: no allowance). */
  remaining?: number | null;
}

export interface AuthorizedFeature {
  featureKey: string;
  accessLevel: 'Allowed' | 'Denied' | null;
  rateLimit: number | null;
  rateWindowSeconds: number | null;
  allowance: number | null;
  remaining: number | null;
  periodEndUtc: string | null;
}

/** A verified license authorization: every field is read from the signed payload. */
export interface Authorization {
  authorizationId: string;
  licenseId: string;
  seatId: string;
  classification: number;
  issuedUtc: string;
  expiresUtc: string;
  features: AuthorizedFeature[];
}

interface UsageItem {
  FeatureKey: string;
  Units: number;
  TimeUtc: string;
}

interface Current {
  authorization: Authorization;
  expiresAt: number;
  refreshAt: number;
  features: Map<string, AuthorizedFeature>;
}

/** What check() has allowed of one feature: the seat's rate window, and the allowance left. */
interface FeatureUse {
  windowStart: number;
  windowUsed: number;
  remaining: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function trimmedUrl(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ArgumentError(field, 'an absolute http(s) URL is required.');
  return value.replace(/\/+$/, '');
}

/**
 * One seat of a distributed app: fetches signed license authorizations (verified against the
 * service's JWKS), decides locally what the seat may do (`check`, no network), and reports usage
 * in batches that are counted once however often they are retried (`record`, `flush`).
 */
export class RuntimeClient {
  readonly #licensingRuntime: string;
  readonly #consumptionRuntime: string;
  readonly #credential: RuntimeCredential;
  readonly #fetch: Fetch;
  readonly #now: () => number;
  readonly #environment: string | null;
  readonly #jwks: JWTVerifyGetKey;
  readonly #maxQueued: number;
  readonly #retry: { attempts: number; baseDelayMs: number; maxDelayMs: number };
  #current: Current | null = null;
  #refusal: LicensingApiError | null = null;
  #fetching: Promise<Authorization> | null = null;
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  #refreshFailures = 0;
  readonly #uses = new Map<string, FeatureUse>();
  #queue: UsageItem[] = [];
  /** The batch being sent: its BatchId is fixed before the first send and kept for every retry. */
  #pending: WireUsageBatch | null = null;
  #flushing: Promise<void> | null = null;
  #flushTimer: ReturnType<typeof setInterval> | null = null;
  #closed = false;
  /** close() began: no refresh is scheduled any more. */
  #closing = false;
  /** Usage items dropped because the queue was full (oldest first). */
  droppedItems = 0;

  constructor(options: RuntimeClientOptions) {
    this.#licensingRuntime = `${trimmedUrl(options.licensingUrl, 'licensingUrl')}/runtime`;
    this.#consumptionRuntime = `${trimmedUrl(options.consumptionUrl, 'consumptionUrl')}/runtime`;
    this.#credential = readLicenseCode(options.licenseCode);
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    this.#environment = options.environment ?? null;
    this.#maxQueued = options.maxQueuedItems ?? 100_000;
    this.#retry = { attempts: options.retry?.attempts ?? 6, baseDelayMs: options.retry?.baseDelayMs ?? 500, maxDelayMs: options.retry?.maxDelayMs ?? 30_000 };
    this.#jwks = createRemoteJWKSet(new URL(`${this.#licensingRuntime}/.well-known/jwks`), {
      [customFetch]: (url, init) => this.#fetch(url, init),
      // Keys are added, never taken away: a key seen once stays good; an unknown kid fetches the set
      // again, at most once a second.
      cacheMaxAge: Infinity,
      cooldownDuration: 1_000,
    });
    const interval = options.flushIntervalMs ?? 5_000;
    if (interval > 0) {
      this.#flushTimer = setInterval(() => void this.flush().catch(() => {}), interval);
      unref(this.#flushTimer);
    }
  }

  /** The license the code belongs to. */
  get licenseId(): string {
    return this.#credential.licenseId;
  }

  /**
   * The current authorization, fetched when there is none or it is past its half-life. While the
   * service cannot be reached the one held keeps serving until its `expiresUtc`. A refusal
   * (`CredentialRevoked`, `AuthorizationDenied`, …) takes effect at once: check() then refuses.
   */
  async authorize(): Promise<Authorization> {
    this.#assertOpen();
    const current = this.#current;
    if (current && this.#now() < current.refreshAt) return current.authorization;
    try {
      return await this.#refresh();
    } catch (error) {
      if (error instanceof LicensingApiError && error.retryable && current && this.#now() < current.expiresAt) return current.authorization;
      throw error;
    }
  }

  /** The refusal that ended the last authorization, if the service refused (null while authorized). */
  get refusal(): LicensingApiError | null {
    return this.#refusal;
  }

  /**
   * Whether the seat may use `units` of `featureKey` now, decided locally from the verified
   * authorization: no network. Units it allows count against the seat's rate window and the
   * allowance left.
   */
  check(featureKey: string, units = 1): CheckResult {
    return this.#decide(featureKey, units, true);
  }

  /** What check() would answer now, without counting anything (a seller backend choosing a seat). */
  peek(featureKey: string, units = 1): CheckResult {
    return this.#decide(featureKey, units, false);
  }

  #decide(featureKey: string, units: number, count: boolean): CheckResult {
    const current = this.#current;
    if (!current) return { allowed: false, reason: 'NotAuthorized' };
    const now = this.#now();
    if (now >= current.expiresAt) return { allowed: false, reason: 'Expired' };
    const feature = current.features.get(featureKey);
    if (!feature) return { allowed: false, reason: 'UnknownFeature' };
    if (feature.accessLevel === 'Denied') return { allowed: false, reason: 'NotAuthorized' };
    let use = this.#uses.get(featureKey);
    if (!use) this.#uses.set(featureKey, (use = { windowStart: now, windowUsed: 0, remaining: feature.remaining }));
    if (feature.rateLimit !== null) {
      const windowMs = (feature.rateWindowSeconds ?? 60) * 1000;
      if (now - use.windowStart >= windowMs) {
        use.windowStart = now;
        use.windowUsed = 0;
      }
      if (use.windowUsed + units > feature.rateLimit) {
        return { allowed: false, reason: 'RateLimited', retryAfterSeconds: Math.max(1, Math.ceil((use.windowStart + windowMs - now) / 1000)), remaining: use.remaining };
      }
    }
    if (use.remaining !== null && units > use.remaining) {
      const periodEnd = feature.periodEndUtc ? Date.parse(feature.periodEndUtc) : NaN;
      return { allowed: false, reason: 'AllowanceSpent', remaining: use.remaining, ...(Number.isFinite(periodEnd) ? { retryAfterSeconds: Math.max(1, Math.ceil((periodEnd - now) / 1000)) } : {}) };
    }
    if (!count) return { allowed: true, reason: 'Allowed', remaining: use.remaining };
    use.windowUsed += units;
    if (use.remaining !== null) use.remaining -= units;
    return { allowed: true, reason: 'Allowed', remaining: use.remaining };
  }

  /** Queues usage of the seat; sent in batches (flush, the timer, or a full batch). */
  record(featureKey: string, units: number, timeUtc: Date | string = new Date(this.#now())): void {
    this.#assertOpen();
    const time = typeof timeUtc === 'string' ? new Date(timeUtc) : timeUtc;
    if (!(time instanceof Date) || Number.isNaN(time.getTime())) throw new ArgumentError('timeUtc', 'a valid date is required.');
    // The service's own rule of a usage item: a batch it would refuse is never queued.
    const item = { featureKey, units, timeUtc: time.toISOString() };
    assertValid(usageItemSchema, item);
    this.#queue.push(encodeWireKeys(usageItemSchema, item));
    if (this.#queue.length > this.#maxQueued) this.droppedItems += this.#queue.splice(0, this.#queue.length - this.#maxQueued).length;
    if (this.#queue.length >= MAX_BATCH_ITEMS) void this.flush().catch(() => {});
  }

  /** Usage items queued and not yet accepted by the service. */
  get queuedItems(): number {
    return this.#queue.length + (this.#pending?.Items.length ?? 0);
  }

  /**
   * Sends everything queued, one batch of at most 1000 items at a time. A batch keeps its BatchId
   * through every retry (network errors, 5xx, 429 with Retry-After), so it is counted once. A batch
   * the service refuses (4xx) is dropped and the refusal thrown; one still failing after the
   * retries stays first in line for the next flush.
   */
  flush(): Promise<void> {
    this.#flushing ??= this.#sendQueued().finally(() => (this.#flushing = null));
    return this.#flushing;
  }

  /** Sends what is queued and stops the timers. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    if (this.#flushTimer) clearInterval(this.#flushTimer);
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#flushTimer = null;
    this.#refreshTimer = null;
    try {
      await this.flush();
    } finally {
      this.#closed = true;
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('This RuntimeClient is closed.');
  }

  #refresh(): Promise<Authorization> {
    this.#fetching ??= this.#fetchAuthorization().finally(() => (this.#fetching = null));
    return this.#fetching;
  }

  async #fetchAuthorization(): Promise<Authorization> {
    const requestId = newGuid();
    let wire: WireAuthorization;
    try {
      wire = await this.#withRetries(() =>
        requestJson<WireAuthorization>(this.#fetch, `${this.#licensingRuntime}/GenerateLicenseAuthorization`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.#credential.token}` },
          body: { RequestId: requestId, LicenseId: this.#credential.licenseId } satisfies WireAuthorizationRequest,
          environment: this.#environment,
        }),
      );
    } catch (error) {
      if (error instanceof LicensingApiError && !error.retryable) this.#refuse(error);
      else this.#scheduleRefresh(true);
      throw error;
    }
    const authorization = await this.#verify(wire.Authorization, requestId);
    const expiresAt = Date.parse(authorization.expiresUtc);
    const issuedAt = Date.parse(authorization.issuedUtc);
    this.#current = {
      authorization,
      expiresAt,
      refreshAt: issuedAt + (expiresAt - issuedAt) / 2,
      features: new Map(authorization.features.map((feature) => [feature.featureKey, feature])),
    };
    this.#refusal = null;
    this.#refreshFailures = 0;
    // The allowance left is the service's, less what this client reported but the service has not counted yet.
    const unsent = this.#unsentUnits();
    for (const feature of authorization.features) {
      const use = this.#uses.get(feature.featureKey);
      const remaining = feature.remaining === null ? null : Math.max(0, feature.remaining - (unsent.get(feature.featureKey) ?? 0));
      if (use) use.remaining = remaining;
    }
    this.#scheduleRefresh(false);
    return authorization;
  }

  /** The JWS, verified (signature by a key of the JWKS, issuer, audience, type, expiry); the fields come from its payload. */
  async #verify(jws: string, requestId: string): Promise<Authorization> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(jws, this.#jwks, {
        issuer: this.#licensingRuntime,
        audience: RUNTIME_AUDIENCE,
        algorithms: ['ES256'],
        typ: AUTHORIZATION_TYPE,
        currentDate: new Date(this.#now()),
      }));
    } catch (error) {
      throw new LicensingApiError({ code: 'AuthorizationUnverified', status: 200, message: `The authorization's signature or claims did not verify: ${error instanceof Error ? error.message : String(error)}`, environment: this.#environment });
    }
    if (payload.LicenseId !== this.#credential.licenseId || payload.RequestId !== requestId) {
      throw new LicensingApiError({ code: 'AuthorizationUnverified', status: 200, message: 'The authorization is for another license or request.', environment: this.#environment });
    }
    const features = Array.isArray(payload.Features) ? (payload.Features as Record<string, unknown>[]) : [];
    return {
      authorizationId: String(payload.AuthorizationId),
      licenseId: String(payload.LicenseId),
      seatId: String(payload.SeatId),
      classification: Number(payload.LicenseClassification),
      issuedUtc: String(payload.IssuedUtc),
      expiresUtc: String(payload.ExpiresUtc),
      features: features.map((feature) => ({
        featureKey: String(feature.FeatureKey),
        accessLevel: (feature.ServiceAccessLevel as AuthorizedFeature['accessLevel']) ?? null,
        rateLimit: (feature.RateLimit as number | null) ?? null,
        rateWindowSeconds: (feature.RateWindowSeconds as number | null) ?? null,
        allowance: (feature.Allowance as number | null) ?? null,
        remaining: (feature.Remaining as number | null) ?? null,
        periodEndUtc: (feature.PeriodEndUtc as string | null) ?? null,
      })),
    };
  }

  /** A refusal ends the authorization at once: check() refuses until a later authorize() succeeds. */
  #refuse(error: LicensingApiError): void {
    this.#current = null;
    this.#refusal = error;
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = null;
  }

  /** The next background refresh: at half-life, or after a failure sooner (capped backoff) while the authorization lasts. */
  #scheduleRefresh(failed: boolean): void {
    if (this.#closing) return;
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = null;
    const current = this.#current;
    if (!current) return;
    const now = this.#now();
    let delay: number;
    if (failed) {
      this.#refreshFailures += 1;
      delay = Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** this.#refreshFailures);
      if (now + delay >= current.expiresAt) delay = Math.max(0, current.expiresAt - now - 1_000);
    } else delay = Math.max(0, current.refreshAt - now);
    this.#refreshTimer = setTimeout(() => void this.#refresh().catch(() => {}), delay);
    unref(this.#refreshTimer);
  }

  #unsentUnits(): Map<string, number> {
    const units = new Map<string, number>();
    for (const item of [...(this.#pending?.Items ?? []), ...this.#queue]) units.set(item.FeatureKey, (units.get(item.FeatureKey) ?? 0) + item.Units);
    return units;
  }

  async #sendQueued(): Promise<void> {
    for (;;) {
      if (!this.#pending) {
        if (this.#queue.length === 0) return;
        this.#pending = { LicenseId: this.#credential.licenseId, BatchId: newGuid(), Items: this.#queue.splice(0, MAX_BATCH_ITEMS) };
      }
      const batch = this.#pending;
      try {
        await this.#withRetries(() =>
          requestJson<WireUsageAnswer>(this.#fetch, `${this.#consumptionRuntime}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${this.#credential.token}` },
            body: batch,
            environment: this.#environment,
          }),
        );
      } catch (error) {
        // Refused as it is (4xx): sending it again would be refused again.
        if (error instanceof LicensingApiError && !error.retryable) this.#pending = null;
        throw error;
      }
      this.#pending = null;
    }
  }

  async #withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof LicensingApiError) || !error.retryable || attempt >= this.#retry.attempts) throw error;
        const backoff = Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** (attempt - 1));
        await sleep(error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoff * (0.5 + Math.random() / 2));
      }
    }
  }
}

/** Timers never keep a Node process alive on their own (browsers have no unref). */
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
