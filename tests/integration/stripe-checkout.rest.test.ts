import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { codeReader, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// End to end over real HTTP: the app talks to a local server that answers like Stripe through the
// real SDK, and Stripe's webhook reaches the app signed with the SDK's own test-header helper.
const WEBHOOK_SECRET = 'whsec_end_to_end';
let database: TestDatabase;
let smtp: TestSmtpServer;
let stripeServer: StripeServer;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  stripeServer = await startStripeServer();
  server = await startTestServer({
    databaseUrl: database.url,
    env: { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_end_to_end', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripeServer.baseUrl },
  });
  token = (await nativeSignIn(server.baseUrl, 'stripe.buyer@example.com', codeReader(smtp))).body.access_token;
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.stop();
  await smtp?.stop();
  await database?.drop();
});

function deliverWebhook(event: object) {
  const payload = JSON.stringify(event);
  return fetch(`${server.baseUrl}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    body: payload,
  });
}

describe('a paid checkout through Stripe', () => {
  it('answers the Stripe session URL; a webhook delivered three times mints one license; the result completes', async () => {
    const created = await fetch(`${server.baseUrl}/purchase/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: DEMO_IDS.monthly, IssuerClientId: 'demo', CorrelationId: 'stripe-ref' }),
    });
    expect(created.status).toBe(200);
    const session = await created.json();
    expect(session.SessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = stripeServer.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(sent.body).toMatchObject({ mode: 'subscription', customer_email: 'stripe.buyer@example.com', 'metadata[checkoutId]': session.SessionId, 'line_items[0][quantity]': '1' });

    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
    const event = {
      id: `evt_${crypto.randomBytes(6).toString('hex')}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: checkout.processorSessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          customer: 'cus_1',
          subscription: 'sub_1',
          client_reference_id: session.SessionId,
          metadata: { checkoutId: session.SessionId },
          customer_details: { email: 'stripe.buyer@example.com' },
        },
      },
    };
    for (let delivery = 0; delivery < 3; delivery++) expect((await deliverWebhook(event)).status).toBe(200);
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(1);

    const result = await (await fetch(`${server.baseUrl}/purchase/checkout/${session.SessionId}`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(result).toMatchObject({ Status: 'completed', CorrelationId: 'stripe-ref', OfferingId: DEMO_IDS.monthly });
    expect(result.EncodedCredential).toMatch(/^SVC_LIC_/);
    const delivery = await smtp.waitForMail((mail) => mail.to.includes('stripe.buyer@example.com') && /license/i.test(mail.subject));
    expect(delivery.text).toContain('/licenses');

    const cancelled = { ...event, id: 'evt_cancel', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1', object: 'subscription', status: 'canceled', metadata: {} } } };
    expect((await deliverWebhook(cancelled)).status).toBe(200);
    expect((await database.db.license.findFirstOrThrow({ where: { checkoutId: session.SessionId } })).status).toBe('Cancelled');
  });

  it('Stripe failing: 400 CheckoutFailed, the checkout is kept failed, and a retry with the same RequestId gets the same answer without calling Stripe', async () => {
    const body = JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: DEMO_IDS.monthly, IssuerClientId: 'demo' });
    const post = () => fetch(`${server.baseUrl}/purchase/checkout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    const sessionCalls = () => stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
    const before = sessionCalls();
    stripeServer.failNext(3);

    const first = await post();
    expect(first.status).toBe(400);
    const refused = await first.json();
    expect(refused).toMatchObject({ Code: 'CheckoutFailed', Message: expect.any(String) });
    expect(sessionCalls() - before).toBe(3);
    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { requestId: JSON.parse(body).RequestId } });
    expect(checkout).toMatchObject({ status: 'failed', sessionUrl: null, error: expect.any(String) });

    const retried = await post();
    expect(retried.status).toBe(400);
    expect(await retried.json()).toMatchObject({ Code: 'CheckoutFailed', Message: refused.Message });
    expect(sessionCalls() - before).toBe(3);
  });

  it('a webhook with a bad signature is 400 and changes nothing', async () => {
    const response = await fetch(`${server.baseUrl}/payments/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=bad' }, body: '{}' });
    expect(response.status).toBe(400);
  });
});
