import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerClient } from '../../sdk/src/index';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { urlOf } from '../support/fetch-url';
import { createOrder } from '../support/order-factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A seller's discount codes through the management API (docs/api/management.md "Discount codes")
// and the client library: each kind and duration made, codes unique per seller whatever their case,
// every refused field named, what a code takes off fixed after creation, the maximum never below the
// redemptions held, another seller's code 404, a deleted code still on the orders that redeemed it,
// and the list in pages by code.

let database: TestDatabase;
let server: InProcessService;
let key: string;
let otherKey: string;
let sellerId: string;
let otherSellerId: string;
let subscription: Awaited<ReturnType<typeof createOffering>>;
let perpetual: Awaited<ReturnType<typeof createOffering>>;
let foreignOfferingId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  const product = await createProduct(database.db, seller.id);
  subscription = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 1000, interval: 1, intervalUnit: IntervalUnit.Month });
  perpetual = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  key = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' })).key;
  const other = await createSeller(database.db);
  otherSellerId = other.id;
  foreignOfferingId = (await createOffering(database.db, await createProduct(database.db, other.id), { priceMinor: 500 })).id;
  otherKey = (await createApiKey({ db: database.db }, { sellerId: other.id, label: 'other' })).key;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert the bodies they read
async function api(method: string, path: string, body?: unknown, apiKey: string | null = key): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await server.fetch(path, {
    method,
    headers: { ...(apiKey ? { 'dub-apiKey': apiKey } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const rowOf = (code: string, seller = sellerId) => database.db.discount.findUnique({ where: { sellerId_code: { sellerId: seller, code } }, include: { amounts: true, offerings: true } });

async function made(body: Record<string, unknown>) {
  const created = await api('POST', '/licensing-mgmt/discounts', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('making discount codes', () => {
  it('a percent code for the first payment: 201 with the code upper case, the whole view, and no cache', async () => {
    const created = await api('POST', '/licensing-mgmt/discounts', { Code: 'launch-20', Name: 'Launch week', Kind: 'percent', PercentOff: 20 });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.headers.get('x-correlation-id')).toBeTruthy();
    expect(created.body).toEqual({
      DiscountId: expect.any(String),
      Code: 'LAUNCH-20',
      Name: 'Launch week',
      Kind: 'percent',
      PercentOff: 20,
      Amounts: [],
      Duration: 'once',
      DurationMonths: null,
      ExpiresUtc: null,
      MaxRedemptions: null,
      Redemptions: 0,
      OfferingIds: [],
      CreatedUtc: expect.stringMatching(/Z$/),
      UpdatedUtc: expect.stringMatching(/Z$/),
    });
    const row = await rowOf('LAUNCH-20');
    expect(row).toMatchObject({ id: created.body.DiscountId, kind: 'percent', percentOff: 20, duration: 'once', durationMonths: null, stripeCouponId: null });
  });

  it('an amount code in two currencies, forever, restricted to one offering, with an expiry and a maximum', async () => {
    const expires = inFuture(30);
    const body = await made({
      Code: 'Loyal_5',
      Kind: 'amount',
      Amounts: [
        { Currency: 'EUR', AmountMinor: 450 },
        { Currency: 'usd', AmountMinor: 500 },
      ],
      Duration: 'forever',
      ExpiresUtc: expires,
      MaxRedemptions: 100,
      OfferingIds: [subscription.id, subscription.id],
    });
    expect(body).toMatchObject({
      Code: 'LOYAL_5',
      Kind: 'amount',
      PercentOff: null,
      Amounts: [
        { Currency: 'eur', AmountMinor: 450 },
        { Currency: 'usd', AmountMinor: 500 },
      ],
      Duration: 'forever',
      ExpiresUtc: expires,
      MaxRedemptions: 100,
      OfferingIds: [subscription.id],
    });
    const row = await rowOf('LOYAL_5');
    expect(row!.amounts.map(({ currency, amountMinor }) => [currency, amountMinor]).sort()).toEqual([
      ['eur', 450],
      ['usd', 500],
    ]);
    expect(row!.offerings.map((offering) => offering.offeringId)).toEqual([subscription.id]);
  });

  it('a repeating code for the first N months of a subscription', async () => {
    const body = await made({ Code: 'THREE-MONTHS', Kind: 'percent', PercentOff: 50, Duration: 'repeating', DurationMonths: 3, OfferingIds: [subscription.id, perpetual.id] });
    expect(body).toMatchObject({ Duration: 'repeating', DurationMonths: 3, OfferingIds: [subscription.id, perpetual.id].sort() });
    expect(await rowOf('THREE-MONTHS')).toMatchObject({ duration: 'repeating', durationMonths: 3 });
  });

  it('an amount code for the first payment only, and a percent code of 100', async () => {
    expect(await made({ Code: 'WELCOME', Kind: 'amount', Amounts: [{ Currency: 'jpy', AmountMinor: 1000 }], Duration: 'once' })).toMatchObject({ Amounts: [{ Currency: 'jpy', AmountMinor: 1000 }], Duration: 'once' });
    expect(await made({ Code: 'FREEBIE', Kind: 'percent', PercentOff: 100, Duration: 'forever' })).toMatchObject({ PercentOff: 100, Duration: 'forever' });
  });

  it('a code is unique per seller whatever its case: a second is 409 DiscountCodeInUse and nothing is added; another seller may have it', async () => {
    await made({ Code: 'SUMMER', Kind: 'percent', PercentOff: 10 });
    for (const code of ['summer', 'Summer', ' SUMMER ']) {
      const again = await api('POST', '/licensing-mgmt/discounts', { Code: code, Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: 100 }] });
      expect([again.status, again.body.Code], code).toEqual([409, 'DiscountCodeInUse']);
      expect(again.body.CorrelationId).toBe(again.headers.get('x-correlation-id'));
    }
    expect(await database.db.discount.count({ where: { sellerId, code: 'SUMMER' } })).toBe(1);
    expect((await rowOf('SUMMER'))!.kind).toBe('percent');
    const theirs = await api('POST', '/licensing-mgmt/discounts', { Code: 'summer', Kind: 'percent', PercentOff: 15 }, otherKey);
    expect(theirs.status).toBe(201);
    expect(await rowOf('SUMMER', otherSellerId)).toMatchObject({ percentOff: 15 });
  });

  const REFUSALS: { rule: string; body: Record<string, unknown>; field: string }[] = [
    { rule: 'a code shorter than 3', body: { Code: 'AB', Kind: 'percent', PercentOff: 10 }, field: 'Code' },
    { rule: 'a code with a space inside', body: { Code: 'NO WAY', Kind: 'percent', PercentOff: 10 }, field: 'Code' },
    { rule: 'a code longer than 32', body: { Code: 'X'.repeat(33), Kind: 'percent', PercentOff: 10 }, field: 'Code' },
    { rule: 'no code', body: { Kind: 'percent', PercentOff: 10 }, field: 'Code' },
    { rule: 'an unknown kind', body: { Code: 'KIND-X', Kind: 'bogus' }, field: 'Kind' },
    { rule: 'a percent code without PercentOff', body: { Code: 'PCT-NONE', Kind: 'percent' }, field: 'PercentOff' },
    { rule: 'PercentOff 0', body: { Code: 'PCT-ZERO', Kind: 'percent', PercentOff: 0 }, field: 'PercentOff' },
    { rule: 'PercentOff 101', body: { Code: 'PCT-101', Kind: 'percent', PercentOff: 101 }, field: 'PercentOff' },
    { rule: 'PercentOff 12.5', body: { Code: 'PCT-HALF', Kind: 'percent', PercentOff: 12.5 }, field: 'PercentOff' },
    { rule: 'a percent code with amounts too', body: { Code: 'PCT-AMT', Kind: 'percent', PercentOff: 10, Amounts: [{ Currency: 'usd', AmountMinor: 100 }] }, field: 'Amounts' },
    { rule: 'an amount code without amounts', body: { Code: 'AMT-NONE', Kind: 'amount' }, field: 'Amounts' },
    { rule: 'an amount code with empty amounts', body: { Code: 'AMT-EMPTY', Kind: 'amount', Amounts: [] }, field: 'Amounts' },
    { rule: 'an amount code with a percent too', body: { Code: 'AMT-PCT', Kind: 'amount', PercentOff: 10, Amounts: [{ Currency: 'usd', AmountMinor: 100 }] }, field: 'PercentOff' },
    { rule: 'two amounts in one currency, whatever the case', body: { Code: 'AMT-TWICE', Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: 100 }, { Currency: 'USD', AmountMinor: 200 }] }, field: 'Amounts.1.Currency' },
    { rule: 'more than 10 amounts', body: { Code: 'AMT-MANY', Kind: 'amount', Amounts: 'abcdefghijk'.split('').map((letter) => ({ Currency: `x${letter}x`, AmountMinor: 1 })) }, field: 'Amounts' },
    { rule: 'an amount of 0', body: { Code: 'AMT-ZERO', Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: 0 }] }, field: 'Amounts.0.AmountMinor' },
    { rule: 'a negative amount', body: { Code: 'AMT-NEG', Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: -5 }] }, field: 'Amounts.0.AmountMinor' },
    { rule: 'an amount that is no whole number of minor units', body: { Code: 'AMT-FRAC', Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: 4.5 }] }, field: 'Amounts.0.AmountMinor' },
    { rule: 'a currency that is no ISO code', body: { Code: 'AMT-CUR', Kind: 'amount', Amounts: [{ Currency: 'dollars', AmountMinor: 100 }] }, field: 'Amounts.0.Currency' },
    { rule: 'an unknown duration', body: { Code: 'DUR-X', Kind: 'percent', PercentOff: 10, Duration: 'weekly' }, field: 'Duration' },
    { rule: 'a repeating code without months', body: { Code: 'REP-NONE', Kind: 'percent', PercentOff: 10, Duration: 'repeating' }, field: 'DurationMonths' },
    { rule: 'a repeating code of 37 months', body: { Code: 'REP-37', Kind: 'percent', PercentOff: 10, Duration: 'repeating', DurationMonths: 37 }, field: 'DurationMonths' },
    { rule: 'a repeating code of 0 months', body: { Code: 'REP-0', Kind: 'percent', PercentOff: 10, Duration: 'repeating', DurationMonths: 0 }, field: 'DurationMonths' },
    { rule: 'months on a code that is not repeating', body: { Code: 'ONCE-MONTHS', Kind: 'percent', PercentOff: 10, Duration: 'once', DurationMonths: 2 }, field: 'DurationMonths' },
    { rule: 'an expiry in the past', body: { Code: 'EXP-PAST', Kind: 'percent', PercentOff: 10, ExpiresUtc: new Date(Date.now() - 60_000).toISOString() }, field: 'ExpiresUtc' },
    { rule: 'an expiry that is no date and time', body: { Code: 'EXP-TEXT', Kind: 'percent', PercentOff: 10, ExpiresUtc: 'next tuesday' }, field: 'ExpiresUtc' },
    { rule: 'a maximum of 0 redemptions', body: { Code: 'MAX-0', Kind: 'percent', PercentOff: 10, MaxRedemptions: 0 }, field: 'MaxRedemptions' },
    { rule: 'a name longer than 80', body: { Code: 'NAME-LONG', Kind: 'percent', PercentOff: 10, Name: 'n'.repeat(81) }, field: 'Name' },
    { rule: "another seller's offering", body: { Code: 'OFF-THEIRS', Kind: 'percent', PercentOff: 10, OfferingIds: ['FOREIGN'] }, field: 'OfferingIds' },
    { rule: 'an unknown offering beside an own one', body: { Code: 'OFF-NONE', Kind: 'percent', PercentOff: 10, OfferingIds: ['OWN', 'no-such-offering'] }, field: 'OfferingIds' },
  ];

  it.each(REFUSALS)('$rule is 400 ValidationError naming $field, and nothing is made', async ({ body, field }) => {
    // The offerings exist once beforeAll ran: the table names them OWN and FOREIGN.
    const offeringIdOf = (id: string) => (id === 'OWN' ? subscription.id : id === 'FOREIGN' ? foreignOfferingId : id);
    const sent = { ...body, ...(body.OfferingIds ? { OfferingIds: (body.OfferingIds as string[]).map(offeringIdOf) } : {}) };
    const before = await database.db.discount.count();
    const refused = await api('POST', '/licensing-mgmt/discounts', sent);
    expect([refused.status, refused.body.Code], JSON.stringify(refused.body)).toEqual([400, 'ValidationError']);
    expect(refused.body.Details.map((detail: { Field: string }) => detail.Field)).toContain(field);
    expect(await database.db.discount.count()).toBe(before);
  });

  it('a request without the API key is 401 ApiKeyMissing; a bad one 403 ApiKeyInvalid', async () => {
    expect((await api('POST', '/licensing-mgmt/discounts', { Code: 'NOKEY', Kind: 'percent', PercentOff: 5 }, null)).body.Code).toBe('ApiKeyMissing');
    expect((await api('GET', '/licensing-mgmt/discounts', undefined, 'SVC_AK_not-a-key')).status).toBe(403);
    expect(await rowOf('NOKEY')).toBeNull();
  });
});

describe('changing and removing discount codes', () => {
  it('PATCH changes the name, expiry, maximum and offerings; null clears; what is left out stays', async () => {
    const created = await made({ Code: 'EDIT-ME', Name: 'First', Kind: 'percent', PercentOff: 25, ExpiresUtc: inFuture(10), MaxRedemptions: 5 });
    const later = inFuture(60);
    const changed = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { Name: 'Second', ExpiresUtc: later, MaxRedemptions: 50, OfferingIds: [perpetual.id] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ Code: 'EDIT-ME', Name: 'Second', PercentOff: 25, ExpiresUtc: later, MaxRedemptions: 50, OfferingIds: [perpetual.id] });
    expect(Date.parse(changed.body.UpdatedUtc)).toBeGreaterThanOrEqual(Date.parse(created.UpdatedUtc));

    const cleared = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { Name: null, ExpiresUtc: null, MaxRedemptions: null, OfferingIds: [] });
    expect(cleared.body).toMatchObject({ Name: null, ExpiresUtc: null, MaxRedemptions: null, OfferingIds: [], PercentOff: 25 });
    const untouched = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { Name: 'Third' });
    expect(untouched.body).toMatchObject({ Name: 'Third', ExpiresUtc: null, MaxRedemptions: null, OfferingIds: [] });
    expect(await rowOf('EDIT-ME')).toMatchObject({ name: 'Third', expiresAt: null, maxRedemptions: null, offerings: [] });
    expect((await api('GET', `/licensing-mgmt/discounts/${created.DiscountId}`)).body).toEqual(untouched.body);
  });

  it('a past expiry stops the code at once (a PATCH may set one), and an offering of another seller is refused naming OfferingIds', async () => {
    const created = await made({ Code: 'STOP-NOW', Kind: 'percent', PercentOff: 5 });
    const past = new Date(Date.now() - 1000).toISOString();
    expect((await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { ExpiresUtc: past })).body.ExpiresUtc).toBe(past);
    const refused = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { OfferingIds: [foreignOfferingId] });
    expect([refused.status, refused.body.Details[0].Field]).toEqual([400, 'OfferingIds']);
    expect((await rowOf('STOP-NOW'))!.offerings).toEqual([]);
  });

  const IMMUTABLE: [string, unknown][] = [
    ['Code', 'OTHER'],
    ['Kind', 'amount'],
    ['PercentOff', 30],
    ['Amounts', [{ Currency: 'usd', AmountMinor: 100 }]],
    ['Duration', 'forever'],
    ['DurationMonths', 2],
    ['PercentOff', null],
  ];

  it.each(IMMUTABLE)('PATCH of %s (%j) is 400 ValidationError naming it and saying to create a new code; nothing changes', async (field, value) => {
    const code = `FIXED-${field.toUpperCase()}-${value === null ? 'NULL' : 'V'}`;
    const created = await made({ Code: code, Kind: 'percent', PercentOff: 20, Name: 'Fixed' });
    const refused = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { [field]: value, Name: 'Changed' });
    expect([refused.status, refused.body.Code]).toEqual([400, 'ValidationError']);
    expect(refused.body.Details).toEqual([expect.objectContaining({ Field: field, Message: expect.stringContaining('create a new code') })]);
    expect(await rowOf(code)).toMatchObject({ name: 'Fixed', kind: 'percent', percentOff: 20, duration: 'once' });
  });

  it('MaxRedemptions below the redemptions held now is refused naming MaxRedemptions; equal to them is taken', async () => {
    const created = await made({ Code: 'BUSY', Kind: 'percent', PercentOff: 10, MaxRedemptions: 10 });
    await database.db.discount.update({ where: { id: created.DiscountId }, data: { redemptions: 3 } });
    const refused = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { MaxRedemptions: 2 });
    expect([refused.status, refused.body.Code]).toEqual([400, 'ValidationError']);
    expect(refused.body.Details).toEqual([expect.objectContaining({ Field: 'MaxRedemptions', Message: expect.stringContaining('3 checkouts') })]);
    expect((await rowOf('BUSY'))!.maxRedemptions).toBe(10);
    const taken = await api('PATCH', `/licensing-mgmt/discounts/${created.DiscountId}`, { MaxRedemptions: 3 });
    expect(taken.body).toMatchObject({ MaxRedemptions: 3, Redemptions: 3 });
  });

  it("another seller's discount is 404 NotFound to GET, PATCH and DELETE, like an unknown id, and is left as it was", async () => {
    const theirs = await api('POST', '/licensing-mgmt/discounts', { Code: 'THEIRS', Kind: 'percent', PercentOff: 40 }, otherKey);
    const id = theirs.body.DiscountId as string;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { Name: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api(method, `/licensing-mgmt/discounts/${id}`, body);
      expect([method, answer.status, answer.body.Code]).toEqual([method, 404, 'NotFound']);
      const unknown = await api(method, '/licensing-mgmt/discounts/0192f000-0000-7000-8000-000000000001', body);
      expect([method, unknown.status, unknown.body.Code]).toEqual([method, 404, 'NotFound']);
    }
    expect(await rowOf('THEIRS', otherSellerId)).toMatchObject({ id, name: null, percentOff: 40 });
  });

  it('DELETE is 204 and removes the code; an order that redeemed it keeps the code it redeemed', async () => {
    const created = await made({ Code: 'GONE-SOON', Kind: 'amount', Amounts: [{ Currency: 'usd', AmountMinor: 700 }], OfferingIds: [perpetual.id] });
    const { checkout } = await createOrder(database.db, perpetual, { amountMinor: 4200, currency: 'usd', buyerEmail: 'redeemer@example.com' });
    await database.db.checkout.update({ where: { id: checkout.id }, data: { discountId: created.DiscountId, discountCode: 'GONE-SOON', discountMinor: 700n } });

    const removed = await api('DELETE', `/licensing-mgmt/discounts/${created.DiscountId}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect(removed.headers.get('x-correlation-id')).toBeTruthy();
    expect(await rowOf('GONE-SOON')).toBeNull();
    expect(await database.db.discountAmount.count({ where: { discountId: created.DiscountId } })).toBe(0);
    expect(await database.db.discountOffering.count({ where: { discountId: created.DiscountId } })).toBe(0);
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: checkout.id } })).toMatchObject({ discountId: null, discountCode: 'GONE-SOON', discountMinor: 700n, amountMinor: 4200n });
    expect((await api('DELETE', `/licensing-mgmt/discounts/${created.DiscountId}`)).status).toBe(404);
    expect((await api('GET', `/licensing-mgmt/discounts/${created.DiscountId}`)).status).toBe(404);
    // The code is free again.
    expect((await api('POST', '/licensing-mgmt/discounts', { Code: 'gone-soon', Kind: 'percent', PercentOff: 5 })).status).toBe(201);
  });
});

describe('the list', () => {
  let pager: string;

  beforeAll(async () => {
    const seller = await createSeller(database.db);
    pager = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'pages' })).key;
    for (const code of ['delta', 'ALPHA', 'Charlie', 'echo', 'bravo']) {
      expect((await api('POST', '/licensing-mgmt/discounts', { Code: code, Kind: 'percent', PercentOff: 10 }, pager)).status).toBe(201);
    }
  });

  it('answers by code, A to Z, in pages after the last Code read; only the seller\'s own codes', async () => {
    const first = await api('GET', '/licensing-mgmt/discounts?limit=2', undefined, pager);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.Discounts.map((discount: { Code: string }) => discount.Code)).toEqual(['ALPHA', 'BRAVO']);
    expect(first.body).toMatchObject({ NextCursor: 'BRAVO', HasMore: true });
    // The cursor is a code: any case.
    const second = await api('GET', '/licensing-mgmt/discounts?limit=2&after=bravo', undefined, pager);
    expect(second.body).toMatchObject({ NextCursor: 'DELTA', HasMore: true });
    expect(second.body.Discounts.map((discount: { Code: string }) => discount.Code)).toEqual(['CHARLIE', 'DELTA']);
    const third = await api('GET', `/licensing-mgmt/discounts?limit=2&after=${second.body.NextCursor}`, undefined, pager);
    expect(third.body).toMatchObject({ NextCursor: 'ECHO', HasMore: false });
    expect(third.body.Discounts.map((discount: { Code: string }) => discount.Code)).toEqual(['ECHO']);
    const past = await api('GET', '/licensing-mgmt/discounts?after=ECHO', undefined, pager);
    expect(past.body).toEqual({ Discounts: [], NextCursor: 'ECHO', HasMore: false });
    const whole = await api('GET', '/licensing-mgmt/discounts', undefined, pager);
    expect(whole.body.Discounts).toHaveLength(5);
    expect(whole.body.HasMore).toBe(false);
    expect(whole.body.Discounts[0]).toMatchObject({ Code: 'ALPHA', Kind: 'percent', PercentOff: 10, Redemptions: 0 });
  });

  it('a seller without codes gets an empty page; a bad limit or cursor is 400 ValidationError naming it', async () => {
    const seller = await createSeller(database.db);
    const empty = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'empty' })).key;
    expect((await api('GET', '/licensing-mgmt/discounts', undefined, empty)).body).toEqual({ Discounts: [], NextCursor: null, HasMore: false });
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['after=a', 'after'],
      ['after=has%20space', 'after'],
    ]) {
      const refused = await api('GET', `/licensing-mgmt/discounts?${query}`, undefined, pager);
      expect([query, refused.status, refused.body.Code]).toEqual([query, 400, 'ValidationError']);
      expect(refused.body.Details.map((detail: { Field: string }) => detail.Field.toLowerCase())).toContain(field);
    }
  });
});

describe('SellerClient discount methods', () => {
  const client = () => new SellerClient({ baseUrl: server.baseUrl, apiKey: key, fetch: (input, init) => server.fetch(urlOf(input), init), retry: { baseDelayMs: 1 } });

  it('create, get, update, list and delete in camelCase', async () => {
    const seller = client();
    const created = await seller.createDiscount({ code: 'sdk-ten', kind: 'amount', amounts: [{ currency: 'EUR', amountMinor: 1000 }], duration: 'repeating', durationMonths: 6, offeringIds: [subscription.id] });
    expect(created).toMatchObject({ discountId: expect.any(String), code: 'SDK-TEN', kind: 'amount', amounts: [{ currency: 'eur', amountMinor: 1000 }], duration: 'repeating', durationMonths: 6, offeringIds: [subscription.id], redemptions: 0 });
    expect(await seller.getDiscount({ discountId: created.discountId })).toEqual(created);
    const updated = await seller.updateDiscount({ discountId: created.discountId, name: 'Six months', maxRedemptions: 20, expiresUtc: null });
    expect(updated).toMatchObject({ name: 'Six months', maxRedemptions: 20, expiresUtc: null, amounts: [{ currency: 'eur', amountMinor: 1000 }] });

    const codes: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await seller.listDiscounts({ limit: 3, after });
      codes.push(...page.discounts.map((discount) => discount.code));
      if (!page.hasMore) break;
      after = page.nextCursor!;
    }
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('SDK-TEN');
    expect(codes).toHaveLength(await database.db.discount.count({ where: { sellerId } }));

    await seller.deleteDiscount({ discountId: created.discountId });
    expect(await rowOf('SDK-TEN')).toBeNull();
    await expect(seller.getDiscount({ discountId: created.discountId })).rejects.toMatchObject({ name: 'LicensingApiError', code: 'NotFound', status: 404 });
  });

  it('arguments the service would refuse are ArgumentError naming the field, before any request; a refusal is LicensingApiError with its Code', async () => {
    let requests = 0;
    const seller = new SellerClient({ baseUrl: server.baseUrl, apiKey: key, fetch: (input, init) => (requests++, server.fetch(urlOf(input), init)) });
    await expect(seller.createDiscount({ code: 'x', kind: 'percent', percentOff: 10 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'code' });
    await expect(seller.createDiscount({ code: 'PCT', kind: 'percent', percentOff: 0 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'percentOff' });
    await expect(seller.createDiscount({ code: 'AMT', kind: 'amount' })).rejects.toMatchObject({ name: 'ArgumentError', field: 'amounts' });
    await expect(seller.updateDiscount({ discountId: 'x', percentOff: 5 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'percentOff' });
    await expect(seller.listDiscounts({ limit: 500 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'limit' });
    await expect(seller.getDiscount({ discountId: '' })).rejects.toMatchObject({ name: 'ArgumentError', field: 'discountId' });
    expect(requests).toBe(0);

    await seller.createDiscount({ code: 'SDK-TWICE', kind: 'percent', percentOff: 5 });
    await expect(seller.createDiscount({ code: 'sdk-twice', kind: 'percent', percentOff: 5 })).rejects.toMatchObject({ name: 'LicensingApiError', code: 'DiscountCodeInUse', status: 409 });
    const other = new SellerClient({ baseUrl: server.baseUrl, apiKey: otherKey, fetch: (input, init) => server.fetch(urlOf(input), init) });
    const mine = (await rowOf('SDK-TWICE'))!;
    await expect(other.deleteDiscount({ discountId: mine.id })).rejects.toMatchObject({ code: 'NotFound', status: 404 });
    expect(await rowOf('SDK-TWICE')).not.toBeNull();
  });
});
