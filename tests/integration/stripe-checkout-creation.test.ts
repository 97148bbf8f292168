import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { DomainError } from '@/server/errors';
import { logger } from '@/server/platform/logging/logger';
import { createOffering, createProduct, createSeller } from '../support/factories';
import type { RecordedRequest } from '../support/stripe-server';
import { inProcessWithStripe } from '../support/in-process-core';

// Opening a paid checkout with Stripe: the pending checkout is committed first, Stripe is called
// outside any database transaction with an idempotency key derived from the checkout id, and the
// session is stored after. The real SDK against a local server that answers like Stripe.

const setup = inProcessWithStripe();

afterEach(() => {
  setup.stripe.beforeAnswer(null);
  vi.restoreAllMocks();
});

const ctx = () => ({ db: setup.database.db });
const sessionRequests = () => setup.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function paidOffering() {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const product = await createProduct(setup.database.db, seller.id);
  const offering = await createOffering(setup.database.db, product, { priceMinor: 2500 });
  const buyer = await setup.database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.test` } });
  const input = (requestId: string = crypto.randomUUID()) => ({
    requestId,
    offeringId: offering.id,
    issuerClientId: seller.issuerClientId,
    buyerAccountId: buyer.id,
    buyerEmail: buyer.email,
  });
  return { seller, offering, buyer, input };
}

describe('creating a Stripe checkout: the database transaction never waits for Stripe', () => {
  it('the pending checkout is committed before Stripe is called: Stripe, while answering, sees it from another connection', async () => {
    const { input } = await paidOffering();
    const seen: Array<{ status: string; sessionUrl: string | null } | null> = [];
    setup.stripe.beforeAnswer(async (request: RecordedRequest) => {
      if (request.path !== '/v1/checkout/sessions') return;
      seen.push(await setup.database.db.checkout.findUnique({ where: { id: request.body['metadata[checkoutId]']! }, select: { status: true, sessionUrl: true } }));
    });

    const created = await createPurchaseCheckout(ctx(), input());

    expect(seen).toEqual([{ status: 'pending', sessionUrl: null }]);
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: created.sessionId } })).toMatchObject({ status: 'pending', sessionUrl: created.sessionUrl });
  });

  it('exactly one POST /v1/checkout/sessions per checkout, with Idempotency-Key checkout-session-<checkout id>; a replay calls Stripe no more', async () => {
    const { input } = await paidOffering();
    const body = input();

    const created = await createPurchaseCheckout(ctx(), body);
    const replayed = await createPurchaseCheckout(ctx(), body);

    expect(replayed).toEqual(created);
    expect(sessionRequests()).toHaveLength(1);
    expect(sessionRequests()[0]!.headers['idempotency-key']).toBe(`checkout-session-${created.sessionId}`);
    const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: created.sessionId } });
    expect(created.sessionUrl).toBe(`https://checkout.stripe.test/c/pay/${checkout.processorSessionId}`);
  });

  it('20 concurrent requests with one RequestId, Stripe slow to answer: one checkout, one Stripe session, the same answer for all', async () => {
    const { input } = await paidOffering();
    const body = input();
    setup.stripe.beforeAnswer(() => sleep(400));

    const answers = await Promise.all(Array.from({ length: 20 }, () => createPurchaseCheckout(ctx(), body)));

    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(await setup.database.db.checkout.count({ where: { requestId: body.requestId } })).toBe(1);
    expect(sessionRequests()).toHaveLength(1);
  });
});

describe('creating a Stripe checkout: when Stripe fails', () => {
  it('the checkout is kept as failed with its reason, the caller gets CheckoutFailed, and a retry with the same RequestId gets the same answer without calling Stripe', async () => {
    const { input } = await paidOffering();
    const body = input();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    setup.stripe.failNext(3);

    const first = await createPurchaseCheckout(ctx(), body).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(DomainError);
    expect(first).toMatchObject({ code: 'CheckoutFailed' });
    expect(sessionRequests()).toHaveLength(3);

    const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { requestId: body.requestId } });
    expect(checkout).toMatchObject({ status: 'failed', processor: 'stripe', sessionUrl: null, processorSessionId: null });
    expect(checkout.error).toEqual(expect.any(String));

    const retried = await createPurchaseCheckout(ctx(), body).catch((error: unknown) => error);
    expect(retried).toMatchObject({ code: 'CheckoutFailed', message: (first as DomainError).message });
    expect(sessionRequests()).toHaveLength(3);
    expect(await setup.database.db.checkout.count({ where: { requestId: body.requestId } })).toBe(1);
  });

  it('a checkout left without its session (the request that made it died before storing it) is resumed by a retry: same idempotency key, one session', async () => {
    const { seller, offering, buyer, input } = await paidOffering();
    const body = input();
    // What a request that died between its commit and Stripe's answer leaves behind, a minute ago.
    const orphan = await setup.database.db.checkout.create({
      data: {
        requestId: body.requestId,
        origin: 'purchase',
        sellerId: seller.id,
        offeringId: offering.id,
        buyerAccountId: buyer.id,
        customerEmail: buyer.email,
        processor: 'stripe',
        createdAt: new Date(Date.now() - 60_000),
      },
    });

    const resumed = await createPurchaseCheckout(ctx(), body);

    expect(resumed.sessionId).toBe(orphan.id);
    expect(resumed.sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(sessionRequests().map((request) => request.headers['idempotency-key'])).toEqual([`checkout-session-${orphan.id}`]);
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({ status: 'pending', sessionUrl: resumed.sessionUrl });
  });
});
