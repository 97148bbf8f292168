import { sessionResultRequestSchema, embeddedCheckoutSchema } from './contract/embedded-checkout.js';
import { camelKeys, encodeWireKeys, type Camel } from './contract/key-case.js';
import { createDiscountSchema, discountsQuerySchema, updateDiscountSchema, type CreateDiscountInput, type DiscountsQuery, type UpdateDiscountInput } from './contract/discounts.js';
import { addSeatsSchema, bindTenantSchema, createLicenseSchema, issueSeatCodeSchema, refundOrderSchema, requestOnlySchema } from './contract/management.js';
import { changeOfferingSchema } from './contract/plan-change.js';
import { ArgumentError, LicensingApiError } from './errors.js';
import type { operations } from './generated/openapi.js';
import { newGuid, requestJson, type Fetch } from './http.js';
import { readLicenseCode } from './license-code.js';
import { RuntimeClient } from './runtime-client.js';
import { assertValid } from './validate.js';
import { z } from 'zod';
import { requiredCorrelationIdSchema } from './contract/fields.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Ok<Op extends keyof operations> = Camel<Json<operations[Op]['responses'] extends { 200: infer R } ? R : operations[Op]['responses'] extends { 201: infer C } ? C : never>>;

export type EmbeddedCheckout = Ok<'createEmbeddedCheckout'>;
export type EmbeddedCheckoutResult = Ok<'getEmbeddedCheckoutResult'>;
type LicenseList = Ok<'findLicensesByCorrelationId'>;
export type License = LicenseList['licenses'][number];
export type LicenseSeats = Ok<'listLicenseSeats'>;
export type Seat = LicenseSeats['seats'][number];
export type CreatedLicense = Ok<'createLicense'>;
export type IssuedCode = Ok<'issueSeatCode'>;
export type Refund = Ok<'refundOrder'>;
export type ChangedOffering = Ok<'changeLicenseOffering'>;
export type Discount = Ok<'createDiscount'>;
export type DiscountPage = Ok<'listDiscounts'>;

export interface SellerClientOptions {
  /** `{base_url}` of the service. */
  baseUrl: string;
  /** The seller's account API key (`SVC_AK_…`), sent as `dub-apiKey`. */
  apiKey: string;
  fetch?: Fetch;
  environment?: string;
  /** Retries of a request (network errors, 5xx, 429); a write keeps its RequestId through them. */
  retry?: { attempts?: number; baseDelayMs?: number };
}

/** Where a seller backend keeps each seat's license code (a secret store): one code per seat. */
export interface SeatCodeStore {
  get(seatId: string): Promise<string | null> | string | null;
  set(seatId: string, code: string): Promise<void> | void;
  delete(seatId: string): Promise<void> | void;
}

/** A tenant: the seller's own id, the licenses' CorrelationId (the service's rule). */
const tenantSchema = z.object({ correlationId: requiredCorrelationIdSchema });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const segment = (value: unknown, field: string) => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) throw new ArgumentError(field, 'is required (1 to 100 characters).');
  return encodeURIComponent(value);
};

/**
 * A seller backend's client (account API key): the embedded checkout, the management API and the
 * spec's tenant seat workflow. Methods take one object named like the REST fields in camelCase and
 * answer the REST body in camelCase. Every write sends a RequestId (made when omitted) and reuses it
 * on every retry, so a retried write is made once.
 */
export class SellerClient {
  readonly #base: string;
  readonly #options: SellerClientOptions;
  readonly #fetch: Fetch;
  readonly #retry: { attempts: number; baseDelayMs: number };

  constructor(options: SellerClientOptions) {
    if (typeof options?.baseUrl !== 'string' || !URL.canParse(options.baseUrl)) throw new ArgumentError('baseUrl', 'an absolute http(s) URL is required.');
    if (typeof options.apiKey !== 'string' || options.apiKey.length < 8) throw new ArgumentError('apiKey', 'the account API key is required.');
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#retry = { attempts: options.retry?.attempts ?? 4, baseDelayMs: options.retry?.baseDelayMs ?? 500 };
  }

  /** Spec "Embedded checkout": one per tenant (correlationId), `quantity` seats; redirect the buyer to sessionUrl (paid) or claimUrl (free). */
  createEmbeddedCheckout(input: {
    offeringId: string;
    correlationId: string;
    customerEmail: string;
    issuerClientId?: string;
    quantity?: number;
    returnUrl?: string;
    successUrl?: string;
    cancelUrl?: string;
    requestId?: string;
  }): Promise<EmbeddedCheckout & { requestId: string }> {
    return this.#write(embeddedCheckoutSchema, 'POST', '/licensing/checkout/embedded', input);
  }

  /** The result of an embedded checkout: LicenseId and SeatIds once completed. */
  async getCheckoutResult(sessionId: string): Promise<EmbeddedCheckoutResult> {
    const input = { sessionId };
    assertValid(sessionResultRequestSchema, input);
    return camelKeys(await this.#send('POST', '/licensing/checkout/session/result', encodeWireKeys(sessionResultRequestSchema, input)));
  }

  readonly licenses = {
    /** The seller's licenses bound to a tenant, every page. */
    findByCorrelationId: async (input: { correlationId: string }): Promise<License[]> => {
      assertValid(tenantSchema, { correlationId: input?.correlationId });
      const found: License[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ correlationId: input.correlationId, ...(cursor ? { cursor } : {}) });
        const page: LicenseList = camelKeys(await this.#send('GET', `/licensing-mgmt/licenses?${query}`));
        found.push(...page.licenses);
        cursor = page.nextCursor;
      } while (cursor);
      return found;
    },
    get: async (input: { licenseId: string }): Promise<License> => camelKeys(await this.#send('GET', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}`)),
    listSeats: async (input: { licenseId: string }): Promise<LicenseSeats> => camelKeys(await this.#send('GET', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/seats`)),
    create: (input: { offeringId: string; correlationId: string; seats: number; requestId?: string }): Promise<CreatedLicense & { requestId: string }> =>
      this.#write(createLicenseSchema, 'POST', '/licensing-mgmt/licenses', input),
    addSeats: (input: { licenseId: string; quantity: number; requestId?: string }) =>
      this.#write(addSeatsSchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/seats`, { quantity: input.quantity, requestId: input.requestId }) as Promise<Ok<'addSeats'> & { requestId: string }>,
    retireSeat: (input: { licenseId: string; seatId: string; requestId?: string }) =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/seats/${segment(input.seatId, 'seatId')}/retire`, { requestId: input.requestId }) as Promise<Ok<'retireSeat'> & { requestId: string }>,
    issueCode: (input: { licenseId: string; seatId: string; label: string; requestId?: string }): Promise<IssuedCode & { requestId: string }> =>
      this.#write(issueSeatCodeSchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/seats/${segment(input.seatId, 'seatId')}/codes`, { label: input.label, requestId: input.requestId }),
    revokeCode: (input: { licenseId: string; codeId: string; requestId?: string }) =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/codes/${segment(input.codeId, 'codeId')}/revoke`, { requestId: input.requestId }) as Promise<Ok<'revokeLicenseCode'> & { requestId: string }>,
    bindToTenant: (input: { licenseId: string; correlationId: string; requestId?: string }): Promise<License & { requestId: string }> =>
      this.#write(bindTenantSchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/tenant`, { correlationId: input.correlationId, requestId: input.requestId }),
    suspend: (input: { licenseId: string; requestId?: string }): Promise<License & { requestId: string }> =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/suspend`, { requestId: input.requestId }),
    resume: (input: { licenseId: string; requestId?: string }): Promise<License & { requestId: string }> =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/resume`, { requestId: input.requestId }),
    cancel: (input: { licenseId: string; requestId?: string }): Promise<License & { requestId: string }> =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/cancel`, { requestId: input.requestId }),
    /**
     * Moves a license to another offering of its product (docs/api/management.md "Plan changes"):
     * `when` `now` (prorated for the rest of the period) or `period_end`; left out, now for the same
     * price or more, at the period's end for a cheaper one. Answers the license and the plan change.
     */
    changeOffering: (input: { licenseId: string; offeringId: string; when?: 'now' | 'period_end'; requestId?: string }): Promise<ChangedOffering & { requestId: string }> =>
      this.#write(changeOfferingSchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/change-offering`, {
        offeringId: input.offeringId,
        when: input.when,
        requestId: input.requestId,
      }),
    /** Cancels the license's scheduled plan change (NotFound when none is scheduled). */
    cancelOfferingChange: (input: { licenseId: string; requestId?: string }): Promise<ChangedOffering & { requestId: string }> =>
      this.#write(requestOnlySchema, 'POST', `/licensing-mgmt/licenses/${segment(input?.licenseId, 'licenseId')}/change-offering/cancel`, { requestId: input.requestId }),
  };

  readonly orders = {
    /**
     * Refunds an order (the SessionId of a paid checkout), whole when `amount` is left out, in the
     * order's currency (major units). `license`: `revoke` (the default for a whole refund) or `keep`.
     * The refund is made at the processor after the answer (status `pending`, then `succeeded`).
     */
    refund: (input: { orderId: string; amount?: number; reason?: string; license?: 'revoke' | 'keep'; requestId?: string }): Promise<Refund & { requestId: string }> =>
      this.#write(refundOrderSchema, 'POST', `/licensing-mgmt/orders/${segment(input?.orderId, 'orderId')}/refunds`, { amount: input.amount, reason: input.reason, license: input.license, requestId: input.requestId }),
  };

  /**
   * Makes a discount code (docs/api/management.md "Discount codes"): `kind` `percent` with
   * `percentOff`, or `amount` with `amounts` (minor units per currency); `duration` `once`, `forever`
   * or `repeating` with `durationMonths`. What it takes off and the code are fixed from then on. A
   * code the seller already has (in any case) is `DiscountCodeInUse`, also when a retry follows a
   * create whose answer was lost: then `listDiscounts` shows whether it was made.
   */
  async createDiscount(input: CreateDiscountInput): Promise<Discount> {
    assertValid(createDiscountSchema, input);
    return camelKeys(await this.#send('POST', '/licensing-mgmt/discounts', encodeWireKeys(createDiscountSchema, input as never)));
  }

  /** A page of the seller's discount codes, by code (A to Z): pass `nextCursor` as `after` while `hasMore`. */
  async listDiscounts(input: DiscountsQuery = {}): Promise<DiscountPage> {
    const query = assertValid(discountsQuerySchema, input);
    const params = new URLSearchParams({ limit: String(query.limit), ...(query.after ? { after: query.after } : {}) });
    return camelKeys(await this.#send('GET', `/licensing-mgmt/discounts?${params}`));
  }

  async getDiscount(input: { discountId: string }): Promise<Discount> {
    return camelKeys(await this.#send('GET', `/licensing-mgmt/discounts/${segment(input?.discountId, 'discountId')}`));
  }

  /** Changes `name`, `expiresUtc`, `maxRedemptions` (null clears each) or `offeringIds`; what is left out stays. */
  async updateDiscount(input: { discountId: string } & UpdateDiscountInput): Promise<Discount> {
    const { discountId, ...changes } = input ?? {};
    const path = `/licensing-mgmt/discounts/${segment(discountId, 'discountId')}`;
    assertValid(updateDiscountSchema, changes);
    return camelKeys(await this.#send('PATCH', path, encodeWireKeys(updateDiscountSchema, changes as never)));
  }

  /** Removes a discount code; orders that redeemed it keep the code they redeemed. */
  async deleteDiscount(input: { discountId: string }): Promise<void> {
    await this.#send('DELETE', `/licensing-mgmt/discounts/${segment(input?.discountId, 'discountId')}`);
  }

  /** The spec's tenant seat workflow for one tenant (the seller's own id, the licenses' CorrelationId). */
  tenant(correlationId: string, options: { store: SeatCodeStore; licensingUrl?: string; consumptionUrl?: string }): TenantSeats {
    assertValid(tenantSchema, { correlationId });
    return new TenantSeats(this, correlationId, {
      store: options.store,
      licensingUrl: options.licensingUrl ?? `${this.#base}/licensing`,
      consumptionUrl: options.consumptionUrl ?? `${this.#base}/consumption`,
      fetch: this.#fetch,
      environment: this.#options.environment,
    });
  }

  /** A write: checked with the service's own schema of its body, then sent under the wire's names with one RequestId for every retry. */
  async #write<T>(schema: z.ZodObject, method: 'POST', path: string, input: Record<string, unknown>): Promise<T & { requestId: string }> {
    const requestId = (input.requestId as string | undefined) ?? newGuid();
    const request = Object.fromEntries(Object.entries({ ...input, requestId }).filter(([, value]) => value !== undefined));
    assertValid(schema, request);
    // The caller's values as written (the service normalises them itself), under the wire's names.
    const body = encodeWireKeys(schema, request as never);
    const answer = camelKeys(await this.#send<Record<string, unknown>>(method, path, body)) as T;
    return { ...answer, requestId };
  }

  async #send<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await requestJson<T>(this.#fetch, `${this.#base}${path}`, { method, headers: { 'dub-apiKey': this.#options.apiKey }, body, environment: this.#options.environment ?? null });
      } catch (error) {
        if (!(error instanceof LicensingApiError) || !error.retryable || attempt >= this.#retry.attempts) throw error;
        await sleep(error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : this.#retry.baseDelayMs * 2 ** (attempt - 1));
      }
    }
  }
}

export interface TenantSync {
  licenseId: string | null;
  status: License['status'] | null;
  /** Live seats, each with a stored code after the sync. */
  liveSeatIds: string[];
  /** Codes issued by this sync (for seats that had none). */
  issued: string[];
  /** Retired seats whose stored code was dropped. */
  dropped: string[];
}

/** Spec "Tenant seat workflow" for one tenant: its seats, one stored code per live seat, and the seat to use. */
export class TenantSeats {
  readonly #runtimes = new Map<string, RuntimeClient>();

  constructor(
    private readonly seller: SellerClient,
    readonly correlationId: string,
    private readonly options: { store: SeatCodeStore; licensingUrl: string; consumptionUrl: string; fetch: Fetch; environment?: string },
  ) {}

  /**
   * Reads the tenant's license and seats; issues a labelled code for every live seat that has none
   * in the store, and drops the stored codes of retired seats (steps 3-4; run it when a seat is
   * refused, or when the tenant asks).
   */
  async sync(): Promise<TenantSync> {
    const [license] = (await this.seller.licenses.findByCorrelationId({ correlationId: this.correlationId })).filter((candidate) => candidate.status !== 'Cancelled' && candidate.status !== 'Expired');
    if (!license) return { licenseId: null, status: null, liveSeatIds: [], issued: [], dropped: [] };
    return this.#storeCodes(license);
  }

  /**
   * Associates a purchase made elsewhere (steps 6-7): the pasted code must authorize; its license
   * must be this seller's and held by no other tenant; it is bound to this tenant, every live seat
   * gets a code of its own in the store, and the pasted code is not kept.
   */
  async associatePastedCode(code: string): Promise<TenantSync> {
    const credential = readLicenseCode(code, 'code');
    const probe = new RuntimeClient({ licensingUrl: this.options.licensingUrl, consumptionUrl: this.options.consumptionUrl, licenseCode: code, fetch: this.options.fetch, environment: this.options.environment, flushIntervalMs: 0 });
    try {
      await probe.authorize(); // a refusal: revoked, retired, or not a license code of this service
    } finally {
      await probe.close();
    }
    const license = await this.seller.licenses.get({ licenseId: credential.licenseId }); // 404: another seller's
    if (license.correlationId !== null && license.correlationId !== this.correlationId) {
      throw new LicensingApiError({ code: 'TenantMismatch', status: 409, message: 'Another tenant already holds this license; a code proves the purchase, not who pastes it.', environment: this.options.environment });
    }
    const bound = license.correlationId === this.correlationId ? license : await this.seller.licenses.bindToTenant({ licenseId: license.licenseId, correlationId: this.correlationId });
    return this.#storeCodes(bound);
  }

  /**
   * The live seat to use for `featureKey` (step 5): the one with the most allowance left, skipping
   * spent and rate-limited seats (decided locally from each seat's authorization). Throws
   * `AllowanceSpent` when every seat is spent, `NoLiveSeat` when the tenant holds none.
   */
  async chooseSeat(featureKey: string, units = 1): Promise<{ seatId: string; runtime: RuntimeClient }> {
    const seatIds = [...this.#runtimes.keys()];
    if (seatIds.length === 0) await this.#loadRuntimes();
    let best: { seatId: string; runtime: RuntimeClient; remaining: number } | null = null;
    let soonest: number | null = null;
    for (const [seatId, runtime] of this.#runtimes) {
      try {
        await runtime.authorize();
      } catch {
        continue; // a refused seat (retired, revoked): skipped until the next sync
      }
      const decision = runtime.peek(featureKey, units);
      if (!decision.allowed) {
        if (decision.retryAfterSeconds !== undefined) soonest = Math.min(soonest ?? Infinity, decision.retryAfterSeconds);
        continue;
      }
      const remaining = decision.remaining ?? Number.POSITIVE_INFINITY;
      if (!best || remaining > best.remaining) best = { seatId, runtime, remaining };
    }
    if (best) return { seatId: best.seatId, runtime: best.runtime };
    if (this.#runtimes.size === 0) throw new LicensingApiError({ code: 'NoLiveSeat', status: 0, message: `Tenant ${this.correlationId} holds no live seat: every licensing call is refused.`, environment: this.options.environment });
    throw new LicensingApiError({ code: 'AllowanceSpent', status: 0, message: `Every seat of tenant ${this.correlationId} is spent or busy for ${featureKey}; add a seat or wait for the period to reset.`, retryAfterSeconds: soonest, environment: this.options.environment });
  }

  /** Stops the seats' clients (their queued usage is sent). */
  async close(): Promise<void> {
    await Promise.all([...this.#runtimes.values()].map((runtime) => runtime.close()));
    this.#runtimes.clear();
  }

  async #storeCodes(license: License): Promise<TenantSync> {
    const { seats } = await this.seller.licenses.listSeats({ licenseId: license.licenseId });
    const issued: string[] = [];
    const dropped: string[] = [];
    const live = seats.filter((seat) => seat.retiredUtc === null);
    for (const [index, seat] of live.entries()) {
      if (await this.options.store.get(seat.seatId)) continue;
      const code = await this.seller.licenses.issueCode({ licenseId: license.licenseId, seatId: seat.seatId, label: `${this.correlationId} seat ${index + 1}`.slice(0, 100) });
      await this.options.store.set(seat.seatId, code.encodedCredential);
      issued.push(seat.seatId);
    }
    for (const seat of seats.filter((candidate) => candidate.retiredUtc !== null)) {
      if (await this.options.store.get(seat.seatId)) {
        await this.options.store.delete(seat.seatId);
        dropped.push(seat.seatId);
      }
      await this.#runtimes.get(seat.seatId)?.close();
      this.#runtimes.delete(seat.seatId);
    }
    await this.#loadRuntimes(live.map((seat) => seat.seatId));
    return { licenseId: license.licenseId, status: license.status, liveSeatIds: live.map((seat) => seat.seatId), issued, dropped };
  }

  async #loadRuntimes(seatIds?: string[]): Promise<void> {
    const ids = seatIds ?? (await this.sync()).liveSeatIds;
    for (const seatId of ids) {
      if (this.#runtimes.has(seatId)) continue;
      const code = await this.options.store.get(seatId);
      if (!code) continue;
      this.#runtimes.set(seatId, new RuntimeClient({ licensingUrl: this.options.licensingUrl, consumptionUrl: this.options.consumptionUrl, licenseCode: code, fetch: this.options.fetch, environment: this.options.environment }));
    }
  }
}
