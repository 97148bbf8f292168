import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { performDueProcessorCalls, PROCESSOR_CALL_BACKOFF } from '@/server/payments/processor-calls';
import { backoffSeconds } from '@/server/platform/backoff';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { rememberProcessConfig } from '../support/process-config';

// First, on a live instance: decisions made in quick succession all reach Stripe within seconds.
// Then a real instance killed with SIGKILL (a seller's suspension, then a refund) while its call to Stripe is in flight (after the seller's
// suspension committed): nothing is lost and nothing is done twice. The call stays pending, is made
// again once its backoff has passed (by whichever worker runs then; here the same code in this
// process, with the clock moved on), with the same Idempotency-Key, so Stripe applies it once.

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_crash', STRIPE_WEBHOOK_SECRET: 'whsec_crash' };
const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);
let database: TestDatabase;
let stripe: StripeServer;
let server: TestServer;

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  // One APP_SECRET for the instance and this process: the license minted here is signed with the instance's keys.
  const env = { ...STRIPE_ENV, STRIPE_API_BASE: stripe.baseUrl, APP_SECRET: crypto.randomBytes(32).toString('base64url') };
  server = await startTestServer({ databaseUrl: database.url, env });
  Object.assign(process.env, env, { DATABASE_URL: database.url });
  resetEnvForTests();
});

afterAll(async () => {
  stripe?.beforeAnswer(null);
  await server?.stop().catch(() => {});
  restoreConfig();
  await stopInvalidationListener();
  await closeDb();
  await stripe?.stop();
  await database?.drop();
});

describe('decisions in quick succession', () => {
  it('20 suspensions, each within 100 ms of the last, each reach Stripe within 5 s of its commit (a call committed while a run is busy is taken right after it)', async () => {
    const seller = await createSeller(database.db, { checkoutReady: true });
    const product = await createProduct(database.db, seller.id);
    const offering = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 2000, interval: 1, intervalUnit: IntervalUnit.Month });
    const { key } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'burst' });
    const licenses: { licenseId: string; subscriptionId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
      const minted = await database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: null, seatCount: 1, processorSubscriptionId: subscriptionId }));
      licenses.push({ licenseId: minted.licenseId, subscriptionId });
    }
    // Stripe answers slowly, so each run is still busy when the next decisions commit.
    const reachedStripe = new Map<string, number>();
    stripe.beforeAnswer(async (request) => {
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
      if (request.method === 'POST' && match) {
        reachedStripe.set(match[1]!, Date.now());
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    });
    const committedAt = new Map<string, number>();
    for (const license of licenses) {
      const response = await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${license.licenseId}/suspend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'dub-apiKey': key },
        body: JSON.stringify({ RequestId: crypto.randomUUID() }),
      });
      expect(response.status).toBe(200);
      // The answer comes after the commit: the decision and its call are in the database by now.
      committedAt.set(license.subscriptionId, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deadline = Math.max(...committedAt.values()) + 5_000;
    while (reachedStripe.size < licenses.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const late = licenses.filter((license) => {
      const reached = reachedStripe.get(license.subscriptionId);
      return reached === undefined || reached - committedAt.get(license.subscriptionId)! > 5_000;
    });
    expect(late, `${reachedStripe.size} of 20 reached Stripe in time`).toEqual([]);
    // Stripe's slow answers land, and every subscription is paused.
    stripe.beforeAnswer(null);
    await expect.poll(() => licenses.filter((license) => stripe.subscriptionState(license.subscriptionId).pauseCollection === 'void').length, { timeout: 5_000 }).toBe(20);
  });
});

describe('a crash between the commit and the processor call', () => {
  it('an instance killed while its pause call is at Stripe: the call is made again with the same key after its backoff, and the suspension reaches Stripe once', async () => {
    const seller = await createSeller(database.db, { checkoutReady: true });
    const stripeAccountId = `acct_${crypto.randomBytes(6).toString('hex')}`;
    await database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId } });
    const product = await createProduct(database.db, seller.id);
    const offering = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 2000, interval: 1, intervalUnit: IntervalUnit.Month });
    const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
    const license = await database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: null, seatCount: 1, processorSubscriptionId: subscriptionId }));
    const { key } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' });

    // Stripe receives the call, and the instance that made it dies before it hears the answer.
    let answered!: () => void;
    const responded = new Promise<void>((resolve) => (answered = resolve));
    stripe.beforeAnswer(async (request) => {
      if (request.method !== 'POST' || request.path !== `/v1/subscriptions/${subscriptionId}`) return;
      await responded;
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
    });
    const response = await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${license.licenseId}/suspend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'dub-apiKey': key },
      body: JSON.stringify({ RequestId: crypto.randomUUID() }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).Status).toBe('Suspended');
    answered();
    expect(await server.exited).toBeNull();
    stripe.beforeAnswer(null);

    // What the dead instance left: the decision, and its call still pending (claimed once).
    const [left] = await database.db.processorCall.findMany({ where: { licenseId: license.licenseId } });
    expect(left).toMatchObject({ action: 'pause', status: 'pending', attempts: 1 });
    expect((await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).status).toBe('Suspended');

    // Not before its backoff; then once more, with the same key.
    expect(await performDueProcessorCalls({ db: database.db })).toEqual({ done: 0, failed: 0 });
    const later = new Date(Date.now() + (backoffSeconds(PROCESSOR_CALL_BACKOFF, 1) + 1) * 1000);
    expect(await performDueProcessorCalls({ db: database.db, now: () => later })).toEqual({ done: 1, failed: 0 });
    const calls = stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscriptionId}`);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((call) => call.headers['idempotency-key']))).toEqual(new Set([`processor-call-${left!.id}`]));
    expect(stripe.subscriptionState(subscriptionId)).toEqual({ status: 'active', pauseCollection: 'void' });
    expect(stripe.subscriptionChanges(subscriptionId)).toBe(1);
    expect(await database.db.processorCall.findUniqueOrThrow({ where: { id: left!.id } })).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('a crash between a refund’s commit and Stripe’s answer', () => {
  it('an instance killed while Stripe makes its refund: the call is made again with the same key, and Stripe refunds once', async () => {
    const seller = await createSeller(database.db, { checkoutReady: true });
    const stripeAccountId = `acct_${crypto.randomBytes(6).toString('hex')}`;
    await database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId } });
    const product = await createProduct(database.db, seller.id);
    const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
    // A sale Stripe was paid for: the order, its PaymentIntent and its license.
    const paymentIntent = stripe.payment(4900);
    const order = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, processor: 'stripe', status: 'completed', amountMinor: 4900n, processorPaymentId: paymentIntent },
    });
    await database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: null, seatCount: 1, checkoutId: order.id }));
    const { key } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'refunds' });
    const instance = await startTestServer({ databaseUrl: database.url, env: { ...STRIPE_ENV, STRIPE_API_BASE: stripe.baseUrl, APP_SECRET: process.env.APP_SECRET! } });
    try {
      let answered!: () => void;
      const responded = new Promise<void>((resolve) => (answered = resolve));
      stripe.beforeAnswer(async (request) => {
        if (request.method !== 'POST' || request.path !== '/v1/refunds') return;
        await responded;
        process.kill(instance.pid, 'SIGKILL');
        await instance.exited;
      });
      const response = await fetch(`${instance.baseUrl}/licensing-mgmt/orders/${order.id}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'dub-apiKey': key },
        body: JSON.stringify({ RequestId: crypto.randomUUID() }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ Status: 'pending', Amount: 49, LicenseStatus: 'Cancelled' });
      answered();
      expect(await instance.exited).toBeNull();
      stripe.beforeAnswer(null);
    } finally {
      await instance.stop().catch(() => {});
    }

    // Stripe made the refund, but the dead instance never heard: the refund and its call are still pending.
    const [left] = await database.db.processorCall.findMany({ where: { refundId: { not: null }, license: { checkoutId: order.id } } });
    expect(left).toMatchObject({ action: 'refund', status: 'pending', attempts: 1 });
    expect(await database.db.refund.findMany({ where: { checkoutId: order.id } })).toEqual([expect.objectContaining({ status: 'pending', amountMinor: 4900n })]);
    const later = new Date(Date.now() + (backoffSeconds(PROCESSOR_CALL_BACKOFF, 1) + 1) * 1000);
    expect(await performDueProcessorCalls({ db: database.db, now: () => later })).toEqual({ done: 1, failed: 0 });
    const requests = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.body.payment_intent === paymentIntent);
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((request) => request.headers['idempotency-key']))).toEqual(new Set([`processor-call-${left!.id}`]));
    expect(stripe.refundsOf(paymentIntent)).toEqual([expect.objectContaining({ amount: 4900 })]);
    expect(await database.db.refund.findMany({ where: { checkoutId: order.id } })).toEqual([expect.objectContaining({ status: 'succeeded', processorRefundId: expect.stringMatching(/^re_/) })]);
  });
});

