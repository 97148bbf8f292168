// The local decision of check() and peek(): what a seat may use now, decided from a signed
// statement of its features (an online authorization or an offline license file) with no network.
// One implementation, so the online client and the offline file answer alike.

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

/** The signed statement a decision reads: its features by key and the moment it ends (ms since the epoch). */
export interface HeldStatement {
  expiresAt: number;
  features: ReadonlyMap<string, AuthorizedFeature>;
}

/** What check() has allowed of one feature: the seat's rate window, and the allowance left. */
interface FeatureUse {
  windowStart: number;
  windowUsed: number;
  remaining: number | null;
}

export function featuresByKey(features: readonly AuthorizedFeature[]): Map<string, AuthorizedFeature> {
  return new Map(features.map((feature) => [feature.featureKey, feature]));
}

/** The uses counted by check(), kept across statements (a new authorization keeps the rate window running). */
export class LocalChecks {
  readonly #uses = new Map<string, FeatureUse>();

  /**
   * Whether `units` of `featureKey` may be used at `now` under `held` (null: none held). With
   * `count`, units it allows count against the rate window and the allowance left.
   */
  decide(held: HeldStatement | null, featureKey: string, units: number, now: number, count: boolean): CheckResult {
    if (!held) return { allowed: false, reason: 'NotAuthorized' };
    if (now >= held.expiresAt) return { allowed: false, reason: 'Expired' };
    const feature = held.features.get(featureKey);
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

  /**
   * A new statement from the service: the allowance left is its Remaining, less the units this
   * client reported that the service has not counted yet (`unsent`).
   */
  restartAllowances(features: readonly AuthorizedFeature[], unsent: ReadonlyMap<string, number>): void {
    for (const feature of features) {
      const use = this.#uses.get(feature.featureKey);
      if (use) use.remaining = feature.remaining === null ? null : Math.max(0, feature.remaining - (unsent.get(feature.featureKey) ?? 0));
    }
  }
}
