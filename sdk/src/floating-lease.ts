import { FLOATING_LEASE_SECONDS } from './contract/devices.js';
import type { Device } from './device.js';
import { backoffAfter, type RetryPolicy } from './retry.js';

/** The soonest next heartbeat, so a lease answered oddly never makes the client spin. */
const MIN_HEARTBEAT_MS = 1_000;

/**
 * The heartbeats that keep a floating device's place: the next one at half the lease, sooner after
 * a heartbeat that did not reach the service (capped backoff, never later than half the lease).
 * A node-locked or inactive device has none. The timer never keeps a Node process alive.
 */
export class FloatingLease {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  #halfLeaseMs: number | null = null;
  #closed = false;

  constructor(
    private readonly beat: () => Promise<unknown>,
    private readonly retry: RetryPolicy,
  ) {}

  /** A device as the service answered it: heartbeats while it is floating and holds its place. */
  held(device: Device): void {
    this.#failures = 0;
    if (device.mode !== 'Floating' || !device.active) return this.stop();
    // The lease's length by the service's own clock (its expiry less the moment it was extended), never this machine's.
    const lease = device.leaseExpiresUtc ? Date.parse(device.leaseExpiresUtc) - Date.parse(device.lastSeenUtc) : NaN;
    this.#halfLeaseMs = Math.max(MIN_HEARTBEAT_MS, (Number.isFinite(lease) && lease > 0 ? lease : FLOATING_LEASE_SECONDS * 1000) / 2);
    this.#schedule(this.#halfLeaseMs);
  }

  /** A heartbeat that could not reach the service (after its retries): tried again sooner, while a lease is kept. */
  missed(): void {
    if (this.#halfLeaseMs === null) return;
    this.#failures += 1;
    this.#schedule(Math.max(MIN_HEARTBEAT_MS, Math.min(this.#halfLeaseMs, backoffAfter(this.retry, this.#failures))));
  }

  /** No more heartbeats (deactivated, refused, or the device is not floating). */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#halfLeaseMs = null;
  }

  /** The client closes: stopped for good. */
  close(): void {
    this.#closed = true;
    this.stop();
  }

  #schedule(delay: number): void {
    if (this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.beat().catch(() => {});
    }, delay);
    (this.#timer as { unref?: () => void }).unref?.();
  }
}
