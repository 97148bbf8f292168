import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import type { CreateOfferingInput } from '@/server/catalog/manage/catalog-edit.schema';
import { createOffering as createOfferingService } from '@/server/catalog/manage/create-offering';
import { createProduct } from '@/server/catalog/manage/create-product';
import { listSellerCatalog } from '@/server/catalog/manage/list-seller-catalog';
import { startSellingApp } from '@/server/catalog/manage/start-selling-app';
import { updateOffering } from '@/server/catalog/manage/update-offering';
import { createSeller } from '../support/factories';
import { refusalOf } from '../support/refusal';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// An offering priced in several currencies (issue 37): the seller writes one price per currency,
// one of them the default (Offering.priceMinor in Offering.currency; the others OfferingPrice rows),
// each in its currency's own exponent; the storefront and the offering detail answer them all as
// Prices, the default first; an edit reaches the cached catalog within a second.

let database: TestDatabase;
let service: InProcessService;
const ctx = () => ({ db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
});

afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

async function sellerWithProduct() {
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(ctx(), { sellerId: seller.id, name: 'Ledger' });
  return { seller, product };
}

const USD_JPY_KWD = [
  { currency: 'usd', baseRate: 12.5, isDefault: true },
  { currency: 'JPY', baseRate: 1800 },
  { currency: 'kwd', baseRate: 3.875 },
];

const monthly = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month };

/** The prices as stored: the default on the offering, the other currencies' rows by code. */
async function storedPrices(offeringId: string) {
  const offering = await database.db.offering.findUniqueOrThrow({ where: { id: offeringId }, include: { prices: { orderBy: { currency: 'asc' } } } });
  return { priceMinor: offering.priceMinor, currency: offering.currency, others: offering.prices.map((price) => [price.currency, price.amountMinor]) };
}

const getJson = async (path: string) => {
  const response = await service.fetch(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { Offering: { Prices: unknown[]; BaseRate: number; Currency: string } } };
};

describe('writing prices', () => {
  it('an offering created with a USD default, JPY and KWD keeps the default on the offering and the others as rows, in minor units of each', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, prices: USD_JPY_KWD });
    expect(offering).toMatchObject({
      baseRate: 12.5,
      currency: 'usd',
      prices: [
        { currency: 'usd', baseRate: 12.5, isDefault: true },
        { currency: 'jpy', baseRate: 1800, isDefault: false },
        { currency: 'kwd', baseRate: 3.875, isDefault: false },
      ],
    });
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 1250, currency: 'usd', others: [['jpy', 1800], ['kwd', 3875]] });
    const listed = (await listSellerCatalog(ctx(), seller.id)).products[0]!.offerings[0]!;
    expect(listed.prices).toEqual(offering.prices);
  });

  it('today’s BaseRate and Currency alone still set the default price', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, baseRate: 49, currency: 'EUR' });
    expect(offering.prices).toEqual([{ currency: 'eur', baseRate: 49, isDefault: true }]);
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 4900, currency: 'eur', others: [] });
  });

  const refusals: [rule: string, field: string, code: string, prices: CreateOfferingInput['prices'], extra?: Partial<CreateOfferingInput>][] = [
    ['1.5 JPY (JPY has no minor digits)', 'Prices.1.BaseRate', 'Invalid', [{ currency: 'usd', baseRate: 10, isDefault: true }, { currency: 'jpy', baseRate: 1.5 }]],
    ['1.2345 KWD (KWD has three)', 'Prices.0.BaseRate', 'Invalid', [{ currency: 'kwd', baseRate: 1.2345 }]],
    ['a price of 0', 'Prices.0.BaseRate', 'TooShort', [{ currency: 'usd', baseRate: 0 }]],
    ['two prices in one currency', 'Prices.1.Currency', 'Duplicate', [{ currency: 'usd', baseRate: 1, isDefault: true }, { currency: 'USD', baseRate: 2 }]],
    ['no default among several', 'Prices', 'Required', [{ currency: 'usd', baseRate: 1 }, { currency: 'eur', baseRate: 1 }]],
    ['two defaults', 'Prices.1.IsDefault', 'Duplicate', [{ currency: 'usd', baseRate: 1, isDefault: true }, { currency: 'eur', baseRate: 1, isDefault: true }]],
    [
      'eleven prices',
      'Prices',
      'TooLong',
      ['usd', 'eur', 'gbp', 'jpy', 'kwd', 'chf', 'sek', 'nok', 'dkk', 'pln', 'czk'].map((currency, index) => ({ currency, baseRate: 5, isDefault: index === 0 })),
    ],
    ['an unknown currency', 'Prices.0.Currency', 'Invalid', [{ currency: 'xyz', baseRate: 1 }]],
    ['prices on a trial (a free offering has none)', 'Prices', 'Invalid', [{ currency: 'usd', baseRate: 5 }], { classification: LicenseClassification.Trial, interval: 14, intervalUnit: IntervalUnit.Day }],
    ['a BaseRate that is not the default of Prices', 'BaseRate', 'Invalid', [{ currency: 'usd', baseRate: 5 }], { baseRate: 6, currency: 'usd' }],
  ];

  it.each(refusals)('%s is a ValidationError naming %s (%s), and no offering is written', async (_rule, field, code, prices, extra) => {
    const { seller, product } = await sellerWithProduct();
    const refused = await refusalOf(
      createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', classification: LicenseClassification.Perpetual, ...extra, prices }),
    );
    expect(refused.code).toBe('ValidationError');
    expect(refused.details).toEqual([expect.objectContaining({ Field: field, Code: code })]);
    expect(await database.db.offering.count({ where: { productId: product.id } })).toBe(0);
  });

  it('an edit with Prices replaces every price at once: a new default, a currency added, one removed', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, prices: USD_JPY_KWD });
    const edited = await updateOffering(ctx(), {
      sellerId: seller.id,
      offeringId: offering.id,
      name: 'Pro',
      ...monthly,
      prices: [
        { currency: 'usd', baseRate: 13 },
        { currency: 'eur', baseRate: 11.5, isDefault: true },
        { currency: 'jpy', baseRate: 1900 },
      ],
    });
    expect(edited).toMatchObject({ baseRate: 11.5, currency: 'eur' });
    expect(edited.prices.map((price) => price.currency)).toEqual(['eur', 'jpy', 'usd']);
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 1150, currency: 'eur', others: [['jpy', 1900], ['usd', 1300]] });
  });

  it('an edit without Prices keeps the other currencies (but the new default’s); an edit to free drops them all', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, prices: USD_JPY_KWD });
    await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Pro', ...monthly, baseRate: 2000, currency: 'jpy' });
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 2000, currency: 'jpy', others: [['kwd', 3875]] });
    await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Pro', classification: LicenseClassification.Perpetual, baseRate: null });
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: null, currency: 'usd', others: [] });
  });

  it('a refused edit changes nothing', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, prices: USD_JPY_KWD });
    const refused = await refusalOf(
      updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Pro', ...monthly, prices: [{ currency: 'usd', baseRate: 13, isDefault: true }, { currency: 'jpy', baseRate: 0.5 }] }),
    );
    expect(refused.details).toEqual([expect.objectContaining({ Field: 'Prices.1.BaseRate' })]);
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 1250, currency: 'usd', others: [['jpy', 1800], ['kwd', 3875]] });
  });

  it('“Sell an app” writes the prices with the offering in its one transaction', async () => {
    const seller = await createSeller(database.db);
    const { offering } = await startSellingApp(ctx(), {
      sellerId: seller.id,
      product: { name: 'Abacus' },
      offering: { name: 'Standard', billing: 'once', currency: 'usd', prices: USD_JPY_KWD },
    });
    expect(await storedPrices(offering.id)).toEqual({ priceMinor: 1250, currency: 'usd', others: [['jpy', 1800], ['kwd', 3875]] });
  });
});

describe('reading prices on the REST catalog', () => {
  it('the storefront and the offering detail answer Prices, the default first, each BaseRate in its currency’s exponent; a free offering has none', async () => {
    const { seller, product } = await sellerWithProduct();
    const paid = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, listed: true, prices: USD_JPY_KWD });
    const free = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Reader', classification: LicenseClassification.Perpetual, listed: true });
    const expected = [
      { Currency: 'usd', BaseRate: 12.5, IsDefault: true },
      { Currency: 'jpy', BaseRate: 1800, IsDefault: false },
      { Currency: 'kwd', BaseRate: 3.875, IsDefault: false },
    ];

    const storefront = await service.fetch(`/purchase/${seller.issuerClientId}/offerings`);
    expect(storefront.status).toBe(200);
    const offerings = ((await storefront.json()) as { OfferingsByProduct: Record<string, { Id: string; BaseRate: number | null; Currency: string; Prices: unknown[] }[]> }).OfferingsByProduct[product.id]!;
    expect(offerings.find((offering) => offering.Id === paid.id)).toMatchObject({ BaseRate: 12.5, Currency: 'usd', Prices: expected });
    expect(offerings.find((offering) => offering.Id === free.id)).toMatchObject({ BaseRate: null, Prices: [] });

    const detail = await getJson(`/purchase/${seller.issuerClientId}/offerings/${paid.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Offering).toMatchObject({ BaseRate: 12.5, Currency: 'usd', Prices: expected });
  });

  it('an edit of the prices reaches the cached storefront and detail within a second', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', ...monthly, listed: true, prices: USD_JPY_KWD });
    const storefrontPath = `/purchase/${seller.issuerClientId}/offerings`;
    const detailPath = `${storefrontPath}/${offering.id}`;
    // Both are cached now (90 s).
    expect((await getJson(detailPath)).body.Offering.Prices).toHaveLength(3);
    expect((await service.fetch(storefrontPath)).headers.get('cache-control')).toMatch(/max-age=\d+/);

    await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Pro', ...monthly, prices: [{ currency: 'jpy', baseRate: 2000, isDefault: true }] });
    const deadline = Date.now() + 1_000;
    let prices: unknown[];
    let listed: unknown[];
    do {
      prices = (await getJson(detailPath)).body.Offering.Prices;
      const body = (await (await service.fetch(storefrontPath)).json()) as { OfferingsByProduct: Record<string, { Prices: unknown[] }[]> };
      listed = body.OfferingsByProduct[product.id]![0]!.Prices;
      if (prices.length === 1 && listed.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() < deadline);
    expect(prices).toEqual([{ Currency: 'jpy', BaseRate: 2000, IsDefault: true }]);
    expect(listed).toEqual([{ Currency: 'jpy', BaseRate: 2000, IsDefault: true }]);
  });
});

describe('the storefront’s Buy (purchase.buy) carries the currency shown and the discount code', () => {
  it('a purchase in JPY opens a checkout in JPY at the JPY price; an unknown code is refused naming DiscountCode, and no checkout opens', async () => {
    const { appRouter } = await import('@/server/trpc/app-router');
    const { seller, product } = await sellerWithProduct();
    const offering = await createOfferingService(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro', classification: LicenseClassification.Perpetual, listed: true, prices: USD_JPY_KWD });
    const buyer = await database.db.account.create({ data: { email: `buyer-${crypto.randomUUID()}@example.com` } });
    const caller = appRouter.createCaller({ db: database.db, session: { accountId: buyer.id, email: buyer.email } });

    // The page reads the refusal as tRPC carries it: the ApiError Code and its Details.
    await expect(caller.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id, currency: 'jpy', discountCode: 'NO-SUCH-CODE' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { apiCode: 'ValidationError', details: [expect.objectContaining({ Field: 'DiscountCode' })] },
    });
    expect(await database.db.checkout.count({ where: { offeringId: offering.id } })).toBe(0);

    const session = await caller.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id, currency: 'JPY' });
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ currency: 'jpy', amountMinor: 1800n });
  });
});

describe('prices through the MCP tools', () => {
  async function callTool(name: string, args: object, apiKey?: string) {
    const response = await service.fetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(apiKey ? { 'dub-apiKey': apiKey } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown>; content: { type: string; text: string }[] } }).result;
  }

  it('create_offering takes Prices (refusing 1.5 JPY on its row), get_offering answers them and says them in its text', async () => {
    const { seller, product } = await sellerWithProduct();
    const { key } = await createApiKey(ctx(), { sellerId: seller.id, label: 'agent' });
    const common = { ProductId: product.id, Name: 'Agent Pro', Classification: LicenseClassification.Perpetual };

    const refused = await callTool('create_offering', { ...common, RequestId: crypto.randomUUID(), Prices: [{ Currency: 'usd', BaseRate: 5, IsDefault: true }, { Currency: 'jpy', BaseRate: 1.5 }] }, key);
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused)).toContain('Prices.1.BaseRate');

    const created = await callTool('create_offering', { ...common, RequestId: crypto.randomUUID(), Prices: [{ Currency: 'usd', BaseRate: 5, IsDefault: true }, { Currency: 'jpy', BaseRate: 750 }] }, key);
    expect(created.isError).toBeFalsy();
    const offeringId = created.structuredContent.Id as string;
    expect(created.structuredContent.Prices).toEqual([
      { Currency: 'usd', BaseRate: 5, IsDefault: true },
      { Currency: 'jpy', BaseRate: 750, IsDefault: false },
    ]);
    await callTool('set_offering_listed', { RequestId: crypto.randomUUID(), OfferingId: offeringId, Listed: true }, key);

    const read = await callTool('get_offering', { IssuerClientId: seller.issuerClientId, OfferingId: offeringId });
    expect(read.content[0]!.text).toContain('Prices: 5 USD (default), 750 JPY');
    expect((read.structuredContent.Offering as { Prices: unknown }).Prices).toEqual([
      { Currency: 'usd', BaseRate: 5, IsDefault: true },
      { Currency: 'jpy', BaseRate: 750, IsDefault: false },
    ]);
  });
});
