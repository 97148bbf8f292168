/** A call refused before any request: an argument the service would refuse too. */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
  constructor(
    /** The argument, named as in the method's options (camelCase). */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export interface ApiErrorDetail {
  code: string;
  message: string;
  field: string;
}

/** The service refused (an ApiError) or could not be reached. */
export class LicensingApiError extends Error {
  override readonly name = 'LicensingApiError';
  /** The ApiError Code (`CredentialRevoked`, `RateLimited`, …), or `NetworkError` when no answer came. */
  readonly code: string;
  /** The HTTP status, 0 when no answer came. */
  readonly status: number;
  readonly correlationId: string | null;
  readonly details: ApiErrorDetail[];
  /** Seconds the service asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The deployment that answered, when the client was told its name (e.g. `production`, `uat`). */
  readonly environment: string | null;

  constructor(init: { code: string; status: number; message: string; correlationId?: string | null; details?: ApiErrorDetail[]; retryAfterSeconds?: number | null; environment?: string | null }) {
    super(init.environment ? `[${init.environment}] ${init.code}: ${init.message}` : `${init.code}: ${init.message}`);
    this.code = init.code;
    this.status = init.status;
    this.correlationId = init.correlationId ?? null;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.environment = init.environment ?? null;
  }

  /** Worth retrying as is: no answer, a 5xx, or 429. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}
