/** A standard OAuth 2.0 error (RFC 6749 section 5.2), rendered as `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly extra: Record<string, string> = {},
    /** A limit refused the request: when it may be tried again (the `Retry-After` header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  toJSON() {
    return { error: this.error, error_description: this.description, ...this.extra };
  }
}
