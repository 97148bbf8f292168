import { createRemoteJWKSet, customFetch, type JSONWebKeySet } from 'jose';
import { trimmedUrl } from './absolute-url.js';
import { encodeWireKeys } from './contract/key-case.js';
import { generateAuthorizationSchema, MAX_USAGE_ITEMS_PER_BATCH, usageItemSchema } from './contract/runtime.js';
import { readDeviceOptions, type DeviceIdentity, type DeviceOptions } from './device-fingerprint.js';
import { activateDevice, deactivateDevice, requestLicenseFile, sendHeartbeat } from './device-requests.js';
import type { ActivatedDevice, Device } from './device.js';
import { ArgumentError, LicensingApiError } from './errors.js';
import { FloatingLease } from './floating-lease.js';
import { newGuid, type Fetch } from './http.js';
import { DEFAULT_CLOCK_TOLERANCE_SECONDS, LicenseFileError, verifyLicenseFileWith } from './license-file.js';
import { readLicenseCode, type RuntimeCredential } from './license-code.js';
import { featuresByKey, LocalChecks, type CheckResult, type HeldStatement } from './local-check.js';
import type { OfflineLicense } from './offline-license.js';
import { backoffAfter, retryPolicy, type RetryPolicy } from './retry.js';
import { RuntimeTransport } from './runtime-transport.js';
import { assertValid } from './validate.js';
import { verifyAuthorization, type Authorization } from './verify-authorization.js';
import type { WireAuthorization, WireUsageAnswer, WireUsageBatch } from './wire.js';

/** The service takes at most this many items per usage batch. */
export const MAX_BATCH_ITEMS = MAX_USAGE_ITEMS_PER_BATCH;

export interface RuntimeClientOptions {
  /** `{base_url}/licensing`: the client appends `/runtime`. */
  licensingUrl: string;
  /** `{base_url}/consumption`: the client appends `/runtime/messages`. */
  consumptionUrl: string;
  /** The seat's license code (`SVC_LIC_…`). */
  licenseCode: string;
  /**
   * This device, for licenses with device activation and offline files: a machine id (hashed here
   * with deviceFingerprint(); the library never sends a machine id) or a fingerprint made already.
   * With it, authorize() names the device and verifies the authorization is for it.
   */
  device?: DeviceOptions;
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

/** What checkOutLicenseFile() answers: the file to save, what it grants, and the keys that verified it (save them beside it). */
export interface CheckedOutLicenseFile {
  /** The compact JWS: save it as is, and verify it offline with verifyLicenseFile(). */
  licenseFile: string;
  file: OfflineLicense;
  /** The runtime JWKS the file verified against, for verifyLicenseFile() on a later run without network. */
  jwks: JSONWebKeySet;
}

interface UsageItem {
  FeatureKey: string;
  Units: number;
  TimeUtc: string;
}

interface Current extends HeldStatement {
  authorization: Authorization;
  refreshAt: number;
}

/**
 * One seat of a distributed app: fetches signed license authorizations (verified against the
 * service's JWKS), decides locally what the seat may do (`check`, no network), and reports usage
 * in batches that are counted once however often they are retried (`record`, `flush`). With a
 * device: activates it, keeps a floating lease with heartbeats, and checks out offline license files.
 */
export class RuntimeClient {
  readonly #credential: RuntimeCredential;
  readonly #transport: RuntimeTransport;
  readonly #device: DeviceIdentity | null;
  readonly #now: () => number;
  readonly #environment: string | null;
  readonly #jwks: ReturnType<typeof createRemoteJWKSet>;
  readonly #maxQueued: number;
  readonly #retry: RetryPolicy;
  readonly #checks = new LocalChecks();
  readonly #lease: FloatingLease;
  #current: Current | null = null;
  #refusal: LicensingApiError | null = null;
  #fetching: Promise<Authorization> | null = null;
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  #refreshFailures = 0;
  /** Counts refusals (and deactivations): an authorization fetched across one is not kept. */
  #endings = 0;
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
    const licensingRuntime = `${trimmedUrl(options.licensingUrl, 'licensingUrl')}/runtime`;
    const consumptionRuntime = `${trimmedUrl(options.consumptionUrl, 'consumptionUrl')}/runtime`;
    this.#credential = readLicenseCode(options.licenseCode);
    this.#device = options.device === undefined ? null : readDeviceOptions(options.device);
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    this.#environment = options.environment ?? null;
    this.#maxQueued = options.maxQueuedItems ?? 100_000;
    this.#retry = retryPolicy(options.retry);
    this.#transport = new RuntimeTransport(licensingRuntime, consumptionRuntime, { token: this.#credential.token, fetch: fetchImpl, environment: this.#environment, retry: this.#retry });
    this.#lease = new FloatingLease(() => this.heartbeat(), this.#retry);
    this.#jwks = createRemoteJWKSet(new URL(`${licensingRuntime}/.well-known/jwks`), {
      [customFetch]: (url, init) => fetchImpl(url, init),
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
    return this.#checks.decide(this.#current, featureKey, units, this.#now(), true);
  }

  /** What check() would answer now, without counting anything (a seller backend choosing a seat). */
  peek(featureKey: string, units = 1): CheckResult {
    return this.#checks.decide(this.#current, featureKey, units, this.#now(), false);
  }

  /**
   * This device takes a place on the seat (ActivateDevice; again: the same device). A full seat is
   * `LicensingApiError` `DeviceLimitReached`. A floating device then keeps its lease with heartbeats
   * at half the lease, on their own, until deactivate() or close().
   */
  async activate(): Promise<ActivatedDevice> {
    this.#assertOpen();
    const device = this.#requireDevice();
    const activated = await activateDevice(this.#transport, { requestId: newGuid(), licenseId: this.licenseId, fingerprint: await device.fingerprint(), name: device.name, platform: device.platform });
    this.#lease.held(activated);
    return activated;
  }

  /**
   * This device gives its place back (DeactivateDevice). Heartbeats stop, and the authorization
   * held is dropped: check() answers NotAuthorized until a later authorize().
   */
  async deactivate(): Promise<Device> {
    this.#assertOpen();
    const device = this.#requireDevice();
    const deactivated = await deactivateDevice(this.#transport, { requestId: newGuid(), licenseId: this.licenseId, fingerprint: await device.fingerprint() });
    this.#lease.stop();
    this.#endings += 1;
    this.#current = null;
    this.#clearRefresh();
    return deactivated;
  }

  /**
   * Extends a floating device's lease (node-locked: records it seen). The client sends these on
   * its own after activate(); a refusal (`DeviceLimitReached` when the lease lapsed and the seat is
   * full, `AuthorizationDenied` DeviceNotActivated when it was deactivated, …) stops them and ends the authorization
   * like any refusal.
   */
  async heartbeat(): Promise<Device> {
    this.#assertOpen();
    const device = this.#requireDevice();
    const request = { requestId: newGuid(), licenseId: this.licenseId, fingerprint: await device.fingerprint() };
    let answer: Device;
    try {
      answer = await sendHeartbeat(this.#transport, request);
    } catch (error) {
      if (error instanceof LicensingApiError && !error.retryable) {
        this.#lease.stop();
        this.#refuse(error);
      } else this.#lease.missed();
      throw error;
    }
    this.#lease.held(answer);
    return answer;
  }

  /**
   * An offline license file for this device, valid `ttlSeconds` (one hour to 90 days, capped by
   * the service), verified before it is answered as verifyLicenseFile() verifies it offline (a
   * `LicenseFileError` otherwise). Save `licenseFile` and `jwks` for runs without network.
   */
  async checkOutLicenseFile(ttlSeconds: number): Promise<CheckedOutLicenseFile> {
    this.#assertOpen();
    const device = this.#requireDevice();
    const fingerprint = await device.fingerprint();
    const licenseFile = await requestLicenseFile(this.#transport, { requestId: newGuid(), licenseId: this.licenseId, fingerprint, ttlSeconds });
    const file = await verifyLicenseFileWith(this.#jwks, licenseFile, { issuer: this.#transport.licensingRuntime, fingerprint, now: this.#now, toleranceMs: DEFAULT_CLOCK_TOLERANCE_SECONDS * 1000, lastSeenAt: null });
    if (file.licenseId !== this.licenseId) throw new LicenseFileError('Unverified', 'the license file is for another license.');
    return { licenseFile, file, jwks: this.#jwks.jwks() ?? { keys: [] } };
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

  /** Sends what is queued and stops the timers (refresh, heartbeats, flush). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    if (this.#flushTimer) clearInterval(this.#flushTimer);
    this.#flushTimer = null;
    this.#clearRefresh();
    this.#lease.close();
    try {
      await this.flush();
    } finally {
      this.#closed = true;
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('This RuntimeClient is closed.');
  }

  #requireDevice(): DeviceIdentity {
    if (!this.#device) throw new ArgumentError('device', 'is required: give RuntimeClientOptions.device ({ machineId } or { fingerprint }).');
    return this.#device;
  }

  #refresh(): Promise<Authorization> {
    this.#fetching ??= this.#fetchAuthorization().finally(() => (this.#fetching = null));
    return this.#fetching;
  }

  async #fetchAuthorization(): Promise<Authorization> {
    const requestId = newGuid();
    const endings = this.#endings;
    const fingerprint = this.#device ? await this.#device.fingerprint() : null;
    const body = encodeWireKeys(generateAuthorizationSchema, { requestId, licenseId: this.#credential.licenseId, ...(fingerprint ? { fingerprint } : {}) });
    let wire: WireAuthorization;
    try {
      wire = await this.#transport.post<WireAuthorization>(`${this.#transport.licensingRuntime}/GenerateLicenseAuthorization`, body);
    } catch (error) {
      if (error instanceof LicensingApiError && !error.retryable) this.#refuse(error);
      else this.#scheduleRefresh(true);
      throw error;
    }
    const authorization = await verifyAuthorization(wire.Authorization, this.#jwks, { issuer: this.#transport.licensingRuntime, licenseId: this.#credential.licenseId, requestId, fingerprint, now: this.#now(), environment: this.#environment });
    // Ended while it was on its way (a heartbeat refused, the device deactivated): the end stands.
    if (endings !== this.#endings) throw this.#refusal ?? new LicensingApiError({ code: 'DeviceDeactivated', status: 200, message: 'This device was deactivated while the authorization was fetched.', environment: this.#environment });
    const expiresAt = Date.parse(authorization.expiresUtc);
    const issuedAt = Date.parse(authorization.issuedUtc);
    this.#current = { authorization, expiresAt, refreshAt: issuedAt + (expiresAt - issuedAt) / 2, features: featuresByKey(authorization.features) };
    this.#refusal = null;
    this.#refreshFailures = 0;
    this.#checks.restartAllowances(authorization.features, this.#unsentUnits());
    this.#scheduleRefresh(false);
    return authorization;
  }

  /** A refusal ends the authorization at once: check() refuses until a later authorize() succeeds. */
  #refuse(error: LicensingApiError): void {
    this.#endings += 1;
    this.#current = null;
    this.#refusal = error;
    this.#clearRefresh();
  }

  #clearRefresh(): void {
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = null;
  }

  /** The next background refresh: at half-life, or after a failure sooner (capped backoff) while the authorization lasts. */
  #scheduleRefresh(failed: boolean): void {
    if (this.#closing) return;
    this.#clearRefresh();
    const current = this.#current;
    if (!current) return;
    const now = this.#now();
    let delay: number;
    if (failed) {
      this.#refreshFailures += 1;
      delay = backoffAfter(this.#retry, this.#refreshFailures);
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
        await this.#transport.post<WireUsageAnswer>(`${this.#transport.consumptionRuntime}/messages`, batch);
      } catch (error) {
        // Refused as it is (4xx): sending it again would be refused again.
        if (error instanceof LicensingApiError && !error.retryable) this.#pending = null;
        throw error;
      }
      this.#pending = null;
    }
  }
}

/** Timers never keep a Node process alive on their own (browsers have no unref). */
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
