import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { handleRest } from '@/server/http/rest-app';
import { LICENSE_DELIVERY_EMAIL_KIND } from '@/server/mail/license-delivery-mail';
import { createPendingStripeCheckout } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { logger } from '@/server/platform/logging/logger';
import { rememberProcessConfig } from '../support/process-config';

// POST /payments/stripe/webhook with deliveries signed by the SDK itself, as Stripe signs them.

const WEBHOOK_SECRET = 'whsec_test';
const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);

let database: TestDatabase;

function configure({ stripe }: { stripe: boolean }) {
  process.env.DATABASE_URL = database.url;
  process.env.APP_SECRET = 'stripe-webhook-test-secret-of-32-chars-or-more';
  if (stripe) {
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  } else {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
  }
  // The webhook never calls Stripe; a closed port makes sure of it.
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
  resetEnvForTests();
}

beforeAll(async () => {
  database = await createTestDatabase();
  configure({ stripe: true });
});
afterAll(async () => {
  await database?.drop();
  restoreConfig();
});

const unique = () => crypto.randomBytes(6).toString('hex');

/** A seller, an offering and a pending paid Stripe checkout of a signed-in buyer, as checkout creation leaves them. */
async function pendingCheckout(options: { quantity?: number; subscription?: boolean; processorSessionId?: string } = {}) {
  const { checkout, buyer } = await createPendingStripeCheckout(database.db, options);
  return { checkout, buyer };
}

type Checkout = Awaited<ReturnType<typeof pendingCheckout>>['checkout'];

function event(type: string, object: Record<string, unknown>) {
  return { id: `evt_${unique()}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: null, type, data: { object } };
}

function sessionEvent(type: string, checkout: Checkout, overrides: Record<string, unknown> = {}) {
  return event(type, {
    id: checkout.processorSessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: type === 'checkout.session.expired' ? 'expired' : 'complete',
    payment_status: type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded' ? 'paid' : 'unpaid',
    client_reference_id: checkout.id,
    metadata: { checkoutId: checkout.id },
    customer: `cus_${unique()}`,
    customer_details: { email: checkout.customerEmail },
    subscription: null,
    ...overrides,
  });
}

function subscriptionEvent(type: string, subscriptionId: string, fields: Record<string, unknown>) {
  return event(type, { id: subscriptionId, object: 'subscription', status: 'active', pause_collection: null, metadata: {}, ...fields });
}

function deliver(payload: unknown, { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return handleRest(new Request('http://localhost/payments/stripe/webhook', { method: 'POST', headers, body }));
}

async function deliverOk(payload: unknown) {
  const response = await deliver(payload);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
}

const reload = (checkout: Checkout) => database.db.checkout.findUniqueOrThrow({ where: { id: checkout.id } });
const licenseOf = (checkout: Checkout) => database.db.license.findUniqueOrThrow({ where: { checkoutId: checkout.id } });

/** A settled subscription checkout and its license, billed by a Stripe subscription of its own. */
async function subscriptionLicense() {
  const { checkout } = await pendingCheckout({ subscription: true });
  const subscriptionId = `sub_${unique()}`;
  await deliverOk(sessionEvent('checkout.session.completed', checkout, { mode: 'subscription', subscription: subscriptionId }));
  const license = await licenseOf(checkout);
  expect(license).toMatchObject({ status: 'Active', processorSubscriptionId: subscriptionId });
  const status = async () => (await database.db.license.findUniqueOrThrow({ where: { id: license.id } })).status;
  return { checkout, subscriptionId, license, status };
}

describe('Stripe webhook: checkout settlement', () => {
  it('checkout.session.completed delivered three times mints exactly one license and completes the checkout once', async () => {
    const { checkout, buyer } = await pendingCheckout({ processorSessionId: 'cs_test_1' });
    const completed = sessionEvent('checkout.session.completed', checkout, { customer: 'cus_1' });

    for (let i = 0; i < 3; i++) await deliverOk(completed);

    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(1);
    expect(await reload(checkout)).toMatchObject({ status: 'completed', processorCustomerId: 'cus_1', error: null });
    expect((await reload(checkout)).credentialCiphertext).not.toBeNull();
    const license = await licenseOf(checkout);
    expect(license).toMatchObject({ status: 'Active', buyerAccountId: buyer.id, offeringId: checkout.offeringId });
    expect(await database.db.seat.count({ where: { licenseId: license.id } })).toBe(1);
    expect(await database.db.licenseCode.count({ where: { licenseId: license.id } })).toBe(1);
    expect(await database.db.email.count({ where: { to: buyer.email, kind: LICENSE_DELIVERY_EMAIL_KIND } })).toBe(1);
  });

  it('a delivery with a wrong, missing or stale signature, or a tampered body, is refused with 400 and changes nothing', async () => {
    const { checkout } = await pendingCheckout();
    const completed = sessionEvent('checkout.session.completed', checkout);
    const body = JSON.stringify(completed);
    const tampered = JSON.stringify({ ...completed, id: 'evt_other' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });

    const refusals = [
      await deliver(completed, { secret: 'whsec_wrong' }),
      await deliver(completed, { signature: null }),
      await deliver(completed, { signature: 't=1,v1=deadbeef' }),
      await deliver(completed, { signature: stale }),
      await handleRest(
        new Request('http://localhost/payments/stripe/webhook', {
          method: 'POST',
          headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) },
          body: tampered,
        }),
      ),
    ];

    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect(await reload(checkout)).toMatchObject({ status: 'pending', completedAt: null });
    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(0);
  });

  it("a buyer's quantity-3 checkout settles into 3 seats, each with its own code, kept sealed for the buyer", async () => {
    const { checkout } = await pendingCheckout({ quantity: 3 });

    await deliverOk(sessionEvent('checkout.session.completed', checkout));

    const license = await licenseOf(checkout);
    expect(await database.db.seat.count({ where: { licenseId: license.id } })).toBe(3);
    const codes = await database.db.licenseCode.findMany({ where: { licenseId: license.id }, select: { seatId: true } });
    expect(new Set(codes.map((code) => code.seatId)).size).toBe(3);
    expect(await reload(checkout)).toMatchObject({ status: 'completed', credentialCiphertext: expect.any(String) });
  });

  it('a session paid by a delayed method waits (payment_status unpaid) and settles on async_payment_succeeded', async () => {
    const { checkout } = await pendingCheckout();

    await deliverOk(sessionEvent('checkout.session.completed', checkout, { payment_status: 'unpaid' }));
    expect(await reload(checkout)).toMatchObject({ status: 'pending' });

    await deliverOk(sessionEvent('checkout.session.async_payment_succeeded', checkout));
    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(1);
  });

  it('a session without metadata is found by its processor session id', async () => {
    const { checkout } = await pendingCheckout();

    await deliverOk(sessionEvent('checkout.session.completed', checkout, { metadata: {}, client_reference_id: null }));

    expect(await reload(checkout)).toMatchObject({ status: 'completed' });
  });

  it("metadata alone settles nothing: a session naming a checkout that is not that session's is ignored", async () => {
    const { checkout } = await pendingCheckout();

    await deliverOk(sessionEvent('checkout.session.completed', checkout, { id: `cs_test_${unique()}` }));

    expect(await reload(checkout)).toMatchObject({ status: 'pending' });
    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(0);
  });

  it("checkout.session.expired fails the checkout with Error 'Checkout expired.'; a later delivery changes nothing", async () => {
    const { checkout } = await pendingCheckout();
    const expired = sessionEvent('checkout.session.expired', checkout);

    await deliverOk(expired);
    await deliverOk(expired);

    expect(await reload(checkout)).toMatchObject({ status: 'failed', error: 'Checkout expired.' });
    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(0);
  });

  it("checkout.session.async_payment_failed fails the checkout with Error 'Payment failed.'", async () => {
    const { checkout } = await pendingCheckout();

    await deliverOk(sessionEvent('checkout.session.async_payment_failed', checkout));

    expect(await reload(checkout)).toMatchObject({ status: 'failed', error: 'Payment failed.' });
  });

  it('a completed checkout is not failed by a late expiry, nor a failed one completed by a late payment', async () => {
    const first = await pendingCheckout();
    await deliverOk(sessionEvent('checkout.session.completed', first.checkout));
    await deliverOk(sessionEvent('checkout.session.expired', first.checkout));
    expect(await reload(first.checkout)).toMatchObject({ status: 'completed', error: null });

    const second = await pendingCheckout();
    await deliverOk(sessionEvent('checkout.session.expired', second.checkout));
    await deliverOk(sessionEvent('checkout.session.completed', second.checkout));
    expect(await reload(second.checkout)).toMatchObject({ status: 'failed', error: 'Checkout expired.' });
    expect(await database.db.license.count({ where: { checkoutId: second.checkout.id } })).toBe(0);
  });

  it('an event type this service does not use is acknowledged and ignored', async () => {
    await deliverOk(event('charge.refunded', { id: `ch_${unique()}`, object: 'charge' }));
  });
});

describe('Stripe webhook: subscription status moves the license', () => {
  it('a subscription checkout records the subscription on its license', async () => {
    const { checkout, subscriptionId } = await subscriptionLicense();
    expect(await reload(checkout)).toMatchObject({ status: 'completed', processorSubscriptionId: subscriptionId });
  });

  it('updated to paused → Paused, past_due → Suspended, back to active → Active, trialing → Trialing', async () => {
    const { subscriptionId, status } = await subscriptionLicense();

    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'paused' }));
    expect(await status()).toBe('Paused');
    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' }));
    expect(await status()).toBe('Suspended');
    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'active' }));
    expect(await status()).toBe('Active');
    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'unpaid' }));
    expect(await status()).toBe('Suspended');
    // A subscription Stripe puts (back) in a trial runs as Trialing until its next paid invoice.
    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'trialing' }));
    expect(await status()).toBe('Trialing');
  });

  it('paused collection → Paused, and customer.subscription.resumed → Active', async () => {
    const { subscriptionId, status } = await subscriptionLicense();

    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'active', pause_collection: { behavior: 'void', resumes_at: null } }));
    expect(await status()).toBe('Paused');
    await deliverOk(subscriptionEvent('customer.subscription.resumed', subscriptionId, { status: 'active' }));
    expect(await status()).toBe('Active');
    await deliverOk(subscriptionEvent('customer.subscription.paused', subscriptionId, { status: 'paused' }));
    expect(await status()).toBe('Paused');
  });

  it('customer.subscription.deleted → Cancelled, and a Cancelled license is never moved back', async () => {
    const { subscriptionId, status } = await subscriptionLicense();

    await deliverOk(subscriptionEvent('customer.subscription.deleted', subscriptionId, { status: 'canceled' }));
    expect(await status()).toBe('Cancelled');

    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'active' }));
    await deliverOk(subscriptionEvent('customer.subscription.resumed', subscriptionId, { status: 'active' }));
    await deliverOk(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' }));
    expect(await status()).toBe('Cancelled');
  });

  it('invoice.payment_failed suspends the license of the invoiced subscription (current and older payload shapes)', async () => {
    const current = await subscriptionLicense();
    await deliverOk(
      event('invoice.payment_failed', {
        id: `in_${unique()}`,
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: current.subscriptionId, metadata: {} }, quote_details: null },
      }),
    );
    expect(await current.status()).toBe('Suspended');

    const older = await subscriptionLicense();
    await deliverOk(event('invoice.payment_failed', { id: `in_${unique()}`, object: 'invoice', subscription: older.subscriptionId }));
    expect(await older.status()).toBe('Suspended');
  });

  it('a replayed status event changes nothing', async () => {
    const { license, subscriptionId } = await subscriptionLicense();
    const pastDue = subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' });

    await deliverOk(pastDue);
    const after = await database.db.license.findUniqueOrThrow({ where: { id: license.id } });
    await deliverOk(pastDue);
    await deliverOk(pastDue);

    expect(await database.db.license.findUniqueOrThrow({ where: { id: license.id } })).toEqual(after);
  });

  it('a subscription this service does not know is acknowledged and ignored', async () => {
    await deliverOk(subscriptionEvent('customer.subscription.deleted', `sub_${unique()}`, { status: 'canceled' }));
  });

  it('a status change that overtakes its checkout settlement answers 500, so Stripe redelivers it after the license exists', async () => {
    const { checkout } = await pendingCheckout({ subscription: true });
    const subscriptionId = `sub_${unique()}`;
    const pastDue = subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due', metadata: { checkoutId: checkout.id } });
    // Made by Stripe after the completion, delivered before it (whatever second this test runs in).
    pastDue.created += 5;
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});

    const early = await deliver(pastDue);
    expect(early.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    await deliverOk(sessionEvent('checkout.session.completed', checkout, { mode: 'subscription', subscription: subscriptionId }));
    await deliverOk(pastDue);
    expect((await licenseOf(checkout)).status).toBe('Suspended');
  });
});

describe('Stripe webhook: configuration', () => {
  it('answers 404 when Stripe is not configured, handling nothing', async () => {
    const { checkout } = await pendingCheckout();
    configure({ stripe: false });
    try {
      const response = await deliver(sessionEvent('checkout.session.completed', checkout));
      expect(response.status).toBe(404);
    } finally {
      configure({ stripe: true });
    }
    expect(await reload(checkout)).toMatchObject({ status: 'pending' });
  });
});
