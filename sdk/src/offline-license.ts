import { featuresByKey, LocalChecks, type AuthorizedFeature, type CheckResult, type HeldStatement } from './local-check.js';

/** The fields an offline license file signs, read from its verified payload. */
export interface LicenseFileStatement {
  fileId: string;
  licenseId: string;
  seatId: string;
  deviceId: string | null;
  fingerprint: string;
  classification: number;
  issuedUtc: string;
  expiresUtc: string;
  /** The file's `exp`, in ms since the epoch. */
  expiresAt: number;
  features: AuthorizedFeature[];
}

/**
 * A verified offline license file (verifyLicenseFile, RuntimeClient.checkOutLicenseFile): what it
 * grants this device, and the same local decisions as the online client (`check`, `peek`) from its
 * features, rate limits and the allowance left when it was issued. Units check() allows are counted
 * in this object (a new one starts again from the file's `remaining`).
 */
export class OfflineLicense {
  readonly fileId: string;
  readonly licenseId: string;
  readonly seatId: string;
  readonly deviceId: string | null;
  readonly fingerprint: string;
  readonly classification: number;
  readonly issuedUtc: string;
  readonly expiresUtc: string;
  readonly features: readonly AuthorizedFeature[];
  /** When it was verified, by the clock it was verified with: save it and pass it as `lastSeenUtc` next time. */
  readonly verifiedUtc: string;
  readonly #held: HeldStatement;
  readonly #checks = new LocalChecks();
  readonly #now: () => number;

  /** Made by the verification only: a statement not verified is never held. */
  constructor(statement: LicenseFileStatement, now: () => number) {
    this.fileId = statement.fileId;
    this.licenseId = statement.licenseId;
    this.seatId = statement.seatId;
    this.deviceId = statement.deviceId;
    this.fingerprint = statement.fingerprint;
    this.classification = statement.classification;
    this.issuedUtc = statement.issuedUtc;
    this.expiresUtc = statement.expiresUtc;
    this.features = statement.features;
    this.#now = now;
    this.verifiedUtc = new Date(now()).toISOString();
    this.#held = { expiresAt: statement.expiresAt, features: featuresByKey(statement.features) };
  }

  /** Whether this device may use `units` of `featureKey` now (`Expired` once the file's time is over). Units it allows are counted. */
  check(featureKey: string, units = 1): CheckResult {
    return this.#checks.decide(this.#held, featureKey, units, this.#now(), true);
  }

  /** What check() would answer now, without counting anything. */
  peek(featureKey: string, units = 1): CheckResult {
    return this.#checks.decide(this.#held, featureKey, units, this.#now(), false);
  }
}
