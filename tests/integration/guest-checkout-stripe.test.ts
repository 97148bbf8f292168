import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGuestPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessWithStripe } from '../support/in-process-core';
import { applyStripeEvent } from '../support/stripe-events';

// Pay first, verify after through Stripe (tests/integration/guest-checkout.test.ts has the local
// processor's): Stripe's page asks for the address, and the one it reports gets the license.

describe('pay first, verify after, through Stripe', () => {
  const ACCOUNT = 'acct_guest';
  const setup = inProcessWithStripe({ PUBLIC_BASE_URL: 'http://guest-checkout-stripe.test' });

  it('the Checkout Session is opened without an address (Stripe asks for it) and the address Stripe reports gets the license', async () => {
    const seller = await createSeller(setup.database.db, { checkoutReady: true });
    await setup.database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId: ACCOUNT } });
    const paid = await createOffering(setup.database.db, await createProduct(setup.database.db, seller.id), { name: 'Guest Pro', priceMinor: 2500 });
    const session = await createGuestPurchaseCheckout({ db: setup.database.db }, { requestId: crypto.randomUUID(), offeringId: paid.id, issuerClientId: seller.issuerClientId, clientIp: '203.0.113.8' });
    const opened = setup.stripe.requests.find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')!;
    expect(opened.body).not.toHaveProperty('customer_email');
    const order = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } });

    const email = `stripe-guest-${crypto.randomBytes(3).toString('hex')}@example.com`;
    setup.stripe.completeSession(order.processorSessionId!, email);
    const completed = await (await fetch(`${setup.stripe.baseUrl}/v1/checkout/sessions/${order.processorSessionId}`, { headers: { authorization: 'Bearer sk_test_x', 'stripe-account': ACCOUNT } })).json();
    const event = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'checkout.session.completed', account: ACCOUNT, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: completed } };
    expect(await applyStripeEvent({ db: setup.database.db }, event as never)).toBe('settled');
    const account = await setup.database.db.account.findUniqueOrThrow({ where: { email } });
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ status: 'completed', buyerAccountId: account.id, customerEmail: email });
    expect(await setup.database.db.email.count({ where: { to: email, kind: 'license-delivery' } })).toBe(1);
  });
});
