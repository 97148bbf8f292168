import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for api.stripe.com, for what the Stripe adapter calls: the real SDK talks to it
// over HTTP (STRIPE_API_BASE), so the tests see exactly the form-encoded requests Stripe would get.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body as flat keys, as the SDK encodes it: `line_items[0][price_data][unit_amount]`. */
  body: Record<string, string>;
  /** Lower-cased header names (`stripe-account`, `idempotency-key`, `authorization`). */
  headers: Record<string, string>;
}

export interface StripeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next `times` requests (default 1) answer 500 with a Stripe error body. */
  failNext(times?: number): void;
  /** The next `times` requests (default 1) are refused: 400 invalid_request_error, which the SDK does not retry. */
  refuseNext(times?: number): void;
  /** The buyer paid on Stripe's page: the session becomes complete and paid (what `GET /v1/checkout/sessions/{id}` then answers). */
  completeSession(sessionId: string, customerEmail?: string): void;
  /** The quantity of a subscription's (single) item, as the last update set it (1 until then). */
  subscriptionQuantity(subscriptionId: string): number;
  /**
   * The price of a subscription's (single) item as the last price change set it, with the proration
   * that change asked for (`create_prorations`, Stripe's default, or `none`); null until one does.
   */
  subscriptionPrice(subscriptionId: string): { unitAmount: number; currency: string; interval: string; intervalCount: number; prorationBehavior: string } | null;
  /** A subscription as updates and cancellations left it (`active`, collection not paused, until then). */
  subscriptionState(subscriptionId: string): { status: string; pauseCollection: string | null };
  /** Someone changed the subscription on Stripe's side (its dashboard, a missed event): what later reads answer. */
  setSubscription(subscriptionId: string, change: { status?: string; pauseCollection?: string | null; quantity?: number }): void;
  /** How many updates and cancellations of a subscription were applied (a replayed Idempotency-Key applies nothing). */
  subscriptionChanges(subscriptionId: string): number;
  /** A payment Stripe took (a PaymentIntent of `amount` minor units), for a sale a test builds itself; its id. */
  payment(amount: number): string;
  /** The refunds made on a PaymentIntent (a replayed Idempotency-Key makes none). */
  refundsOf(paymentIntent: string): { id: string; amount: number; metadata: Record<string, string> }[];
  /** The coupons made on an account (`''` for the platform's own), by id. */
  coupons(account?: string): Map<string, Record<string, string>>;
  /** The promotion codes made on an account (`''` for the platform's own). */
  promotionCodes(account?: string): { id: string; code: string; coupon: string }[];
  /** Stripe approving a connected account (onboarding done): its charges_enabled becomes true. */
  enableCharges(accountId: string): void;
  /**
   * Runs before every later request is answered (the request is already recorded), so a test can
   * look at the database while the app waits for Stripe; `null` removes it.
   */
  beforeAnswer(hook: ((request: RecordedRequest) => Promise<void> | void) | null): void;
  stop(): Promise<void>;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** `metadata[checkoutId]=x` → { checkoutId: 'x' } for one top-level hash. */
function hashOf(body: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
    if (match) out[match[1]!] = value;
  }
  return out;
}

type StoredSession = ReturnType<typeof newCheckoutSession>;

/** What a session's discount takes off its subtotal, as Stripe computes it from the coupon. */
type DiscountOf = (body: Record<string, string>, subtotal: number, currency: string) => number;

function checkoutSession(body: Record<string, string>, idempotent: Map<string, unknown>, idempotencyKey: string | undefined, sessions: Map<string, StoredSession>, discountOf: DiscountOf) {
  if (idempotencyKey && idempotent.has(idempotencyKey)) return idempotent.get(idempotencyKey);
  const session = newCheckoutSession(body, discountOf);
  sessions.set(session.id, session);
  if (idempotencyKey) idempotent.set(idempotencyKey, session);
  return session;
}

function newCheckoutSession(body: Record<string, string>, discountOf: DiscountOf) {
  const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
  const quantity = Number(body['line_items[0][quantity]'] ?? 1);
  const unitAmount = Number(body['line_items[0][price_data][unit_amount]'] ?? 0);
  const currency = body['line_items[0][price_data][currency]'] ?? 'usd';
  const discount = discountOf(body, unitAmount * quantity, currency);
  const session = {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    mode: body.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    currency: body['line_items[0][price_data][currency]'] ?? null,
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity - discount,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    metadata: hashOf(body, 'metadata'),
    client_reference_id: body.client_reference_id ?? null,
    customer: null as string | null,
    customer_email: body.customer_email ?? null,
    customer_details: null as { email: string | null } | null,
    subscription: null as string | null,
    payment_intent: null as string | null,
    invoice: null as string | null,
    success_url: body.success_url ?? null,
    cancel_url: body.cancel_url ?? null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
  };
  return session;
}

interface ConnectedAccount {
  id: string;
  object: 'account';
  type: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

function connectedAccount(body: Record<string, string>): ConnectedAccount {
  return {
    id: `acct_${crypto.randomBytes(8).toString('hex')}`,
    object: 'account',
    type: body.type ?? 'express',
    charges_enabled: false,
    details_submitted: false,
    payouts_enabled: false,
    email: body.email ?? null,
    metadata: hashOf(body, 'metadata'),
    created: Math.floor(Date.now() / 1000),
  };
}

function accountLink(): { object: 'account_link'; url: string; created: number; expires_at: number } {
  const now = Math.floor(Date.now() / 1000);
  return { object: 'account_link', url: `https://connect.stripe.test/setup/e/${crypto.randomBytes(12).toString('hex')}`, created: now, expires_at: now + 300 };
}

const notFound = (message: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message } });

export async function startStripeServer(): Promise<StripeServer> {
  const requests: RecordedRequest[] = [];
  // Like Stripe, a repeated Idempotency-Key (per account) replays the first answer.
  const idempotent = new Map<string, unknown>();
  const accounts = new Map<string, ConnectedAccount>();
  const quantities = new Map<string, number>();
  // A subscription item's price, as a price change set it (price_data on the item's product).
  const prices = new Map<string, { id: string; object: 'price'; product: string; unit_amount: number; currency: string; recurring: { interval: string; interval_count: number } }>();
  const prorations = new Map<string, string>();
  const subscriptionStates = new Map<string, { status: string; pauseCollection: string | null }>();
  const changes = new Map<string, number>();
  const stateOf = (id: string) => subscriptionStates.get(id) ?? { status: 'active', pauseCollection: null };
  const subscriptionObject = (id: string) => {
    const state = stateOf(id);
    return {
      id,
      object: 'subscription',
      status: state.status,
      pause_collection: state.pauseCollection ? { behavior: state.pauseCollection, resumes_at: null } : null,
      items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', quantity: quantities.get(`si_${id}`) ?? 1, price: prices.get(`si_${id}`) ?? { id: `price_${id}`, object: 'price', product: `prod_${id}` } }] },
    };
  };
  const sessions = new Map<string, StoredSession>();
  // Coupons and promotion codes, per account ('' for the platform's own).
  const coupons = new Map<string, Map<string, Record<string, string>>>();
  const promotionCodes = new Map<string, { id: string; object: 'promotion_code'; code: string; coupon: string }[]>();
  const couponsOf = (account: string) => coupons.get(account) ?? coupons.set(account, new Map()).get(account)!;
  const promotionCodesOf = (account: string) => promotionCodes.get(account) ?? promotionCodes.set(account, []).get(account)!;
  // Stripe: percent_off of the subtotal rounded to the nearest unit; amount_off (in the session's currency) at most the subtotal.
  const discountOf = (account: string): DiscountOf => (body, subtotal, currency) => {
    const promotion = body['discounts[0][promotion_code]'];
    if (!promotion) return 0;
    const code = promotionCodesOf(account).find((candidate) => candidate.id === promotion);
    const coupon = code ? couponsOf(account).get(code.coupon) : undefined;
    if (!coupon) return 0;
    if (coupon.percent_off) return Math.round((subtotal * Number(coupon.percent_off)) / 100);
    const amount = coupon.currency === currency ? Number(coupon.amount_off) : Number(coupon[`currency_options[${currency}][amount_off]`] ?? 0);
    return Math.min(amount, subtotal);
  };
  // What was paid, by PaymentIntent (a session's total), and the refunds made on each.
  const paid = new Map<string, number>();
  const refunds = new Map<string, { id: string; amount: number; metadata: Record<string, string> }[]>();
  const invoicePayments = new Map<string, string>();
  let failures = 0;
  let refusals = 0;
  let hook: ((request: RecordedRequest) => Promise<void> | void) | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // node:http ignores a listener's promise: a fault in this stand-in is logged and answered 500.
    req.on('end', () => {
      answerRequest().catch((error: unknown) => {
        console.error('stripe stand-in: answering failed', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    async function answerRequest(): Promise<void> {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const headers = flatHeaders(req.headers);
      const recorded = { method: req.method ?? 'GET', path: url.pathname, body, headers };
      requests.push(recorded);
      if (hook) {
        try {
          await hook(recorded);
        } catch (error) {
          console.error('stripe stand-in: beforeAnswer hook failed', error);
        }
      }

      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(payload));
      };
      if (failures > 0) {
        failures--;
        answer(500, { error: { type: 'api_error', message: 'Simulated Stripe failure.' } });
        return;
      }
      if (refusals > 0) {
        refusals--;
        answer(400, { error: { type: 'invalid_request_error', message: 'Simulated Stripe refusal.' } });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        answer(200, checkoutSession(body, idempotent, key, sessions, discountOf(headers['stripe-account'] ?? '')));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const account = headers['stripe-account'] ?? '';
        const key = headers['idempotency-key'] && `${account}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) return answer(200, idempotent.get(key));
        if (body.id && couponsOf(account).has(body.id)) {
          return answer(400, { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.' } });
        }
        const id = body.id ?? `co_${crypto.randomBytes(6).toString('hex')}`;
        couponsOf(account).set(id, { ...body, id });
        const coupon = { id, object: 'coupon', ...body };
        if (key) idempotent.set(key, coupon);
        return answer(200, coupon);
      }
      if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
        const data = promotionCodesOf(headers['stripe-account'] ?? '').filter(
          (code) => (!url.searchParams.get('code') || code.code === url.searchParams.get('code')) && (!url.searchParams.get('coupon') || code.coupon === url.searchParams.get('coupon')),
        );
        return answer(200, { object: 'list', data, has_more: false, url: '/v1/promotion_codes' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/promotion_codes') {
        const account = headers['stripe-account'] ?? '';
        const key = headers['idempotency-key'] && `${account}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) return answer(200, idempotent.get(key));
        const coupon = body['promotion[coupon]'] ?? '';
        if (!couponsOf(account).has(coupon)) return answer(400, notFound(`No such coupon: '${coupon}'`));
        const created = { id: `promo_${crypto.randomBytes(6).toString('hex')}`, object: 'promotion_code' as const, code: body.code ?? '', coupon };
        promotionCodesOf(account).push(created);
        if (key) idempotent.set(key, created);
        return answer(200, created);
      }
      // Refunds of a paid PaymentIntent; like Stripe, more than what is left is refused (400).
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) {
          answer(200, idempotent.get(key));
          return;
        }
        const paymentIntent = body.payment_intent ?? '';
        const amount = paid.get(paymentIntent);
        if (amount === undefined) {
          answer(404, notFound(`No such payment_intent: '${paymentIntent}'`));
          return;
        }
        const made = refunds.get(paymentIntent) ?? [];
        const left = amount - made.reduce((sum, refund) => sum + refund.amount, 0);
        const asked = body.amount === undefined ? left : Number(body.amount);
        if (asked > left) {
          answer(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})` } });
          return;
        }
        const refund = { id: `re_${crypto.randomBytes(8).toString('hex')}`, object: 'refund', amount: asked, payment_intent: paymentIntent, status: 'succeeded', reason: body.reason ?? null, metadata: hashOf(body, 'metadata'), created: Math.floor(Date.now() / 1000) };
        refunds.set(paymentIntent, [...made, { id: refund.id, amount: asked, metadata: refund.metadata }]);
        if (key) idempotent.set(key, refund);
        answer(200, refund);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const invoice = url.searchParams.get('invoice') ?? '';
        const paymentIntent = invoicePayments.get(invoice);
        const data = paymentIntent ? [{ id: `inpay_${invoice}`, object: 'invoice_payment', invoice, payment: { type: 'payment_intent', payment_intent: paymentIntent } }] : [];
        answer(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing/meter_events') {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) {
          answer(200, idempotent.get(key));
          return;
        }
        const event = { object: 'billing.meter_event', event_name: body.event_name, identifier: body.identifier, payload: hashOf(body, 'payload'), created: Math.floor(Date.now() / 1000), livemode: false };
        if (key) idempotent.set(key, event);
        answer(200, event);
        return;
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sessionPath) {
        const session = sessions.get(decodeURIComponent(sessionPath[1]!));
        if (session) answer(200, session);
        else answer(404, notFound(`No such checkout.session: '${sessionPath[1]}'`));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) {
          answer(200, idempotent.get(key));
          return;
        }
        const account = connectedAccount(body);
        accounts.set(account.id, account);
        if (key) idempotent.set(key, account);
        answer(200, account);
        return;
      }
      // Every subscription has one item, `si_<subscription id>`, whose quantity the updates set.
      const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && subscriptionPath) {
        answer(200, subscriptionObject(decodeURIComponent(subscriptionPath[1]!)));
        return;
      }
      // Updates (pause_collection set, or unset by an empty value) and cancellation.
      if ((req.method === 'POST' || req.method === 'DELETE') && subscriptionPath) {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) {
          answer(200, idempotent.get(key));
          return;
        }
        const id = decodeURIComponent(subscriptionPath[1]!);
        const state = { ...stateOf(id) };
        if (req.method === 'DELETE') state.status = 'canceled';
        else if ('pause_collection' in body) state.pauseCollection = null;
        else if (body['pause_collection[behavior]']) state.pauseCollection = body['pause_collection[behavior]'];
        subscriptionStates.set(id, state);
        changes.set(id, (changes.get(id) ?? 0) + 1);
        const subscription = subscriptionObject(id);
        if (key) idempotent.set(key, subscription);
        answer(200, subscription);
        return;
      }
      const itemPath = /^\/v1\/subscription_items\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && itemPath) {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        if (key && idempotent.has(key)) {
          answer(200, idempotent.get(key));
          return;
        }
        const id = decodeURIComponent(itemPath[1]!);
        if (body.quantity !== undefined) quantities.set(id, Number(body.quantity));
        if (body['price_data[unit_amount]'] !== undefined) {
          prices.set(id, {
            id: `price_${crypto.randomBytes(6).toString('hex')}`,
            object: 'price',
            product: body['price_data[product]'] ?? '',
            unit_amount: Number(body['price_data[unit_amount]']),
            currency: body['price_data[currency]'] ?? '',
            recurring: { interval: body['price_data[recurring][interval]'] ?? '', interval_count: Number(body['price_data[recurring][interval_count]'] ?? 1) },
          });
          prorations.set(id, body.proration_behavior ?? 'create_prorations');
        }
        const item = { id, object: 'subscription_item', quantity: quantities.get(id) ?? 1, proration_behavior: body.proration_behavior ?? 'create_prorations' };
        if (key) idempotent.set(key, item);
        answer(200, item);
        return;
      }
      // A customer portal session for an existing customer (Stripe answers 400 without one).
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!body.customer) {
          answer(400, { error: { type: 'invalid_request_error', param: 'customer', message: 'Missing required param: customer.' } });
          return;
        }
        const id = `bps_${crypto.randomBytes(12).toString('hex')}`;
        answer(200, {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        });
        return;
      }
      const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && accountPath) {
        const account = accounts.get(decodeURIComponent(accountPath[1]!));
        if (account) answer(200, account);
        else answer(404, notFound(`No such account: '${accountPath[1]}'`));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        if (!body.account || !accounts.has(body.account)) answer(404, notFound(`No such account: '${body.account ?? ''}'`));
        else answer(200, accountLink());
        return;
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(times = 1) {
      failures += times;
    },
    refuseNext(times = 1) {
      refusals += times;
    },
    completeSession(sessionId, customerEmail) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The Stripe stand-in has no Checkout Session ${sessionId}.`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer = `cus_${crypto.randomBytes(6).toString('hex')}`;
      session.customer_details = { email: customerEmail ?? session.customer_email };
      const paymentIntent = `pi_${crypto.randomBytes(8).toString('hex')}`;
      paid.set(paymentIntent, session.amount_total);
      if (session.mode === 'subscription') {
        session.subscription = `sub_${crypto.randomBytes(6).toString('hex')}`;
        // A subscription's first payment is its first invoice's.
        session.invoice = `in_${crypto.randomBytes(8).toString('hex')}`;
        invoicePayments.set(session.invoice, paymentIntent);
      } else {
        session.payment_intent = paymentIntent;
      }
    },
    payment(amount) {
      const paymentIntent = `pi_${crypto.randomBytes(8).toString('hex')}`;
      paid.set(paymentIntent, amount);
      return paymentIntent;
    },
    refundsOf(paymentIntent) {
      return refunds.get(paymentIntent) ?? [];
    },
    setSubscription(subscriptionId, change) {
      const state = { ...stateOf(subscriptionId) };
      if (change.status !== undefined) state.status = change.status;
      if (change.pauseCollection !== undefined) state.pauseCollection = change.pauseCollection;
      subscriptionStates.set(subscriptionId, state);
      if (change.quantity !== undefined) quantities.set(`si_${subscriptionId}`, change.quantity);
    },
    subscriptionChanges(subscriptionId) {
      return changes.get(subscriptionId) ?? 0;
    },
    subscriptionState(subscriptionId) {
      return stateOf(subscriptionId);
    },
    subscriptionQuantity(subscriptionId) {
      return quantities.get(`si_${subscriptionId}`) ?? 1;
    },
    subscriptionPrice(subscriptionId) {
      const price = prices.get(`si_${subscriptionId}`);
      if (!price) return null;
      return {
        unitAmount: price.unit_amount,
        currency: price.currency,
        interval: price.recurring.interval,
        intervalCount: price.recurring.interval_count,
        prorationBehavior: prorations.get(`si_${subscriptionId}`) ?? 'create_prorations',
      };
    },
    coupons(account = '') {
      return couponsOf(account);
    },
    promotionCodes(account = '') {
      return promotionCodesOf(account).map(({ id, code, coupon }) => ({ id, code, coupon }));
    },
    enableCharges(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`The Stripe stand-in has no account ${accountId}.`);
      account.charges_enabled = true;
      account.details_submitted = true;
    },
    beforeAnswer(next) {
      hook = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
