import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { billingIntervalOf } from '@/server/checkout/checkout-core';
import type { CheckoutRequest } from '@/server/payments/port';
import { selectPaymentProcessor } from '@/server/payments/select-processor';
import { checkoutSessionParams, stripePort } from '@/server/payments/stripe/stripe-adapter';
import { localPort } from '@/server/payments/local/local-adapter';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessWithStripe } from '../support/in-process-core';

// The Stripe adapter through the real SDK, against a local server that answers like Stripe.

const setup = inProcessWithStripe();

async function sellerWithOffering(
  offering: Parameters<typeof createOffering>[2],
  seller: Parameters<typeof createSeller>[1] & { stripeAccountId?: string } = {},
) {
  const { stripeAccountId, ...sellerData } = seller;
  const created = await createSeller(setup.database.db, { checkoutReady: true, ...sellerData });
  const withAccount = stripeAccountId ? await setup.database.db.seller.update({ where: { id: created.id }, data: { stripeAccountId } }) : created;
  const product = await createProduct(setup.database.db, created.id);
  return { seller: withAccount, offering: await createOffering(setup.database.db, product, offering) };
}

/** What the checkout core asks of the port for this offering (checkout-core.ts openSession). */
function sessionInput(
  { seller, offering }: Awaited<ReturnType<typeof sellerWithOffering>>,
  overrides: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  const checkoutId = crypto.randomUUID();
  return {
    checkoutId,
    account: seller.stripeAccountId,
    productName: offering.name,
    unitAmountMinor: offering.priceMinor!,
    currency: offering.currency,
    interval: billingIntervalOf(offering),
    trialDays: null,
    quantity: 1,
    customerEmail: 'buyer@example.test',
    successUrl: `https://app.example.test/paid?checkout=${checkoutId}`,
    cancelUrl: `https://app.example.test/cancelled?checkout=${checkoutId}`,
    originContext: null,
    discount: null,
    tax: null,
    ...overrides,
  };
}

const onlyRequest = () => {
  expect(setup.stripe.requests).toHaveLength(1);
  return setup.stripe.requests[0]!;
};

describe('Stripe processor: Checkout Sessions', () => {
  it('is the processor in use when STRIPE_SECRET_KEY is set', async () => {
    expect(selectPaymentProcessor().name).toBe('stripe');
  });

  it('a perpetual offering is sold in payment mode, one line item priced inline with no recurring price', async () => {
    const setup = await sellerWithOffering({ classification: LicenseClassification.Perpetual, priceMinor: 4999, currency: 'eur', name: 'Desktop Pro' });
    const input = sessionInput(setup);

    const session = await stripePort.openCheckout(input);

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_x');
    expect(request.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][product_data][name]': 'Desktop Pro',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      'payment_intent_data[metadata][checkoutId]': input.checkoutId,
    });
    expect(Object.keys(request.body).filter((key) => key.includes('recurring') || key.startsWith('subscription_data'))).toEqual([]);
    expect(session.processorSessionId).toMatch(/^cs_test_/);
    expect(session.sessionUrl).toBe(`https://checkout.stripe.test/c/pay/${session.processorSessionId}`);
  });

  it('a seat subscription is sold in subscription mode with its recurring interval, and quantity = seats', async () => {
    const setup = await sellerWithOffering({
      classification: LicenseClassification.Subscription,
      seatBased: true,
      priceMinor: 1200,
      interval: 3,
      intervalUnit: IntervalUnit.Month,
    });
    const input = sessionInput(setup, { quantity: 5 });

    await stripePort.openCheckout(input);

    expect(onlyRequest().body).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '5',
      'line_items[0][price_data][unit_amount]': '1200',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      'subscription_data[metadata][checkoutId]': input.checkoutId,
    });
  });

  it('interval units map to Stripe intervals: 0 day, 1 week, 2 month, 3 year', () => {
    const intervalOf = (intervalUnit: number) => {
      const params = checkoutSessionParams({
        checkoutId: crypto.randomUUID(),
        account: null,
        productName: 'Sub',
        unitAmountMinor: 100,
        currency: 'usd',
        interval: billingIntervalOf({ id: 'offering', classification: LicenseClassification.Subscription, interval: 1, intervalUnit }),
        trialDays: null,
        quantity: 1,
        customerEmail: null,
        successUrl: 'https://app.example.test/paid',
        cancelUrl: 'https://app.example.test/cancelled',
        originContext: null,
        discount: null,
        tax: null,
      });
      return params.line_items?.[0]?.price_data?.recurring?.interval;
    };
    expect([IntervalUnit.Day, IntervalUnit.Week, IntervalUnit.Month, IntervalUnit.Year].map(intervalOf)).toEqual(['day', 'week', 'month', 'year']);
  });

  it('the buyer address and the checkout id are sent: customer_email, client_reference_id, metadata.checkoutId', async () => {
    const input = sessionInput(await sellerWithOffering({ priceMinor: 999 }), { customerEmail: 'someone@example.test' });

    await stripePort.openCheckout(input);

    expect(onlyRequest().body).toMatchObject({
      customer_email: 'someone@example.test',
      client_reference_id: input.checkoutId,
      'metadata[checkoutId]': input.checkoutId,
    });
  });

  it("a seller with a connected account is charged on it: the Stripe-Account header names the account", async () => {
    const input = sessionInput(await sellerWithOffering({ priceMinor: 999 }, { stripeAccountId: `acct_${crypto.randomBytes(6).toString('hex')}` }));

    await stripePort.openCheckout(input);

    expect(onlyRequest().headers['stripe-account']).toBe(input.account);
  });

  it('a seller without a connected account is charged on the platform account: no Stripe-Account header', async () => {
    await stripePort.openCheckout(sessionInput(await sellerWithOffering({ priceMinor: 999 })));

    expect(onlyRequest().headers['stripe-account']).toBeUndefined();
  });

  it('one checkout is one idempotency key: a transient Stripe 500 is retried with the same key and opens one session', async () => {
    const input = sessionInput(await sellerWithOffering({ priceMinor: 999 }));
    setup.stripe.failNext();

    const session = await stripePort.openCheckout(input);

    expect(setup.stripe.requests).toHaveLength(2);
    const keys = setup.stripe.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toContain(input.checkoutId);
    expect(keys[1]).toBe(keys[0]);
    expect(session.processorSessionId).toMatch(/^cs_test_/);
  });

  it('Stripe failing beyond the two retries is an error for the caller (the checkout is not created)', async () => {
    const input = sessionInput(await sellerWithOffering({ priceMinor: 999 }));
    setup.stripe.failNext(3);

    await expect(stripePort.openCheckout(input)).rejects.toThrow();
    expect(setup.stripe.requests).toHaveLength(3);
  });

  it('a paid purchase checkout opens a Stripe session and keeps its id and hosted URL on the checkout', async () => {
    const { seller, offering } = await sellerWithOffering({ priceMinor: 2500 });
    const buyer = await setup.database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.test` } });

    const created = await createPurchaseCheckout(
      { db: setup.database.db },
      { requestId: crypto.randomUUID(), offeringId: offering.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email },
    );

    const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: created.sessionId } });
    expect(checkout).toMatchObject({ processor: 'stripe', status: 'pending', sessionUrl: created.sessionUrl });
    expect(checkout.processorSessionId).toMatch(/^cs_test_/);
    expect(created.sessionUrl).toBe(`https://checkout.stripe.test/c/pay/${checkout.processorSessionId}`);
    expect(onlyRequest().body).toMatchObject({ 'metadata[checkoutId]': checkout.id, customer_email: buyer.email });
  });
});

describe('Stripe processor: a price change (the port’s set-price decision)', () => {
  it('replaces the subscription item’s price inline on the item’s own product, on the seller’s account, with the call’s idempotency key; the local processor has nothing to tell', async () => {
    const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
    const account = `acct_${crypto.randomBytes(6).toString('hex')}`;
    const decision = { kind: 'set-price', unitAmountMinor: 2500, currency: 'USD', interval: { unit: 'month', count: 1 }, proration: 'now', fromUnitAmountMinor: 1500 } as const;
    expect(await stripePort.applyDecision({ account, subscriptionId }, decision, 'processor-call-price-1')).toBe('applied');
    const [update] = setup.stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscription_items/si_${subscriptionId}`);
    expect(update!.body).toEqual({
      'price_data[currency]': 'usd',
      'price_data[product]': `prod_${subscriptionId}`,
      'price_data[unit_amount]': '2500',
      'price_data[recurring][interval]': 'month',
      'price_data[recurring][interval_count]': '1',
      proration_behavior: 'create_prorations',
    });
    expect(update!.headers['idempotency-key']).toBe('processor-call-price-1');
    expect(update!.headers['stripe-account']).toBe(account);
    expect(await localPort.applyDecision({ account: null, subscriptionId: 'local' }, decision, 'processor-call-price-2')).toBe('applied');
  });

  it('a change for the period’s end is told unprorated; a change now on an item still carrying it is prorated from the price of sale, put back first', async () => {
    const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
    const subscription = { account: null, subscriptionId };
    const interval = { unit: 'month', count: 1 } as const;
    await stripePort.applyDecision(subscription, { kind: 'set-price', unitAmountMinor: 1000, currency: 'usd', interval, proration: 'period_end', fromUnitAmountMinor: 1500 }, 'processor-call-price-3');
    expect(setup.stripe.subscriptionPrice(subscriptionId)).toMatchObject({ unitAmount: 1000, prorationBehavior: 'none' });
    await stripePort.applyDecision(subscription, { kind: 'set-price', unitAmountMinor: 2500, currency: 'usd', interval, proration: 'now', fromUnitAmountMinor: 1500 }, 'processor-call-price-4');
    const updates = setup.stripe.requests.filter((request) => request.path === `/v1/subscription_items/si_${subscriptionId}`);
    expect(updates.map((update) => [update.body['price_data[unit_amount]'], update.body.proration_behavior, update.headers['idempotency-key']])).toEqual([
      ['1000', 'none', 'processor-call-price-3'],
      ['1500', 'none', 'processor-call-price-4-base'],
      ['2500', 'create_prorations', 'processor-call-price-4'],
    ]);
    expect(setup.stripe.subscriptionPrice(subscriptionId)).toMatchObject({ unitAmount: 2500, prorationBehavior: 'create_prorations' });
  });
});
