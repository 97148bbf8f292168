import { camelKeys, encodeWireKeys, type Camel } from './contract/key-case.js';
import { purchaseCheckoutSchema } from './contract/purchase.js';
import { ArgumentError, LicensingApiError } from './errors.js';
import type { operations } from './generated/openapi.js';
import { newGuid, requestJson, type Fetch } from './http.js';
import { assertValid } from './validate.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type Storefront = Camel<Json<operations['getStorefront']['responses'][200]>>;
export type OfferingDetail = Camel<Json<operations['getOfferingDetail']['responses'][200]>>;
export type CheckoutSession = Camel<Json<operations['createPurchaseCheckout']['responses'][200]>>;
export type CheckoutResult = Camel<Json<operations['getPurchaseCheckoutResult']['responses'][200]>>;

export interface CreateCheckoutOptions {
  issuerClientId: string;
  offeringId: string;
  /** A GUID; made for you when omitted. Send the same one again to retry the same purchase. */
  requestId?: string;
  correlationId?: string;
  successUrl?: string;
  cancelUrl?: string;
  originContext?: 'web' | 'mobile_app';
  /**
   * Seats: the purchase API sells one (the spec's body has no Quantity); 1 or omitted. More seats are
   * bought through a seller's embedded checkout (SellerClient.createEmbeddedCheckout).
   */
  quantity?: number;
}

export interface PurchaseClientOptions {
  /** `{base_url}` of the service. */
  baseUrl: string;
  /** The buyer's access token (scope `checkout.purchase`), asked for at every request (refresh it there). */
  getAccessToken: () => string | Promise<string>;
  fetch?: Fetch;
  environment?: string;
  /** How the client waits between polls (tests make it instant). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The spec's recommended polling: 1 s after the first pending read, doubling to 15 s, at most 60 reads. */
export const POLLING = { firstWaitMs: 1_000, maxWaitMs: 15_000, maxReads: 60 } as const;

// Wakes early when the signal aborts, then throws its reason, as fetch does: a wait and a read that
// are aborted reject alike.
async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', wake);
      resolve();
    }, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });
  signal?.throwIfAborted();
}

function requiredText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) throw new ArgumentError(field, 'is required (1 to 100 characters).');
  return value;
}

/** The purchase API for an app whose buyer is signed in (spec "Purchase API"). */
export class PurchaseClient {
  readonly #base: string;
  readonly #options: PurchaseClientOptions;
  readonly #fetch: Fetch;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: PurchaseClientOptions) {
    if (typeof options?.baseUrl !== 'string' || !URL.canParse(options.baseUrl)) throw new ArgumentError('baseUrl', 'an absolute http(s) URL is required.');
    if (typeof options.getAccessToken !== 'function') throw new ArgumentError('getAccessToken', 'a function returning the buyer access token is required.');
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#sleep = options.sleep ?? abortableSleep;
  }

  /** A seller's listed products and offerings (anonymous). */
  async getStorefront(issuerClientId: string): Promise<Storefront> {
    const id = encodeURIComponent(requiredText(issuerClientId, 'issuerClientId'));
    return camelKeys(await this.#request<Json<operations['getStorefront']['responses'][200]>>('GET', `/purchase/${id}/offerings`, { anonymous: true }));
  }

  /** One listed offering with its product and features (anonymous). */
  async getOffering(issuerClientId: string, offeringId: string): Promise<OfferingDetail> {
    const path = `/purchase/${encodeURIComponent(requiredText(issuerClientId, 'issuerClientId'))}/offerings/${encodeURIComponent(requiredText(offeringId, 'offeringId'))}`;
    return camelKeys(await this.#request<Json<operations['getOfferingDetail']['responses'][200]>>('GET', path, { anonymous: true }));
  }

  /**
   * Starts a purchase: `sessionUrl` is the hosted payment page to open (null for a free offering,
   * which is complete already). Validated to the service's own rules first: an ArgumentError naming
   * the field, before any request.
   */
  async createCheckout(options: CreateCheckoutOptions): Promise<CheckoutSession & { requestId: string }> {
    if (options.quantity !== undefined && options.quantity !== 1) throw new ArgumentError('quantity', 'the purchase API sells one seat; more seats are bought through the seller\'s embedded checkout.');
    const requestId = options.requestId ?? newGuid();
    const input = {
      requestId,
      offeringId: options.offeringId,
      issuerClientId: options.issuerClientId,
      correlationId: options.correlationId,
      successUrl: options.successUrl,
      cancelUrl: options.cancelUrl,
      originContext: options.originContext,
    };
    assertValid(purchaseCheckoutSchema, input);
    // The caller's values as written (the service normalises them itself), under the wire's names.
    const body = encodeWireKeys(purchaseCheckoutSchema, input as never);
    const session = camelKeys(await this.#request<Json<operations['createPurchaseCheckout']['responses'][200]>>('POST', '/purchase/checkout', { body }));
    return { ...session, requestId };
  }

  /** One read of a checkout's result (pending, completed or failed). */
  async getCheckout(sessionId: string): Promise<CheckoutResult> {
    return camelKeys(await this.#readCheckout(sessionId).then((read) => read.body));
  }

  /**
   * Polls a checkout until it is completed or failed, as the spec recommends: 1 s after the first
   * pending read, doubling to a 15 s cap, never sooner than the answer's Retry-After, at most 60
   * reads. Returns the last result (still `pending` after 60 reads).
   */
  async waitForCheckout(sessionId: string, options: { signal?: AbortSignal } = {}): Promise<CheckoutResult> {
    let wait: number = POLLING.firstWaitMs;
    for (let read = 1; ; read++) {
      const { body, retryAfterSeconds } = await this.#readCheckout(sessionId, options.signal);
      if (body.Status !== 'pending' || read >= POLLING.maxReads) return camelKeys(body);
      await this.#sleep(Math.max(wait, (retryAfterSeconds ?? 0) * 1000), options.signal);
      wait = Math.min(POLLING.maxWaitMs, wait * 2);
    }
  }

  async #readCheckout(sessionId: string, signal?: AbortSignal) {
    const path = `/purchase/checkout/${encodeURIComponent(requiredText(sessionId, 'sessionId'))}`;
    let retryAfterSeconds: number | null = null;
    const body = await this.#request<Json<operations['getPurchaseCheckoutResult']['responses'][200]>>('GET', path, {
      signal,
      onResponse: (response) => {
        const value = Number(response.headers.get('retry-after'));
        retryAfterSeconds = Number.isFinite(value) && value > 0 ? value : null;
      },
    });
    return { body, retryAfterSeconds: retryAfterSeconds as number | null };
  }

  async #request<T>(method: 'GET' | 'POST', path: string, init: { body?: unknown; anonymous?: boolean; signal?: AbortSignal; onResponse?: (response: Response) => void }): Promise<T> {
    const headers: Record<string, string> = {};
    if (!init.anonymous) headers.authorization = `Bearer ${await this.#options.getAccessToken()}`;
    const fetchImpl: Fetch = init.onResponse
      ? async (input, requestInit) => {
          const response = await this.#fetch(input, requestInit);
          init.onResponse!(response);
          return response;
        }
      : this.#fetch;
    return requestJson<T>(fetchImpl, `${this.#base}${path}`, { method, headers, body: init.body, environment: this.#options.environment ?? null, signal: init.signal });
  }
}

export interface BuyerTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** When the access token ends, ms since the epoch. */
  expiresAt: number;
}

const SCOPE = 'checkout.purchase openid offline_access';

interface AuthorityOptions {
  /** `{base_url}` of the service (its built-in sign-in authority is at `/identity`). */
  baseUrl: string;
  /** The public client; default `service-app-client`. */
  clientId?: string;
  /** The licensing resource's id (LICENSING_APP_ID); default `licensing`. */
  licensingAppId?: string;
  fetch?: Fetch;
  now?: () => number;
}

/**
 * A signed-in buyer's tokens: `getAccessToken()` answers a current access token and refreshes it a
 * minute before it ends (refresh tokens rotate: each is used once). Pass it as PurchaseClient's
 * getAccessToken.
 */
export class BuyerSession {
  protected readonly authority: string;
  protected readonly clientId: string;
  protected readonly scope: string;
  protected readonly fetchImpl: Fetch;
  protected readonly now: () => number;
  #tokens: BuyerTokens | null = null;
  #refreshing: Promise<BuyerTokens> | null = null;

  constructor(options: AuthorityOptions) {
    if (typeof options?.baseUrl !== 'string' || !URL.canParse(options.baseUrl)) throw new ArgumentError('baseUrl', 'an absolute http(s) URL is required.');
    this.authority = `${options.baseUrl.replace(/\/+$/, '')}/identity/oauth2/v2.0`;
    this.clientId = options.clientId ?? 'service-app-client';
    this.scope = `api://${options.licensingAppId ?? 'licensing'}/${SCOPE}`;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? Date.now;
  }

  get tokens(): BuyerTokens | null {
    return this.#tokens;
  }

  getAccessToken = async (): Promise<string> => {
    const tokens = this.#tokens;
    if (!tokens) throw new ArgumentError('signIn', 'sign in first.');
    if (this.now() < tokens.expiresAt - 60_000) return tokens.accessToken;
    if (!tokens.refreshToken) throw new LicensingApiError({ code: 'BuyerTokenInvalid', status: 401, message: 'The access token ended and there is no refresh token; sign in again.' });
    this.#refreshing ??= this.form<TokenAnswer>('token', { client_id: this.clientId, grant_type: 'refresh_token', refresh_token: tokens.refreshToken })
      .then((answer) => this.keep(answer))
      .finally(() => (this.#refreshing = null));
    return (await this.#refreshing).accessToken;
  };

  protected keep(answer: TokenAnswer): BuyerTokens {
    this.#tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      idToken: answer.id_token ?? null,
      expiresAt: this.now() + (answer.expires_in ?? 3600) * 1000,
    };
    return this.#tokens;
  }

  protected async form<T>(endpoint: string, fields: Record<string, string>): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.authority}/${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    } catch (error) {
      throw new LicensingApiError({ code: 'NetworkError', status: 0, message: error instanceof Error ? error.message : String(error) });
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: string; error_description?: string; suberror?: string };
    if (!response.ok) {
      throw new LicensingApiError({ code: body.suberror ?? body.error ?? `Http${response.status}`, status: response.status, message: body.error_description ?? response.statusText });
    }
    return body;
  }
}

/**
 * Sign-in without a browser (the spec's native authentication, option B): the buyer's address,
 * then the 6-digit code e-mailed to it.
 */
export class NativeSignIn extends BuyerSession {
  #continuation: string | null = null;

  /** Sends the code to `email`; the answer says where it went (a masked address). */
  async start(email: string): Promise<{ sentTo: string | null; codeLength: number | null }> {
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new ArgumentError('email', 'an e-mail address such as name@example.com is required.');
    const initiated = await this.form<{ continuation_token: string }>('initiate', { client_id: this.clientId, username: email, challenge_type: 'oob redirect' });
    const challenged = await this.form<{ continuation_token: string; challenge_target_label?: string; code_length?: number }>('challenge', {
      client_id: this.clientId,
      continuation_token: initiated.continuation_token,
      challenge_type: 'oob redirect',
    });
    this.#continuation = challenged.continuation_token;
    return { sentTo: challenged.challenge_target_label ?? null, codeLength: challenged.code_length ?? null };
  }

  /** Completes the sign-in with the e-mailed code. */
  async complete(code: string): Promise<BuyerTokens> {
    if (!this.#continuation) throw new ArgumentError('code', 'call start(email) first.');
    if (typeof code !== 'string' || !/^\d{4,10}$/.test(code.trim())) throw new ArgumentError('code', 'the digits of the e-mailed code are required.');
    const answer = await this.form<TokenAnswer>('token', { client_id: this.clientId, grant_type: 'oob', oob: code.trim(), continuation_token: this.#continuation, scope: this.scope });
    this.#continuation = null;
    return this.keep(answer);
  }
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Sign-in in the system browser (the spec's option A, Node): authorization code with PKCE (S256) and
 * a loopback redirect on a free port of 127.0.0.1. `open(url)` must show the address to the person
 * (open the system browser); the promise settles when the browser comes back, or after `timeoutMs`.
 */
export async function signInWithBrowser(options: AuthorityOptions & { open: (url: string) => unknown; timeoutMs?: number }): Promise<BuyerSession> {
  if (typeof options?.open !== 'function') throw new ArgumentError('open', 'a function that opens the address in a browser is required.');
  const session = new BrowserSession(options);
  await session.signIn(options.open, options.timeoutMs ?? 300_000);
  return session;
}

class BrowserSession extends BuyerSession {
  async signIn(open: (url: string) => unknown, timeoutMs: number): Promise<void> {
    const http = await import('node:http');
    const verifier = base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
    const state = base64url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
    let settle!: (value: URL | Error) => void;
    const returned = new Promise<URL | Error>((resolve) => (settle = resolve));
    const loopback = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.searchParams.has('code') && !url.searchParams.has('error')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Signed in</title><p>You are signed in. You can close this window.</p>');
      settle(url);
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', () => resolve()));
    const redirectUri = `http://127.0.0.1:${(loopback.address() as { port: number }).port}/`;
    const timer = setTimeout(() => settle(new LicensingApiError({ code: 'SignInTimedOut', status: 0, message: 'The browser did not come back in time.' })), timeoutMs);
    try {
      const query = new URLSearchParams({ client_id: this.clientId, response_type: 'code', redirect_uri: redirectUri, scope: this.scope, code_challenge: challenge, code_challenge_method: 'S256', state });
      await open(`${this.authority}/authorize?${query}`);
      const outcome = await returned;
      if (outcome instanceof Error) throw outcome;
      if (outcome.searchParams.get('state') !== state) throw new LicensingApiError({ code: 'invalid_state', status: 0, message: 'The browser came back with another sign-in\'s state.' });
      const code = outcome.searchParams.get('code');
      if (!code) throw new LicensingApiError({ code: outcome.searchParams.get('error') ?? 'access_denied', status: 0, message: outcome.searchParams.get('error_description') ?? 'The sign-in was not completed.' });
      this.keep(await this.form<TokenAnswer>('token', { client_id: this.clientId, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }));
    } finally {
      clearTimeout(timer);
      loopback.close();
    }
  }
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
}
