import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { expireLocalCheckouts } from '@/server/checkout/local-checkout/expire-local-checkouts';
import { cancelLocalCheckout, payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { reportUsage } from '@/server/billing/report-usage';
import { getBuyerReceipt } from '@/server/orders/get-buyer-receipt';
import { getSalesSummary } from '@/server/orders/get-sales-summary';
import { sellerOrdersCsv } from '@/server/orders/orders-csv';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { ok, refused } from '../support/management-http';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Discount codes and prices in several currencies at checkout (docs/payments.md "Discounts" and
// "Currencies"), with the local processor, over the embedded checkout's REST path: what a checkout
// charges, the redemptions a code has left (counted atomically, given back when a checkout fails),
// and what the receipt, the CSV export, the sales summary and the webhook event show.

let database: TestDatabase;
let server: InProcessService;
let sellerId: string;
let issuerClientId: string;
let key: string;
/** Perpetual, USD 49.00 by default, also JPY 7,000 and KWD 15.250. */
let perpetual: { id: string };
/** Monthly subscription, seat-based, USD 10.00 a seat. */
let monthly: { id: string };
let free: { id: string };

const address = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
const codeName = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  issuerClientId = seller.issuerClientId;
  const product = await createProduct(database.db, seller.id, { name: 'Pixel Forge' });
  perpetual = await createOffering(database.db, product, { name: 'Pro', priceMinor: 4900, currency: 'usd' });
  await database.db.offeringPrice.createMany({ data: [{ offeringId: perpetual.id, currency: 'jpy', amountMinor: 7000 }, { offeringId: perpetual.id, currency: 'kwd', amountMinor: 15250 }] });
  monthly = await createOffering(database.db, product, { name: 'Team', classification: LicenseClassification.Subscription, priceMinor: 1000, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
  free = await createOffering(database.db, product, { name: 'Community' });
  ({ key } = await createApiKey({ db: database.db }, { sellerId, label: 'backend' }));
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function checkout(body: Record<string, unknown>) {
  return server.fetch('/licensing/checkout/embedded', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': key },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), CorrelationId: `tenant-${crypto.randomUUID()}`, CustomerEmail: address('buyer'), ...body }),
  });
}

async function discount(data: { code?: string; kind?: 'percent' | 'amount'; percentOff?: number; amounts?: { currency: string; amountMinor: number }[]; duration?: 'once' | 'forever' | 'repeating'; durationMonths?: number; maxRedemptions?: number; expiresAt?: Date; offeringIds?: string[] }) {
  const { amounts = [], offeringIds = [], kind = 'percent', ...rest } = data;
  return database.db.discount.create({
    data: {
      sellerId,
      code: data.code ?? codeName('SAVE'),
      kind,
      percentOff: kind === 'percent' ? (data.percentOff ?? 20) : null,
      ...rest,
      amounts: { create: amounts },
      offerings: { create: offeringIds.map((offeringId) => ({ offeringId })) },
    },
  });
}

const redemptionsOf = async (id: string) => (await database.db.discount.findUniqueOrThrow({ where: { id } })).redemptions;
const checkoutOf = (sessionId: string) => database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } });

async function refusedCode(response: Response, detailCode: string): Promise<string> {
  const body = await refused(response, 400, 'ValidationError');
  expect(body.Details?.[0]).toMatchObject({ Field: 'DiscountCode', Code: detailCode });
  return body.Details![0]!.Message;
}

describe('a discount code at checkout', () => {
  it('a percent code takes its share off the subtotal, rounded half up, and holds one redemption', async () => {
    const code = await discount({ percentOff: 15 });
    const { SessionId, SessionUrl } = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(SessionUrl).toContain(`/checkout/local/${SessionId}`);
    // 15% of 49.00 is 7.35: 41.65 is due.
    expect(await checkoutOf(SessionId)).toMatchObject({ amountMinor: 4165n, discountMinor: 735n, discountCode: code.code, discountId: code.id, unitPriceMinor: 4900, currency: 'usd' });
    expect(await redemptionsOf(code.id)).toBe(1);
  });

  it('codes are case-insensitive: the lower-case spelling redeems the upper-case code', async () => {
    const code = await discount({ percentOff: 10 });
    const { SessionId } = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code.toLowerCase() }));
    expect((await checkoutOf(SessionId)).discountCode).toBe(code.code);
  });

  it('an amount code takes its amount in the checkout currency off the subtotal, never below zero', async () => {
    const code = await discount({ kind: 'amount', amounts: [{ currency: 'jpy', amountMinor: 1000 }, { currency: 'usd', amountMinor: 500 }] });
    const yen = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'JPY', DiscountCode: code.code }));
    expect(await checkoutOf(yen.SessionId)).toMatchObject({ amountMinor: 6000n, discountMinor: 1000n, currency: 'jpy', unitPriceMinor: 7000 });
    const seats = await ok(await checkout({ OfferingId: monthly.id, Quantity: 3, DiscountCode: code.code }));
    expect(await checkoutOf(seats.SessionId)).toMatchObject({ amountMinor: 2500n, discountMinor: 500n, currency: 'usd', unitPriceMinor: 1000, quantity: 3 });
    const more = await discount({ kind: 'amount', amounts: [{ currency: 'usd', amountMinor: 10_000 }] });
    const whole = await ok(await checkout({ OfferingId: monthly.id, DiscountCode: more.code }));
    // A first payment taken off in full; the subscription's later payments are billed (the code is `once`), so the processor still opens.
    expect(await checkoutOf(whole.SessionId)).toMatchObject({ amountMinor: 0n, discountMinor: 1000n, processor: 'local' });
  });

  it('an unknown, expired, used-up or not-applicable code is 400 ValidationError naming DiscountCode, and nothing is created or counted', async () => {
    const before = await database.db.checkout.count();
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: 'NO-SUCH-CODE' }), 'Unknown')).toContain('NO-SUCH-CODE');
    const expired = await discount({ expiresAt: new Date(Date.now() - 1000) });
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: expired.code }), 'Expired')).toBe('This discount code has expired.');
    const usedUp = await discount({ maxRedemptions: 1 });
    await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: usedUp.code }));
    const afterOne = await database.db.checkout.count();
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: usedUp.code }), 'UsedUp')).toBe('This discount code has been used up.');
    const otherOffering = await discount({ offeringIds: [monthly.id] });
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: otherOffering.code }), 'NotApplicable')).toBe('This discount code does not apply to this offering.');
    const dollarsOnly = await discount({ kind: 'amount', amounts: [{ currency: 'usd', amountMinor: 500 }] });
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, Currency: 'kwd', DiscountCode: dollarsOnly.code }), 'NotApplicable')).toBe('This discount code does not apply to prices in KWD.');
    expect(await refusedCode(await checkout({ OfferingId: free.id, DiscountCode: otherOffering.code }), 'NotApplicable')).toContain('free');
    expect(await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: 'x' }), 'InvalidFormat')).toBeTruthy();

    expect(await database.db.checkout.count()).toBe(afterOne);
    expect(afterOne).toBe(before + 1);
    expect([await redemptionsOf(expired.id), await redemptionsOf(usedUp.id), await redemptionsOf(otherOffering.id), await redemptionsOf(dollarsOnly.id)]).toEqual([0, 1, 0, 0]);
  });

  it('50 concurrent checkouts of a code with 10 redemptions left: 10 open discounted, 40 are refused, and the 10 complete discounted', async () => {
    const code = await discount({ percentOff: 50, maxRedemptions: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout({ OfferingId: perpetual.id, DiscountCode: code.code })));
    const opened = answers.filter((answer) => answer.status === 200);
    const refusals = answers.filter((answer) => answer.status === 400);
    expect([opened.length, refusals.length]).toEqual([10, 40]);
    for (const refusal of refusals) expect((await refusal.json()).Details[0]).toMatchObject({ Field: 'DiscountCode', Code: 'UsedUp' });
    expect(await redemptionsOf(code.id)).toBe(10);
    const sessions = await Promise.all(opened.map(async (answer) => (await answer.json()).SessionId as string));
    for (const sessionId of sessions) expect((await payLocalCheckout({ db: database.db }, { checkoutId: sessionId })).status).toBe('completed');
    const completed = await database.db.checkout.findMany({ where: { discountId: code.id, status: 'completed' } });
    expect(completed).toHaveLength(10);
    expect(completed.every((row) => row.amountMinor === 2450n && row.discountMinor === 2450n)).toBe(true);
    expect(await database.db.checkout.count({ where: { discountId: code.id } })).toBe(10);
  });

  it('a checkout that fails gives its redemption back: cancelled on the hosted page, or expired unpaid after 24 hours', async () => {
    const code = await discount({ maxRedemptions: 2 });
    const cancelled = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    const abandoned = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(await redemptionsOf(code.id)).toBe(2);
    await refusedCode(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }), 'UsedUp');

    await cancelLocalCheckout({ db: database.db }, { checkoutId: cancelled.SessionId });
    expect(await redemptionsOf(code.id)).toBe(1);

    await database.db.checkout.update({ where: { id: abandoned.SessionId }, data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    expect(await expireLocalCheckouts({ db: database.db })).toBeGreaterThanOrEqual(1);
    expect(await checkoutOf(abandoned.SessionId)).toMatchObject({ status: 'failed', error: 'Checkout expired.' });
    expect(await redemptionsOf(code.id)).toBe(0);
    // The code redeems again.
    await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(await redemptionsOf(code.id)).toBe(1);
  });

  it('a replay with the same RequestId takes no second redemption; another code with it is 409 RequestIdMismatch', async () => {
    const code = await discount({});
    const RequestId = crypto.randomUUID();
    const CustomerEmail = address('replay');
    const body = { RequestId, CustomerEmail, CorrelationId: 'tenant-replay', OfferingId: perpetual.id, DiscountCode: code.code };
    const first = await ok(await checkout(body));
    const again = await ok(await checkout(body));
    expect(again.SessionId).toBe(first.SessionId);
    expect(await redemptionsOf(code.id)).toBe(1);
    const other = await discount({});
    await refused(await checkout({ ...body, DiscountCode: other.code }), 409, 'RequestIdMismatch');
    await refused(await checkout({ ...body, DiscountCode: undefined }), 409, 'RequestIdMismatch');
    expect(await redemptionsOf(other.id)).toBe(0);
  });

  it('a 100% code on a paid one-time offering completes like a free one: a claim link, no processor, nothing charged', async () => {
    const code = await discount({ percentOff: 100 });
    const answer = await ok(await checkout({ OfferingId: perpetual.id, DiscountCode: code.code }));
    expect(answer.SessionUrl).toBeNull();
    expect(answer.ClaimUrl).toContain('/claim/');
    expect(await checkoutOf(answer.SessionId)).toMatchObject({ processor: 'none', amountMinor: 0n, discountMinor: 4900n, status: 'pending', discountCode: code.code });
    expect(await redemptionsOf(code.id)).toBe(1);
  });

  it('a 100% forever code on a subscription completes like a free offering; a 100% code for the first payment only still opens the processor', async () => {
    const forever = await discount({ percentOff: 100, duration: 'forever' });
    const free = await ok(await checkout({ OfferingId: monthly.id, DiscountCode: forever.code }));
    expect(free).toMatchObject({ SessionUrl: null, ClaimUrl: expect.stringContaining('/claim/') });
    expect(await checkoutOf(free.SessionId)).toMatchObject({ processor: 'none', amountMinor: 0n, discountMinor: 1000n });
    const once = await discount({ percentOff: 100, duration: 'once' });
    const billedLater = await ok(await checkout({ OfferingId: monthly.id, DiscountCode: once.code }));
    expect(billedLater.SessionUrl).toContain('/checkout/local/');
    expect(await checkoutOf(billedLater.SessionId)).toMatchObject({ processor: 'local', amountMinor: 0n, discountMinor: 1000n });
  });

  it("a subscription's repeating code discounts the first payment, and its seats stay priced at the list price", async () => {
    const code = await discount({ percentOff: 25, duration: 'repeating', durationMonths: 3 });
    const { SessionId } = await ok(await checkout({ OfferingId: monthly.id, Quantity: 2, DiscountCode: code.code }));
    expect(await checkoutOf(SessionId)).toMatchObject({ amountMinor: 1500n, discountMinor: 500n });
    await payLocalCheckout({ db: database.db }, { checkoutId: SessionId });
    const license = await database.db.license.findUniqueOrThrow({ where: { checkoutId: SessionId } });
    expect(license).toMatchObject({ unitPriceMinor: 1000, currency: 'usd' });
    const event = await database.db.event.findFirstOrThrow({ where: { sellerId, type: 'checkout.completed', licenseId: license.id } });
    expect(event.data).toMatchObject({ AmountMinor: 1500, DiscountCode: code.code, DiscountMinor: 500, Currency: 'usd' });
  });
});

describe("a discount code typed on the local processor's hosted page", () => {
  function enterCode(sessionId: string, code: string) {
    return server.fetch(`/checkout/local/${sessionId}/discount`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ discountCode: code }).toString(), redirect: 'manual' });
  }
  const answerOf = (response: Response) => new URL(response.headers.get('location')!).searchParams.get('discount');

  it('is priced and redeemed as at checkout creation: the pending checkout is discounted, one redemption taken, the page told so', async () => {
    const code = await discount({ percentOff: 20, maxRedemptions: 1 });
    const { SessionId } = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'kwd' }));
    const applied = await enterCode(SessionId, code.code.toLowerCase());
    expect(applied.status).toBe(303);
    expect(answerOf(applied)).toBe('applied');
    expect(await checkoutOf(SessionId)).toMatchObject({ discountCode: code.code, discountId: code.id, discountMinor: 3050n, amountMinor: 12200n, currency: 'kwd' });
    expect(await redemptionsOf(code.id)).toBe(1);
    // A second code is refused; the code used up is refused on another checkout; nothing changes.
    const other = await discount({});
    expect(answerOf(await enterCode(SessionId, other.code))).toBe('AlreadyApplied');
    const second = await ok(await checkout({ OfferingId: perpetual.id }));
    expect(answerOf(await enterCode(second.SessionId, code.code))).toBe('UsedUp');
    expect(answerOf(await enterCode(second.SessionId, 'NO-SUCH'))).toBe('Unknown');
    expect(answerOf(await enterCode(second.SessionId, '!'))).toBe('InvalidFormat');
    expect(await checkoutOf(second.SessionId)).toMatchObject({ discountCode: null, amountMinor: 4900n });
    expect([await redemptionsOf(code.id), await redemptionsOf(other.id)]).toEqual([1, 0]);
    // Paid, it keeps the discount.
    await payLocalCheckout({ db: database.db }, { checkoutId: SessionId });
    expect(await checkoutOf(SessionId)).toMatchObject({ status: 'completed', amountMinor: 12200n, discountMinor: 3050n });
  });
});

describe("the MCP get_offering answer with a discount code", () => {
  async function getOffering(args: Record<string, unknown>) {
    const response = await server.fetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_offering', arguments: { IssuerClientId: issuerClientId, OfferingId: perpetual.id, ...args } } }),
    });
    return (await response.json()).result;
  }

  it('shows what the code takes off one seat, as a checkout would charge, and takes no redemption', async () => {
    const code = await discount({ percentOff: 15, duration: 'forever' });
    const result = await getOffering({ DiscountCode: code.code.toLowerCase(), Currency: 'JPY' });
    expect(result.structuredContent.Discount).toEqual({ Code: code.code, Currency: 'jpy', Price: 7000, PriceAfterDiscount: 5950, AmountOff: 1050, Duration: 'forever', DurationMonths: null });
    expect(result.content[0].text).toContain(`With code ${code.code}: 5950 JPY instead of 7000 (1050 off every payment)`);
    expect(await redemptionsOf(code.id)).toBe(0);
  });

  it('a code that does not apply is a tool error with the reason', async () => {
    const expired = await discount({ expiresAt: new Date(Date.now() - 1000) });
    const result = await getOffering({ DiscountCode: expired.code });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('This discount code has expired.');
  });
});

describe('several currencies at checkout', () => {
  it('Currency picks the price in that currency; one the offering has no price in is 400 ValidationError naming Currency', async () => {
    const kwd = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'KWD' }));
    expect(await checkoutOf(kwd.SessionId)).toMatchObject({ currency: 'kwd', amountMinor: 15250n, unitPriceMinor: 15250 });
    const usd = await ok(await checkout({ OfferingId: perpetual.id }));
    expect(await checkoutOf(usd.SessionId)).toMatchObject({ currency: 'usd', amountMinor: 4900n });
    const body = await refused(await checkout({ OfferingId: perpetual.id, Currency: 'EUR' }), 400, 'ValidationError');
    expect(body.Details?.[0]).toMatchObject({ Field: 'Currency', Code: 'NotOffered', Message: 'This offering has no price in EUR.' });
    const malformed = await refused(await checkout({ OfferingId: perpetual.id, Currency: 'EURO' }), 400, 'ValidationError');
    expect(malformed.Details?.[0]?.Field).toBe('Currency');
  });

  it("a license sold in another currency keeps it: its seats' price, its metered rates converted as the seller's prices convert, and its usage billed in it", async () => {
    const product = await createProduct(database.db, sellerId, { name: 'Metered API' });
    const metered = await createOffering(database.db, product, { name: 'Metered', classification: LicenseClassification.Subscription, priceMinor: 1000, interval: 1, intervalUnit: IntervalUnit.Month });
    await database.db.offeringPrice.create({ data: { offeringId: metered.id, currency: 'eur', amountMinor: 900 } });
    await database.db.feature.create({ data: { offeringId: metered.id, key: 'api-calls', displayName: 'API calls', rate: '0.002' } });
    const { SessionId } = await ok(await checkout({ OfferingId: metered.id, Currency: 'eur' }));
    await payLocalCheckout({ db: database.db }, { checkoutId: SessionId });
    const license = await database.db.license.findUniqueOrThrow({ where: { checkoutId: SessionId }, include: { features: true, seats: true, codes: true } });
    // USD 10.00 is EUR 9.00 here: a rate of USD 0.002 is EUR 0.0018.
    expect(license).toMatchObject({ currency: 'eur', unitPriceMinor: 900 });
    expect(license.features[0]!.rate.toString()).toBe('0.0018');

    await database.db.usageBatch.create({
      data: { batchId: crypto.randomUUID(), licenseId: license.id, seatId: license.seats[0]!.id, credentialId: license.codes[0]!.id, records: [{ FeatureKey: 'api-calls', Units: 1000 }], units: 1000n },
    });
    await reportUsage({ db: database.db });
    const charge = await database.db.usageCharge.findFirstOrThrow({ where: { licenseId: license.id } });
    expect({ currency: charge.currency, amount: charge.amount.toString() }).toEqual({ currency: 'eur', amount: '1.8' });
  });

  it('a JPY and a KWD sale read in their own digits on the receipt, the CSV export and the sales summary', async () => {
    const code = await discount({ kind: 'amount', amounts: [{ currency: 'kwd', amountMinor: 250 }] });
    const yen = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'jpy', CustomerEmail: 'yen.buyer@example.test' }));
    const dinar = await ok(await checkout({ OfferingId: perpetual.id, Currency: 'kwd', DiscountCode: code.code, CustomerEmail: 'dinar.buyer@example.test' }));
    for (const { SessionId } of [yen, dinar]) await payLocalCheckout({ db: database.db }, { checkoutId: SessionId });

    const dinarOrder = await checkoutOf(dinar.SessionId);
    const receipt = await getBuyerReceipt({ db: database.db }, { checkoutId: dinar.SessionId, buyerAccountId: dinarOrder.buyerAccountId! });
    expect(receipt).toMatchObject({ currency: 'kwd', amountMinor: 15000, subtotalMinor: 15250, discount: { code: code.code, amountMinor: 250 }, state: 'paid' });

    const csv = await new Response(sellerOrdersCsv({ db: database.db }, { sellerId, q: 'dinar.buyer@example.test' })).text();
    expect(csv).toContain(`,1,15.000,0.000,0.250,${code.code},0.000,KWD,completed,`);
    const yenCsv = await new Response(sellerOrdersCsv({ db: database.db }, { sellerId, q: 'yen.buyer@example.test' })).text();
    expect(yenCsv).toContain(',1,7000,0,0,,0,JPY,completed,');

    const summary = await getSalesSummary({ db: database.db }, { sellerId });
    expect(summary.revenue).toEqual(expect.arrayContaining([{ currency: 'jpy', amount: 7000 }]));
    // Every completed KWD order of the file, this one's 0.250 among them, in three decimals.
    const kwdOrders = await database.db.checkout.findMany({ where: { sellerId, status: 'completed', currency: 'kwd' }, select: { discountMinor: true } });
    const kwdOff = kwdOrders.reduce((sum, row) => sum + Number(row.discountMinor), 0) / 1000;
    expect(kwdOff).toBeGreaterThanOrEqual(0.25);
    expect(summary.discounts).toEqual(expect.arrayContaining([{ currency: 'kwd', amount: kwdOff }]));
    expect(summary.revenue.find((line) => line.currency === 'kwd')?.amount).toBeGreaterThanOrEqual(15);
  });
});
