import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { payLocalCheckout, type LocalBilling } from '@/server/checkout/local-checkout/pay-local-checkout';
import { getBuyerReceipt } from '@/server/orders/get-buyer-receipt';
import { getSalesSummary } from '@/server/orders/get-sales-summary';
import { sellerOrdersCsv } from '@/server/orders/orders-csv';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { ok } from '../support/management-http';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { applyStripeEvent } from '../support/stripe-events';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Tax at checkout (docs/payments.md "Tax"). The local processor computes it at Pay from the buyer's
// billing address by its rate table (LOCAL_TAX_RATES here: DE 19%, FR 20%, US-CA 7.25%): exclusive
// adds it, inclusive finds it inside, a business buyer abroad pays none (reverse charge). With Stripe
// the Checkout Session asks Stripe Tax, and the order keeps the tax Stripe computed. The receipt,
// the CSV export and the sales summary show net, tax and gross; seats added later carry tax at the
// rate of the sale.

const ACCOUNT = 'acct_tax';
/** One secret for both services of the file: they share the database and its sealed values. */
const APP_SECRET = crypto.randomBytes(32).toString('base64url');

let database: TestDatabase;
let stripe: StripeServer;
let server: InProcessService;
let key: string;
let sellerId: string;
/** USD 49.00, one-time. */
let perpetual: { id: string };
/** USD 10.00 a seat a month. */
let monthly: { id: string };

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  server = await startInProcessService({ databaseUrl: database.url, env: { APP_SECRET, SEED_DEMO: 'false', LOCAL_TAX_RATES: 'DE=19,FR=20,US-CA=7.25' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  await database.db.seller.update({ where: { id: sellerId }, data: { taxCollection: true, taxBehavior: 'exclusive', taxId: 'DE123456789', originAddress: { country: 'DE', city: 'Berlin' } } });
  const product = await createProduct(database.db, seller.id);
  perpetual = await createOffering(database.db, product, { name: 'Pro', priceMinor: 4900 });
  monthly = await createOffering(database.db, product, { name: 'Team', classification: LicenseClassification.Subscription, priceMinor: 1000, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
  ({ key } = await createApiKey({ db: database.db }, { sellerId, label: 'backend' }));
});

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await database?.drop();
});

beforeEach(() => {
  stripe.requests.length = 0;
});

async function behave(taxBehavior: 'exclusive' | 'inclusive', taxCollection = true) {
  await database.db.seller.update({ where: { id: sellerId }, data: { taxBehavior, taxCollection } });
}

async function open(offeringId: string, body: Record<string, unknown> = {}) {
  const answer = await ok(
    await server.fetch('/licensing/checkout/embedded', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'dub-apiKey': key },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), CorrelationId: `tenant-${crypto.randomUUID()}`, CustomerEmail: `buyer-${crypto.randomUUID()}@example.test`, OfferingId: offeringId, ...body }),
    }),
  );
  return answer.SessionId as string;
}

async function payLocally(offeringId: string, billing: LocalBilling | undefined, body: Record<string, unknown> = {}) {
  const sessionId = await open(offeringId, body);
  const outcome = await payLocalCheckout({ db: database.db }, { checkoutId: sessionId, billing });
  return { sessionId, outcome, order: await database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } }) };
}

describe('tax with the local processor', () => {
  it('exclusive: the tax of the buyer’s country is added to the price (FR 20%: 49.00 + 9.80 = 58.80), and the receipt shows net, tax and gross', async () => {
    await behave('exclusive');
    const { sessionId, order } = await payLocally(perpetual.id, { country: 'fr', postalCode: '75001', city: 'Paris' });
    expect(order).toMatchObject({ status: 'completed', taxBehavior: 'exclusive', amountMinor: 5880n, taxMinor: 980n, taxRateBps: 2000, taxExempt: false, billingAddress: { country: 'FR', postalCode: '75001', city: 'Paris' } });
    const receipt = await getBuyerReceipt({ db: database.db }, { checkoutId: sessionId, buyerAccountId: order.buyerAccountId! });
    expect(receipt).toMatchObject({ amountMinor: 5880, tax: { taxMinor: 980, netMinor: 4900, rateBps: 2000, exempt: false }, sellerTaxId: 'DE123456789', billingAddress: '75001 Paris, FR' });
  });

  it('inclusive: the tax is found inside the price (DE 19%: 49.00 holds 7.82), nothing is added', async () => {
    await behave('inclusive');
    const { order } = await payLocally(perpetual.id, { country: 'DE' });
    expect(order).toMatchObject({ taxBehavior: 'inclusive', amountMinor: 4900n, taxMinor: 782n, taxRateBps: 1900 });
  });

  it("a state's rate where the table has one (US-CA 7.25%), and 0 where the table names no rate", async () => {
    await behave('exclusive');
    expect((await payLocally(perpetual.id, { country: 'US', state: 'ca' })).order).toMatchObject({ amountMinor: 5255n, taxMinor: 355n, taxRateBps: 725 });
    expect((await payLocally(perpetual.id, { country: 'BR' })).order).toMatchObject({ amountMinor: 4900n, taxMinor: 0n, taxRateBps: 0 });
  });

  it('a tax-exempt buyer (a business with a tax id in another country than the seller) pays no tax: reverse charge', async () => {
    await behave('exclusive');
    const { sessionId, order } = await payLocally(perpetual.id, { country: 'FR', taxId: 'FR40303265045' });
    expect(order).toMatchObject({ amountMinor: 4900n, taxMinor: 0n, taxExempt: true, buyerTaxId: 'FR40303265045' });
    const receipt = await getBuyerReceipt({ db: database.db }, { checkoutId: sessionId, buyerAccountId: order.buyerAccountId! });
    expect(receipt).toMatchObject({ tax: { exempt: true, taxMinor: 0 }, buyerTaxId: 'FR40303265045' });
    // A business in the seller's own country pays it.
    expect((await payLocally(perpetual.id, { country: 'DE', taxId: 'DE811569869' })).order).toMatchObject({ taxMinor: 931n, taxExempt: false });
  });

  it('Pay without the country tax needs settles nothing: the page asks for it', async () => {
    await behave('exclusive');
    const { sessionId, outcome, order } = await payLocally(perpetual.id, undefined);
    expect(outcome).toMatchObject({ status: 'pending' });
    expect(outcome.redirectTo).toContain(`/checkout/local/${sessionId}?billing=missing`);
    expect(order.status).toBe('pending');
  });

  it('a seller not collecting tax: no tax, whatever the buyer gives', async () => {
    await behave('exclusive', false);
    const { order } = await payLocally(perpetual.id, undefined);
    expect(order).toMatchObject({ status: 'completed', taxBehavior: null, taxMinor: 0n, amountMinor: 4900n });
    await behave('exclusive');
  });

  it('the CSV export and the sales summary show the tax; seats added later are taxed at the rate of the sale', async () => {
    await behave('exclusive');
    const { order } = await payLocally(monthly.id, { country: 'DE' }, { Quantity: 2, CustomerEmail: 'tax.csv@example.test' });
    expect(order).toMatchObject({ amountMinor: 2380n, taxMinor: 380n });
    const csv = await new Response(sellerOrdersCsv({ db: database.db }, { sellerId, q: 'tax.csv@example.test' })).text();
    expect(csv).toContain(',2,23.80,3.80,0.00,,0.00,USD,completed,');
    const summary = await getSalesSummary({ db: database.db }, { sellerId });
    expect(summary.tax.find((line) => line.currency === 'usd')?.amount).toBeGreaterThanOrEqual(3.8);

    const license = await database.db.license.findUniqueOrThrow({ where: { checkoutId: order.id } });
    await ok(await server.fetch(`/licensing-mgmt/licenses/${license.id}/seats`, { method: 'POST', headers: { 'content-type': 'application/json', 'dub-apiKey': key }, body: JSON.stringify({ RequestId: crypto.randomUUID(), Quantity: 1 }) }));
    const charge = await database.db.seatCharge.findFirstOrThrow({ where: { licenseId: license.id } });
    // The prorated net plus 19% of it.
    const net = charge.amountMinor - charge.taxMinor;
    expect(charge.taxMinor).toBe((net * 1900n + 5000n) / 10000n);
    expect(charge.taxMinor).toBeGreaterThan(0n);

    // A plan change's proration is taxed the same way: the gross with its tax, shown before it is made.
    const product = await database.db.offering.findUniqueOrThrow({ where: { id: monthly.id }, select: { productId: true, sellerId: true } });
    const plus = await createOffering(database.db, { id: product.productId, sellerId: product.sellerId }, { name: 'Team Plus', classification: LicenseClassification.Subscription, priceMinor: 2000, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
    const changed = await ok(
      await server.fetch(`/licensing-mgmt/licenses/${license.id}/change-offering`, { method: 'POST', headers: { 'content-type': 'application/json', 'dub-apiKey': key }, body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: plus.id, When: 'now' }) }),
    );
    const change = await database.db.planChange.findUniqueOrThrow({ where: { id: changed.PlanChange.PlanChangeId } });
    const changeNet = change.prorationMinor - change.taxMinor;
    expect(change.taxMinor).toBe((changeNet * 1900n + 5000n) / 10000n);
    expect(change.taxMinor).toBeGreaterThan(0n);
    expect(changed.PlanChange).toMatchObject({ ProrationMinor: Number(change.prorationMinor), ProrationTaxMinor: Number(change.taxMinor) });
  });
});

describe('tax with Stripe', () => {
  let stripeServer: InProcessService;

  beforeAll(async () => {
    await server.stop();
    stripeServer = await startInProcessService({
      databaseUrl: database.url,
      env: { APP_SECRET, SEED_DEMO: 'false', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_BASE: stripe.baseUrl, LOCAL_TAX_RATES: undefined },
    });
    server = stripeServer;
    await database.db.seller.update({ where: { id: sellerId }, data: { stripeAccountId: ACCOUNT } });
  });

  async function settleWithStripe(sessionId: string, details: { amountTotal: number; amountTax: number; address: Record<string, string>; taxIds?: { type: string; value: string }[]; taxExempt?: string }) {
    const order = await database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } });
    stripe.completeSession(order.processorSessionId!);
    const session = await (await fetch(`${stripe.baseUrl}/v1/checkout/sessions/${order.processorSessionId}`, { headers: { authorization: 'Bearer sk_test_x', 'stripe-account': ACCOUNT } })).json();
    const paid = {
      ...session,
      amount_total: details.amountTotal,
      total_details: { ...session.total_details, amount_tax: details.amountTax },
      customer_details: { ...session.customer_details, address: details.address, tax_ids: details.taxIds ?? [], tax_exempt: details.taxExempt ?? 'none' },
    };
    const event = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'checkout.session.completed', account: ACCOUNT, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: paid } };
    expect(await applyStripeEvent({ db: database.db }, event as never)).toBe('settled');
    return database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } });
  }

  it('exclusive: the session asks Stripe Tax (billing address and tax ids collected, the price exclusive), and the order keeps the tax Stripe computed', async () => {
    await behave('exclusive');
    const sessionId = await open(perpetual.id);
    const [request] = stripe.requests.filter((made) => made.path === '/v1/checkout/sessions');
    expect(request?.body).toMatchObject({
      'automatic_tax[enabled]': 'true',
      billing_address_collection: 'required',
      'tax_id_collection[enabled]': 'true',
      customer_creation: 'always',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
    });
    const order = await settleWithStripe(sessionId, { amountTotal: 5831, amountTax: 931, address: { country: 'DE', postal_code: '10115', city: 'Berlin', line1: 'Main St 1', state: '' } });
    expect(order).toMatchObject({ amountMinor: 5831n, taxMinor: 931n, taxRateBps: null, billingAddress: { country: 'DE', postalCode: '10115', city: 'Berlin', line1: 'Main St 1' } });
  });

  it('inclusive, and a tax-exempt buyer Stripe reports (reverse charge): no tax, the exemption and tax id kept', async () => {
    await behave('inclusive');
    const sessionId = await open(perpetual.id);
    expect(stripe.requests.find((made) => made.path === '/v1/checkout/sessions')?.body['line_items[0][price_data][tax_behavior]']).toBe('inclusive');
    const order = await settleWithStripe(sessionId, { amountTotal: 4900, amountTax: 0, address: { country: 'FR' }, taxIds: [{ type: 'eu_vat', value: 'FR40303265045' }], taxExempt: 'reverse' });
    expect(order).toMatchObject({ taxBehavior: 'inclusive', amountMinor: 4900n, taxMinor: 0n, taxExempt: true, buyerTaxId: 'FR40303265045' });
  });

  it('a seller not collecting tax asks Stripe for none', async () => {
    await behave('exclusive', false);
    await open(perpetual.id);
    const body = stripe.requests.find((made) => made.path === '/v1/checkout/sessions')?.body ?? {};
    expect(Object.keys(body).filter((name) => name.includes('tax'))).toEqual([]);
  });
});
