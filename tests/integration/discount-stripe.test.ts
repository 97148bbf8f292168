import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { ok, refused } from '../support/management-http';
import { applyStripeEvent } from '../support/stripe-events';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Discount codes through Stripe (docs/payments.md "Discounts"): the service checks and counts the
// code, makes its coupon and promotion code once on the seller's connected account (after the
// checkout's commit, with idempotency keys from the discount), applies the promotion code to the
// Checkout Session, and keeps what Stripe charged when the buyer has paid.

const ACCOUNT = 'acct_discounts';

let database: TestDatabase;
let stripe: StripeServer;
let server: InProcessService;
let sellerId: string;
let key: string;
/** One-time, USD 49.00 by default, also EUR 45.00. */
let perpetual: { id: string };
let monthly: { id: string };

const codeName = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  server = await startInProcessService({
    databaseUrl: database.url,
    env: { SEED_DEMO: 'false', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_BASE: stripe.baseUrl },
  });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  await database.db.seller.update({ where: { id: sellerId }, data: { stripeAccountId: ACCOUNT } });
  const product = await createProduct(database.db, seller.id);
  perpetual = await createOffering(database.db, product, { name: 'Pro', priceMinor: 4900 });
  await database.db.offeringPrice.create({ data: { offeringId: perpetual.id, currency: 'eur', amountMinor: 4500 } });
  monthly = await createOffering(database.db, product, { name: 'Monthly', classification: LicenseClassification.Subscription, priceMinor: 1200, interval: 1, intervalUnit: IntervalUnit.Month });
  ({ key } = await createApiKey({ db: database.db }, { sellerId, label: 'backend' }));
});

beforeEach(() => {
  stripe.requests.length = 0;
});

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await database?.drop();
});

function checkout(body: Record<string, unknown>) {
  return server.fetch('/licensing/checkout/embedded', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': key },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), CorrelationId: `tenant-${crypto.randomUUID()}`, CustomerEmail: `buyer-${crypto.randomUUID()}@example.test`, ...body }),
  });
}

function discount(data: { kind?: 'percent' | 'amount'; percentOff?: number; amounts?: { currency: string; amountMinor: number }[]; duration?: 'once' | 'forever' | 'repeating'; durationMonths?: number; name?: string; maxRedemptions?: number }) {
  const { amounts = [], kind = 'percent', ...rest } = data;
  return database.db.discount.create({
    data: { sellerId, code: codeName('STRIPE'), kind, percentOff: kind === 'percent' ? (data.percentOff ?? 20) : null, ...rest, amounts: { create: amounts } },
  });
}

const requestsTo = (path: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === path);
const redemptionsOf = async (id: string) => (await database.db.discount.findUniqueOrThrow({ where: { id } })).redemptions;

describe('a discount code through Stripe', () => {
  it("a percent code's coupon and promotion code are made once on the seller's account and the session carries the promotion code", async () => {
    const code = await discount({ percentOff: 15, name: 'Launch week' });
    const first = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));

    const [coupon] = requestsTo('/v1/coupons');
    expect(coupon?.headers).toMatchObject({ 'stripe-account': ACCOUNT, 'idempotency-key': `coupon-${code.id}` });
    expect(coupon?.body).toMatchObject({ id: `licensing_${code.id}`, percent_off: '15', duration: 'once', name: 'Launch week', 'metadata[discountId]': code.id });
    const [promotion] = requestsTo('/v1/promotion_codes');
    expect(promotion?.headers).toMatchObject({ 'stripe-account': ACCOUNT, 'idempotency-key': `promotion-code-${code.id}` });
    expect(promotion?.body).toMatchObject({ 'promotion[type]': 'coupon', 'promotion[coupon]': `licensing_${code.id}`, code: code.code });
    const promotionId = stripe.promotionCodes(ACCOUNT).find((made) => made.code === code.code)!.id;
    const [session] = requestsTo('/v1/checkout/sessions');
    expect(session?.body).toMatchObject({ 'discounts[0][promotion_code]': promotionId, 'line_items[0][price_data][unit_amount]': '4900', 'line_items[0][price_data][currency]': 'usd' });
    expect(await database.db.discount.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ stripeCouponId: `licensing_${code.id}`, stripePromotionCodeId: promotionId });

    stripe.requests.length = 0;
    const second = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(second.SessionId).not.toBe(first.SessionId);
    expect([requestsTo('/v1/coupons').length, requestsTo('/v1/promotion_codes').length]).toEqual([0, 0]);
    expect(requestsTo('/v1/checkout/sessions')[0]?.body['discounts[0][promotion_code]']).toBe(promotionId);
    expect(await redemptionsOf(code.id)).toBe(2);
  });

  it('an amount code in several currencies is one coupon: its amount in the checkout currency and the others as currency options', async () => {
    const code = await discount({ kind: 'amount', amounts: [{ currency: 'usd', amountMinor: 500 }, { currency: 'eur', amountMinor: 450 }], duration: 'repeating', durationMonths: 3 });
    const { SessionId } = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'EUR', DiscountCode: code.code }));
    expect(requestsTo('/v1/coupons')[0]?.body).toMatchObject({ amount_off: '450', currency: 'eur', 'currency_options[usd][amount_off]': '500', duration: 'repeating', duration_in_months: '3' });
    expect(requestsTo('/v1/checkout/sessions')[0]?.body).toMatchObject({ 'line_items[0][price_data][unit_amount]': '4500', 'line_items[0][price_data][currency]': 'eur' });
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: SessionId } })).toMatchObject({ amountMinor: 4050n, discountMinor: 450n, currency: 'eur' });
  });

  it('the paid order keeps what Stripe charged and took off, and the license its list price', async () => {
    const code = await discount({ percentOff: 25, duration: 'forever' });
    const { SessionId } = await ok(await checkout({ OfferingId: monthly.id, DiscountCode: code.code }));
    const order = await database.db.checkout.findUniqueOrThrow({ where: { id: SessionId } });
    expect(order).toMatchObject({ amountMinor: 900n, discountMinor: 300n });
    stripe.completeSession(order.processorSessionId!);
    const session = await (await fetch(`${stripe.baseUrl}/v1/checkout/sessions/${order.processorSessionId}`, { headers: { authorization: 'Bearer sk_test_x', 'stripe-account': ACCOUNT } })).json();
    expect([session.amount_total, session.total_details.amount_discount]).toEqual([900, 300]);
    // Stripe's own figure is what the order keeps (here one unit apart from ours, as a processor's rounding could be).
    const charged = { ...session, amount_total: 899, total_details: { ...session.total_details, amount_discount: 301 } };
    const event = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'checkout.session.completed', account: ACCOUNT, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: charged } };
    expect(await applyStripeEvent({ db: database.db }, event as never)).toBe('settled');
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: SessionId } })).toMatchObject({ status: 'completed', amountMinor: 899n, discountMinor: 301n, discountCode: code.code });
    const completed = await database.db.event.findFirstOrThrow({ where: { sellerId, type: 'checkout.completed', data: { path: ['SessionId'], equals: SessionId } } });
    expect(completed.data).toMatchObject({ AmountMinor: 899, DiscountMinor: 301, DiscountCode: code.code });
    expect(await database.db.license.findUniqueOrThrow({ where: { checkoutId: SessionId } })).toMatchObject({ unitPriceMinor: 1200, currency: 'usd' });
  });

  it("a coupon made before its id was kept (a crash after Stripe answered) is found again: no second coupon nor promotion code", async () => {
    const code = await discount({ percentOff: 30 });
    await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    await database.db.discount.update({ where: { id: code.id }, data: { stripeCouponId: null, stripePromotionCodeId: null } });
    stripe.requests.length = 0;
    await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(stripe.promotionCodes(ACCOUNT).filter((made) => made.code === code.code)).toHaveLength(1);
    expect([...stripe.coupons(ACCOUNT).keys()].filter((id) => id === `licensing_${code.id}`)).toHaveLength(1);
    expect(await database.db.discount.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ stripeCouponId: `licensing_${code.id}` });
  });

  it('Stripe refusing the coupon fails the checkout (400 CheckoutFailed) and gives its redemption back', async () => {
    const code = await discount({ percentOff: 10, maxRedemptions: 1 });
    stripe.refuseNext(1);
    await refused(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }), 400, 'CheckoutFailed');
    expect(await database.db.checkout.findFirstOrThrow({ where: { discountCode: code.code } })).toMatchObject({ status: 'failed' });
    expect(await redemptionsOf(code.id)).toBe(0);
    await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(await redemptionsOf(code.id)).toBe(1);
  });
});
