import crypto from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getStorefront } from '@/server/catalog/get-storefront';
import { markCheckoutReady } from '@/server/sellers/payment-setup';
import { resetEnvForTests } from '@/server/env';
import { handleRest } from '@/server/http/rest-app';
import { describePaymentSetup, refreshStripeReadiness, startStripeOnboarding } from '@/server/sellers/payment-setup';
import { createSeller } from '../support/factories';
import { inProcessWithStripe, TEST_STRIPE_WEBHOOK_SECRET } from '../support/in-process-core';

// Stripe Connect onboarding: with Stripe configured, a seller is checkout-ready exactly when its
// connected account has charges_enabled. The real SDK against a local server that answers like Stripe.

const WEBHOOK_SECRET = TEST_STRIPE_WEBHOOK_SECRET;
const PUBLIC_BASE_URL = 'https://licensing.example.test';
const setup = inProcessWithStripe({ PUBLIC_BASE_URL });
const ctx = () => ({ db: setup.database.db });

/** Stripe configured (the file's default) or not (the local processor), as an instance would read it. */
function configure({ stripe: withStripe }: { stripe: boolean }) {
  if (withStripe) Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  else {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
  }
  resetEnvForTests();
}

const requestsTo = (method: string, path: string) => setup.stripe.requests.filter((request) => request.method === method && request.path === path);
const isCheckoutReady = async (seller: { issuerClientId: string }) => (await getStorefront(ctx(), seller.issuerClientId)).isCheckoutReady;
const reload = (seller: { id: string }) => setup.database.db.seller.findUniqueOrThrow({ where: { id: seller.id } });

/** A seller that went through the first onboarding step: it has a connected account, not yet approved. */
async function onboardedSeller() {
  const seller = await createSeller(setup.database.db);
  await startStripeOnboarding(ctx(), { sellerId: seller.id, email: 'owner@seller.test' });
  const { stripeAccountId } = await reload(seller);
  expect(stripeAccountId).toMatch(/^acct_/);
  return { ...seller, stripeAccountId: stripeAccountId! };
}

function accountUpdated(account: { id: string; charges_enabled: boolean }) {
  return {
    id: `evt_${crypto.randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    account: account.id,
    type: 'account.updated',
    data: { object: { object: 'account', type: 'express', details_submitted: account.charges_enabled, metadata: {}, ...account } },
  };
}

async function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const response = await handleRest(
    new Request('http://localhost/payments/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }),
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
}

describe('Stripe Connect onboarding', () => {
  it('creates the express account once, keyed by the seller, stores it and returns a fresh Account Link each time', async () => {
    const seller = await createSeller(setup.database.db);

    const first = await startStripeOnboarding(ctx(), { sellerId: seller.id, email: 'owner@seller.test' });
    const second = await startStripeOnboarding(ctx(), { sellerId: seller.id, email: 'owner@seller.test' });

    const [create, ...more] = requestsTo('POST', '/v1/accounts');
    expect(more).toEqual([]);
    expect(create!.body).toMatchObject({ type: 'express', email: 'owner@seller.test', 'metadata[sellerId]': seller.id });
    expect(create!.headers['idempotency-key']).toContain(seller.id);
    expect(create!.headers['stripe-account']).toBeUndefined();

    const { stripeAccountId } = await reload(seller);
    expect(stripeAccountId).toMatch(/^acct_/);

    const links = requestsTo('POST', '/v1/account_links');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.body).toEqual({
        account: stripeAccountId,
        type: 'account_onboarding',
        refresh_url: `${PUBLIC_BASE_URL}/portal/catalog?stripe=refresh`,
        return_url: `${PUBLIC_BASE_URL}/portal/catalog?stripe=return`,
      });
      expect(link.headers['stripe-account']).toBeUndefined();
    }
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(second.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(second.url).not.toBe(first.url);
    expect(await isCheckoutReady(seller)).toBe(false);
  });

  it('a transient Stripe failure while creating the account is retried with the same key and yields one account', async () => {
    const seller = await createSeller(setup.database.db);
    setup.stripe.failNext();

    await startStripeOnboarding(ctx(), { sellerId: seller.id, email: 'owner@seller.test' });

    const creates = requestsTo('POST', '/v1/accounts');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.headers['idempotency-key']).toBe(creates[0]!.headers['idempotency-key']);
    expect((await reload(seller)).stripeAccountId).toMatch(/^acct_/);
  });

  it('the seller shows the Stripe setup: processor stripe and its account id', async () => {
    const seller = await onboardedSeller();
    expect(await describePaymentSetup(ctx(), { sellerId: seller.id })).toEqual({ processor: 'stripe', stripeAccountId: seller.stripeAccountId });
  });
});

describe('checkout readiness follows charges_enabled', () => {
  it('refresh: not ready while charges are disabled, ready once Stripe enables them', async () => {
    const seller = await onboardedSeller();

    expect(await refreshStripeReadiness(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: false });
    expect(await isCheckoutReady(seller)).toBe(false);
    expect(requestsTo('GET', `/v1/accounts/${seller.stripeAccountId}`)).toHaveLength(1);

    setup.stripe.enableCharges(seller.stripeAccountId);

    expect(await refreshStripeReadiness(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: true });
    expect(await isCheckoutReady(seller)).toBe(true);
  });

  it('refresh turns a ready seller back to not ready when its account cannot take charges', async () => {
    const seller = await onboardedSeller();
    await setup.database.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: true } });

    expect(await refreshStripeReadiness(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: false });
    expect(await isCheckoutReady(seller)).toBe(false);
  });

  it('refresh without a connected account is refused (ValidationError) and asks Stripe nothing', async () => {
    const seller = await createSeller(setup.database.db);

    await expect(refreshStripeReadiness(ctx(), { sellerId: seller.id })).rejects.toMatchObject({ code: 'ValidationError', message: 'Connect a Stripe account first.' });
    expect(setup.stripe.requests).toEqual([]);
  });

  it('account.updated moves readiness both ways, a replay changes nothing, an unknown account is acknowledged and ignored', async () => {
    const seller = await onboardedSeller();
    const other = await createSeller(setup.database.db);

    const enabled = accountUpdated({ id: seller.stripeAccountId, charges_enabled: true });
    await deliver(enabled);
    expect(await isCheckoutReady(seller)).toBe(true);
    await deliver(enabled);
    expect(await isCheckoutReady(seller)).toBe(true);

    await deliver(accountUpdated({ id: seller.stripeAccountId, charges_enabled: false }));
    expect(await isCheckoutReady(seller)).toBe(false);

    await deliver(accountUpdated({ id: 'acct_unknown', charges_enabled: true }));
    expect(await isCheckoutReady(other)).toBe(false);
  });
});

describe('the local onboarding step with Stripe configured', () => {
  it('markCheckoutReady is refused with a ValidationError and the seller stays not ready', async () => {
    const seller = await createSeller(setup.database.db);

    await expect(markCheckoutReady(ctx(), { sellerId: seller.id })).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'Connect a Stripe account to take paid checkouts.',
    });
    expect(await isCheckoutReady(seller)).toBe(false);
  });

  it('without Stripe the local processor is in use: markCheckoutReady works and Stripe onboarding is refused', async () => {
    configure({ stripe: false });
    try {
      const seller = await createSeller(setup.database.db);
      expect(await describePaymentSetup(ctx(), { sellerId: seller.id })).toEqual({ processor: 'local', stripeAccountId: null });
      await expect(startStripeOnboarding(ctx(), { sellerId: seller.id, email: 'owner@seller.test' })).rejects.toMatchObject({ code: 'ValidationError' });
      expect(await markCheckoutReady(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: true });
      expect(await isCheckoutReady(seller)).toBe(true);
      expect(setup.stripe.requests).toEqual([]);
    } finally {
      configure({ stripe: true });
    }
  });
});

describe('the portal over tRPC', () => {
  it('onboards the seller of the signed-in person with that person’s e-mail', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { createTrpcRouter } = await import('@/server/trpc/init');
    const { catalogAdminRouter } = await import('@/server/trpc/routers/catalog-admin-router');
    const router = createTrpcRouter({ catalogAdmin: catalogAdminRouter });
    const account = await setup.database.db.account.create({ data: { email: `owner-${crypto.randomBytes(4).toString('hex')}@seller.test` } });
    const seller = await createSeller(setup.database.db);
    await setup.database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });

    const call = async (procedure: string, method: 'GET' | 'POST') => {
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        router,
        req: new Request(`http://test/api/trpc/${procedure}`, method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        createContext: async () => ({ db: setup.database.db, session: { accountId: account.id, email: account.email } }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { data: { json: Record<string, unknown> } } }).result.data.json;
    };

    const started = await call('catalogAdmin.startStripeOnboarding', 'POST');
    expect(started).toEqual({ url: expect.stringMatching(/^https:\/\/connect\.stripe\.test\/setup\//) });
    expect(requestsTo('POST', '/v1/accounts')[0]!.body).toMatchObject({ email: account.email, 'metadata[sellerId]': seller.id });

    const { stripeAccountId } = await reload(seller);
    expect(await call('catalogAdmin.paymentSetup', 'GET')).toEqual({ processor: 'stripe', stripeAccountId });
    expect(await call('catalogAdmin.refreshStripeReadiness', 'POST')).toEqual({ isCheckoutReady: false });
  });
});
