import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startStripeServer, type RecordedRequest, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// A paid embedded checkout through Stripe, over real HTTP: the app talks to a local stand-in that
// answers like Stripe through the real SDK. With a ReturnUrl, Stripe sends the buyer back through
// GET /checkout/return/<SessionId>, which reads the Checkout Session from Stripe and settles a paid
// one before the 303 to ReturnUrl?session_id=…, so the seller's result is completed on landing
// without waiting for the webhook (none is sent in this file).

let database: TestDatabase;
let stripe: StripeServer;
let server: TestServer;
let apiKey: string;
let offeringId: string;

const RETURN_URL = 'https://seller.example/after-checkout';
const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  server = await startTestServer({
    databaseUrl: database.url,
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: stripe.baseUrl },
  });
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  offeringId = offering.id;
  apiKey = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' })).key;
});

beforeEach(() => {
  stripe.requests.length = 0;
});

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await database?.drop();
});

function postJson(path: string, body: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey },
    body: JSON.stringify(body),
  });
}

async function createCheckout(extra: Record<string, unknown>) {
  const email = uniqueAddress('payer');
  const response = await postJson('/licensing/checkout/embedded', { OfferingId: offeringId, CorrelationId: 'tenant-7', CustomerEmail: email, ...extra });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { SessionId: string; SessionUrl: string };
  expect(session.SessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  const sent = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
  expect(sent).toHaveLength(1);
  const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
  expect(checkout).toMatchObject({ status: 'pending', processor: 'stripe', origin: 'embedded', buyerAccountId: null, customerEmail: email });
  return { email, session, sent: sent[0]!, checkout, csId: checkout.processorSessionId! };
}

const returnTo = (sessionId: string) => fetch(`${server.baseUrl}/checkout/return/${encodeURIComponent(sessionId)}`, { redirect: 'manual' });
const readResult = (sessionId: string) => postJson('/licensing/checkout/session/result', { SessionId: sessionId });
const retrievals = (csId: string) => stripe.requests.filter((request: RecordedRequest) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${csId}`);

describe('the Stripe Checkout Session of an embedded checkout', () => {
  it('carries CustomerEmail as customer_email; with a ReturnUrl its success_url is the service return route, and cancel_url carries session_id', async () => {
    const { email, session, sent } = await createCheckout({ ReturnUrl: RETURN_URL, CancelUrl: 'https://seller.example/cancelled?plan=pro' });
    expect(sent.body).toMatchObject({
      customer_email: email,
      success_url: `${server.baseUrl}/checkout/return/${session.SessionId}`,
      cancel_url: `https://seller.example/cancelled?plan=pro&session_id=${session.SessionId}`,
      'metadata[checkoutId]': session.SessionId,
    });
    // Nothing is provisioned before the payment: no account for the address yet.
    expect(await database.db.account.count({ where: { email } })).toBe(0);
  });

  it('a SuccessUrl without ReturnUrl gets session_id appended in success_url', async () => {
    const { session, sent } = await createCheckout({ SuccessUrl: 'https://seller.example/thanks' });
    expect(sent.body.success_url).toBe(`https://seller.example/thanks?session_id=${session.SessionId}`);
  });
});

describe('GET /checkout/return/{SessionId}: settled before the return', () => {
  it('a paid session: 303 to ReturnUrl?session_id=…, and the result read at once is completed with the license (no webhook)', async () => {
    const { email, session, csId } = await createCheckout({ ReturnUrl: RETURN_URL });
    stripe.completeSession(csId, email);

    const response = await returnTo(session.SessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(retrievals(csId)).toHaveLength(1);

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBeNull();
    const result = await read.json();
    expect(result).toMatchObject({ Status: 'completed', CorrelationId: 'tenant-7', OfferingId: offeringId, Error: null, LicenseId: expect.any(String) });
    expect(result.EncodedCredential).toMatch(/^SVC_LIC_/);

    // The account of CustomerEmail is created at settlement and owns the license.
    const account = await database.db.account.findUniqueOrThrow({ where: { email } });
    const licenses = await database.db.license.findMany({ where: { checkoutId: session.SessionId } });
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({ id: result.LicenseId, buyerAccountId: account.id, correlationId: 'tenant-7' });
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } })).toMatchObject({ status: 'completed', buyerAccountId: account.id });

    // Coming back again (reload, back button) lands the same and mints nothing more.
    const again = await returnTo(session.SessionId);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(1);
  });

  it('the license goes to the account of CustomerEmail, not to another address the processor reports', async () => {
    const { email, session, csId } = await createCheckout({ ReturnUrl: RETURN_URL });
    const other = uniqueAddress('typed-on-stripe');
    stripe.completeSession(csId, other);
    expect((await returnTo(session.SessionId)).status).toBe(303);
    const account = await database.db.account.findUniqueOrThrow({ where: { email } });
    expect(await database.db.license.findFirstOrThrow({ where: { checkoutId: session.SessionId } })).toMatchObject({ buyerAccountId: account.id });
    expect(await database.db.account.count({ where: { email: other } })).toBe(0);
  });

  it('an unpaid session still returns the buyer to ReturnUrl, and the result stays pending', async () => {
    const { email, session, csId } = await createCheckout({ ReturnUrl: RETURN_URL });

    const response = await returnTo(session.SessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);
    expect(retrievals(csId)).toHaveLength(1);

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBe('3');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toMatchObject({ Status: 'pending', LicenseId: null, EncodedCredential: null, Error: null });
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(0);
    expect(await database.db.account.count({ where: { email } })).toBe(0);
  });

  it('without ReturnUrl the route sends the buyer to the SuccessUrl with session_id and reads nothing from Stripe', async () => {
    const { session, csId } = await createCheckout({ SuccessUrl: 'https://seller.example/thanks' });
    const response = await returnTo(session.SessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`https://seller.example/thanks?session_id=${session.SessionId}`);
    expect(retrievals(csId)).toHaveLength(0);
  });

  it('an unknown session id is 404', async () => {
    for (const id of [crypto.randomUUID(), 'x'.repeat(150)]) {
      const response = await returnTo(id);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(stripe.requests).toEqual([]);
  });
});
