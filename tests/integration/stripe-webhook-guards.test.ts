import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { handleRest } from '@/server/http/rest-app';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { logger } from '@/server/platform/logging/logger';
import { createPendingStripeCheckout } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rememberProcessConfig } from '../support/process-config';

// What the webhook trusts beyond the signature: the endpoint a delivery was signed for (the
// account endpoint or the Connect endpoint), the key's mode, the seller's connected account, the
// event id (processed once) and the event's time (an older state never overwrites a newer one).

const ACCOUNT_SECRET = 'whsec_account_endpoint';
const CONNECT_SECRET = 'whsec_connect_endpoint';
const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);

let database: TestDatabase;

function configure({ secretKey = 'sk_test_guards' }: { secretKey?: string } = {}) {
  process.env.DATABASE_URL = database.url;
  process.env.APP_SECRET = 'stripe-webhook-guards-secret-of-32-chars-or-more';
  process.env.STRIPE_SECRET_KEY = secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = ACCOUNT_SECRET;
  process.env.STRIPE_CONNECT_WEBHOOK_SECRET = CONNECT_SECRET;
  // The webhook never calls Stripe; a closed port makes sure of it.
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
  resetEnvForTests();
}

beforeAll(async () => {
  database = await createTestDatabase();
  configure();
});
afterEach(() => {
  vi.restoreAllMocks();
  configure();
});
afterAll(async () => {
  // Everything of this process that holds a connection to the test database closes before it is
  // dropped (a drop WITH (FORCE) under an open connection is an unhandled FATAL in that client).
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
  restoreConfig();
});

const unique = () => crypto.randomBytes(6).toString('hex');
const now = () => Math.floor(Date.now() / 1000);

/** A pending paid Stripe checkout; its seller has a connected account unless `stripeAccountId: null`. */
async function pendingCheckout(options: { stripeAccountId?: string | null; subscription?: boolean } = {}) {
  // A connected seller unless the test says otherwise (null: a seller without one).
  const stripeAccountId = options.stripeAccountId === undefined ? `acct_${unique()}` : options.stripeAccountId;
  const { seller, checkout } = await createPendingStripeCheckout(database.db, { subscription: options.subscription, stripeAccountId });
  return { seller, checkout };
}

type Checkout = Awaited<ReturnType<typeof pendingCheckout>>['checkout'];

interface EventOptions {
  account?: string | null;
  livemode?: boolean;
  created?: number;
  id?: string;
}

function event(type: string, object: Record<string, unknown>, options: EventOptions = {}) {
  return {
    id: options.id ?? `evt_${unique()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now(),
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    request: null,
    ...(options.account ? { account: options.account } : {}),
    type,
    data: { object },
  };
}

function completed(checkout: Checkout, options: EventOptions & { subscription?: string } = {}) {
  return event(
    'checkout.session.completed',
    {
      id: checkout.processorSessionId,
      object: 'checkout.session',
      mode: options.subscription ? 'subscription' : 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: checkout.id,
      metadata: { checkoutId: checkout.id },
      customer: `cus_${unique()}`,
      customer_details: { email: checkout.customerEmail },
      subscription: options.subscription ?? null,
    },
    options,
  );
}

function subscriptionUpdated(subscriptionId: string, status: string, options: EventOptions = {}) {
  return event('customer.subscription.updated', { id: subscriptionId, object: 'subscription', status, pause_collection: null, metadata: {} }, options);
}

function deliver(payload: unknown, secret = ACCOUNT_SECRET) {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return handleRest(
    new Request('http://localhost/payments/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }),
  );
}

/** The endpoint each event arrives on in Stripe: a connected account's on the Connect endpoint, the platform's own on the account endpoint. */
const secretFor = (payload: { account?: string }) => (payload.account ? CONNECT_SECRET : ACCOUNT_SECRET);

async function deliverOk(payload: { account?: string }, secret = secretFor(payload)) {
  const response = await deliver(payload, secret);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
}

const reload = (checkout: Checkout) => database.db.checkout.findUniqueOrThrow({ where: { id: checkout.id } });
const licenseCount = (checkout: Checkout) => database.db.license.count({ where: { checkoutId: checkout.id } });
const recorded = (id: string) => database.db.processorEventRecord.findUnique({ where: { id } });

/** A settled subscription checkout of a seller with a connected account, and its license. */
async function subscriptionLicense(options: { stripeAccountId?: string | null } = {}) {
  const { seller, checkout } = await pendingCheckout({ subscription: true, ...options });
  const subscriptionId = `sub_${unique()}`;
  const completedAt = now() - 600;
  await deliverOk(completed(checkout, { account: seller.stripeAccountId, subscription: subscriptionId, created: completedAt }));
  const license = await database.db.license.findUniqueOrThrow({ where: { checkoutId: checkout.id } });
  const read = () => database.db.license.findUniqueOrThrow({ where: { id: license.id } });
  return { seller, checkout, subscriptionId, license, read, completedAt, account: seller.stripeAccountId ?? undefined };
}

describe('Stripe webhook: the account endpoint and the Connect endpoint share one URL', () => {
  it('account.updated of a connected account, signed with STRIPE_CONNECT_WEBHOOK_SECRET, moves its seller’s checkout readiness', async () => {
    const { seller } = await pendingCheckout();
    await database.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: false } });
    const accountUpdated = (charges: boolean) =>
      event('account.updated', { id: seller.stripeAccountId, object: 'account', type: 'express', charges_enabled: charges, metadata: {} }, { account: seller.stripeAccountId });

    await deliverOk(accountUpdated(true), CONNECT_SECRET);
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).checkoutReady).toBe(true);

    await deliverOk(accountUpdated(false), CONNECT_SECRET);
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).checkoutReady).toBe(false);
  });

  it('a direct charge on the connected account, delivered on the Connect endpoint, settles its checkout', async () => {
    const { seller, checkout } = await pendingCheckout();

    await deliverOk(completed(checkout, { account: seller.stripeAccountId }), CONNECT_SECRET);

    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
    expect(await licenseCount(checkout)).toBe(1);
  });

  it('a platform checkout delivered on the account endpoint still settles; a signature under neither secret is 400', async () => {
    const { checkout } = await pendingCheckout({ stripeAccountId: null });

    const forged = await deliver(completed(checkout), 'whsec_neither');
    expect(forged.status).toBe(400);
    expect(await reload(checkout)).toMatchObject({ status: 'pending' });

    await deliverOk(completed(checkout), ACCOUNT_SECRET);
    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
  });
});

describe('Stripe webhook: livemode must match the key’s mode', () => {
  it('a live event under an sk_test_ key is acknowledged (200), logged, and changes nothing', async () => {
    const { seller, checkout } = await pendingCheckout();
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const live = completed(checkout, { account: seller.stripeAccountId, livemode: true });

    await deliverOk(live);

    expect(await reload(checkout)).toEqual(checkout);
    expect(await licenseCount(checkout)).toBe(0);
    expect(await recorded(live.id)).toBeNull();
    expect(warned).toHaveBeenCalled();
  });

  it('a test event under an sk_live_ key is acknowledged (200) and changes nothing; a live one applies', async () => {
    configure({ secretKey: 'sk_live_guards' });
    const { seller, checkout } = await pendingCheckout();
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    await deliverOk(completed(checkout, { account: seller.stripeAccountId, livemode: false }));
    expect(await reload(checkout)).toEqual(checkout);
    expect(await licenseCount(checkout)).toBe(0);

    await deliverOk(completed(checkout, { account: seller.stripeAccountId, livemode: true }));
    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
  });
});

describe('Stripe webhook: an event applies only from the seller’s own account', () => {
  it('checkout events from another connected account, or from the platform, are acknowledged, logged, and change nothing', async () => {
    const { seller, checkout } = await pendingCheckout();
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const intruder = `acct_${unique()}`;

    await deliverOk(completed(checkout, { account: intruder }));
    await deliverOk(completed(checkout, { account: null }));
    await deliverOk(event('checkout.session.expired', { ...completed(checkout).data.object, status: 'expired', payment_status: 'unpaid' }, { account: intruder }));

    expect(await reload(checkout)).toEqual(checkout);
    expect(await licenseCount(checkout)).toBe(0);
    expect(await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).toEqual(seller);
    expect(warned).toHaveBeenCalledTimes(3);

    await deliverOk(completed(checkout, { account: seller.stripeAccountId }));
    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
  });

  it("a connected account's event never touches a checkout of a seller without one", async () => {
    const { checkout } = await pendingCheckout({ stripeAccountId: null });
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    await deliverOk(completed(checkout, { account: `acct_${unique()}` }));

    expect(await reload(checkout)).toEqual(checkout);
    expect(await licenseCount(checkout)).toBe(0);
  });

  it('subscription and invoice events from another account leave the license as it is', async () => {
    const { subscriptionId, read } = await subscriptionLicense();
    const before = await read();
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const intruder = `acct_${unique()}`;

    await deliverOk(subscriptionUpdated(subscriptionId, 'canceled', { account: intruder }));
    await deliverOk(event('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled', metadata: {} }, { account: intruder }));
    await deliverOk(event('invoice.payment_failed', { id: `in_${unique()}`, object: 'invoice', subscription: subscriptionId }, { account: intruder }));
    await deliverOk(subscriptionUpdated(subscriptionId, 'past_due'));

    expect(await read()).toEqual(before);
  });

  it('account.updated naming an account other than the one it came from is ignored', async () => {
    const { seller } = await pendingCheckout();
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    await deliverOk(event('account.updated', { id: seller.stripeAccountId, object: 'account', charges_enabled: false, metadata: {} }, { account: `acct_${unique()}` }));

    expect(await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).toEqual(seller);
  });
});

describe('Stripe webhook: every event id is processed once', () => {
  it('the processed event is recorded with its type, account, mode and time', async () => {
    const { seller, checkout } = await pendingCheckout();
    const created = now() - 30;
    const payload = completed(checkout, { account: seller.stripeAccountId, created });

    await deliverOk(payload);

    expect(await recorded(payload.id)).toMatchObject({
      type: 'checkout.session.completed',
      account: seller.stripeAccountId,
      livemode: false,
      createdAt: new Date(created * 1000),
    });
  });

  it('a redelivered event id changes nothing: past_due (evt 1), active (evt 2), evt 1 again leaves the license Active', async () => {
    const { subscriptionId, read, account } = await subscriptionLicense();
    const created = now();
    const pastDue = subscriptionUpdated(subscriptionId, 'past_due', { account, created });

    await deliverOk(pastDue);
    expect((await read()).status).toBe('Suspended');
    await deliverOk(subscriptionUpdated(subscriptionId, 'active', { account, created }));
    expect((await read()).status).toBe('Active');

    await deliverOk(pastDue);
    expect((await read()).status).toBe('Active');
    // Each move is an event for the seller's backend, by the processor; the repeat is none.
    const license = await read();
    const events = await database.db.event.findMany({ where: { licenseId: license.id, type: 'license.status_changed' }, orderBy: { sequence: 'asc' } });
    expect(events.map((event) => event.data)).toEqual([
      { LicenseId: license.id, From: 'Active', To: 'Suspended', By: 'processor' },
      { LicenseId: license.id, From: 'Suspended', To: 'Active', By: 'processor' },
    ]);
  });

  it('one event id delivered 10 times concurrently applies once, and every delivery is acknowledged', async () => {
    const { subscriptionId, read, account } = await subscriptionLicense();
    const created = now();
    const pastDue = subscriptionUpdated(subscriptionId, 'past_due', { account, created });
    await deliverOk(pastDue);
    await deliverOk(subscriptionUpdated(subscriptionId, 'active', { account, created }));

    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(pastDue, CONNECT_SECRET)));

    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect((await read()).status).toBe('Active');
    expect(await database.db.processorEventRecord.count({ where: { id: pastDue.id } })).toBe(1);
  });

  it('one completion delivered 10 times concurrently mints one license and sends one e-mail', async () => {
    const { seller, checkout } = await pendingCheckout();
    const payload = completed(checkout, { account: seller.stripeAccountId });

    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, CONNECT_SECRET)));

    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await licenseCount(checkout)).toBe(1);
    expect(await database.db.email.count({ where: { to: checkout.customerEmail! } })).toBe(1);
  });
});

describe('Stripe webhook: an older subscription state never overwrites a newer one', () => {
  it('past_due (created t2) then a stale active (created t1 < t2): the license stays Suspended, processorStateAt = t2', async () => {
    const { subscriptionId, read, account } = await subscriptionLicense();
    const t2 = now() - 60;
    const t1 = t2 - 120;

    await deliverOk(subscriptionUpdated(subscriptionId, 'past_due', { account, created: t2 }));
    await deliverOk(subscriptionUpdated(subscriptionId, 'active', { account, created: t1 }));

    expect(await read()).toMatchObject({ status: 'Suspended', processorStateAt: new Date(t2 * 1000) });
  });

  it('a newer event still applies, and an older invoice.payment_failed does not suspend a newer Active', async () => {
    const { subscriptionId, read, account } = await subscriptionLicense();
    const t = now() - 60;

    await deliverOk(subscriptionUpdated(subscriptionId, 'past_due', { account, created: t }));
    await deliverOk(subscriptionUpdated(subscriptionId, 'active', { account, created: t + 10 }));
    expect(await read()).toMatchObject({ status: 'Active', processorStateAt: new Date((t + 10) * 1000) });

    await deliverOk(event('invoice.payment_failed', { id: `in_${unique()}`, object: 'invoice', subscription: subscriptionId }, { account, created: t + 5 }));
    expect(await read()).toMatchObject({ status: 'Active', processorStateAt: new Date((t + 10) * 1000) });
  });

  it('an event repeating the current status still moves processorStateAt forward, so an event older than it cannot apply', async () => {
    const { subscriptionId, read, account } = await subscriptionLicense();
    const t = now() - 60;

    await deliverOk(subscriptionUpdated(subscriptionId, 'active', { account, created: t }));
    expect(await read()).toMatchObject({ status: 'Active', processorStateAt: new Date(t * 1000) });
    await deliverOk(subscriptionUpdated(subscriptionId, 'past_due', { account, created: t - 30 }));
    expect((await read()).status).toBe('Active');
  });

  it('the completion that minted the license sets processorStateAt to its own time', async () => {
    const { license, completedAt, subscriptionId, read } = await subscriptionLicense({ stripeAccountId: null });
    expect(license).toMatchObject({ status: 'Active', processorStateAt: new Date(completedAt * 1000) });

    await deliverOk(subscriptionUpdated(subscriptionId, 'past_due', { created: completedAt - 10 }));
    expect((await read()).status).toBe('Active');
  });
});
