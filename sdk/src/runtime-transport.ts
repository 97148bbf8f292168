import { requestJson, type Fetch } from './http.js';
import { withRetries, type RetryPolicy } from './retry.js';

/**
 * The runtime paths as one seat calls them: a POST with the runtime token as bearer, retried as is
 * (network errors, 5xx, 429) with the same body, so its RequestId or BatchId is kept on every try.
 */
export class RuntimeTransport {
  constructor(
    /** `{licensingUrl}/runtime`: also the issuer of what the service signs. */
    readonly licensingRuntime: string,
    /** `{consumptionUrl}/runtime`. */
    readonly consumptionRuntime: string,
    readonly options: { token: string; fetch: Fetch; environment: string | null; retry: RetryPolicy },
  ) {}

  get environment(): string | null {
    return this.options.environment;
  }

  post<T>(url: string, body: unknown): Promise<T> {
    const { token, fetch, environment, retry } = this.options;
    return withRetries(retry, () => requestJson<T>(fetch, url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body, environment }));
  }
}
