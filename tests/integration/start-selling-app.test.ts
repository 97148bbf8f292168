import { describe, expect, it, onTestFinished } from 'vitest';
import { CatalogStatus, IntervalUnit, LicenseClassification, Platform } from '@/server/catalog/catalog-enums';
import { describeListedOffering } from '@/server/catalog/describe-listed-offering';
import { createOffering } from '@/server/catalog/manage/create-offering';
import { createProduct } from '@/server/catalog/manage/create-product';
import { getSellerOffering } from '@/server/catalog/manage/get-seller-offering';
import type { StartSellingAppInput } from '@/server/catalog/manage/catalog-edit.schema';
import { startSellingApp } from '@/server/catalog/manage/start-selling-app';
import { upsertFeature } from '@/server/catalog/manage/upsert-feature';
import type { DomainError } from '@/server/errors';
import { createSeller } from '../support/factories';
import { refusalOf } from '../support/refusal';
import { inProcessCore } from '../support/in-process-core';

// "Sell an app": the product, its offering and its features in one step and one transaction. A
// refusal of any part leaves nothing; each part is refused with the Codes of its detailed screen.

const setup = inProcessCore();
const ctx = () => ({ db: setup.database.db });

/** "Render Studio, 9.00 a month per seat, feature Renders with 1,000 a month." */
const renderStudio = (): StartSellingAppInput => ({
  product: { name: 'Render Studio', description: 'Renders scenes on your desktop', platform: Platform.Windows },
  offering: { name: 'Standard', billing: 'recurring', baseRate: 9, currency: 'eur', interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true },
  features: [
    { displayName: 'Renders', key: 'renders', allowance: 1000, allowancePeriodUnit: IntervalUnit.Month },
    { displayName: 'Export', key: 'export', allowance: null, allowancePeriodUnit: IntervalUnit.Month },
  ],
});

/** Every catalog row of the seller, for "nothing was written" and "nothing was touched". */
async function catalogRows(sellerId: string) {
  return setup.database.db.product.findMany({
    where: { sellerId },
    include: { offerings: { include: { features: { orderBy: { key: 'asc' } } }, orderBy: { createdAt: 'asc' } } },
    orderBy: { createdAt: 'asc' },
  });
}

async function rowCounts(sellerId: string) {
  const [products, offerings, features] = await Promise.all([
    setup.database.db.product.count({ where: { sellerId } }),
    setup.database.db.offering.count({ where: { sellerId } }),
    setup.database.db.feature.count({ where: { offering: { sellerId } } }),
  ]);
  return { products, offerings, features };
}

const NOTHING = { products: 0, offerings: 0, features: 0 };

describe('one step creates the product, its offering and its features', () => {
  it('a recurring per-seat price with an allowance becomes a subscription offering priced in minor units, with its features', async () => {
    const seller = await createSeller(setup.database.db);
    const { product, offering } = await startSellingApp(ctx(), { ...renderStudio(), sellerId: seller.id });

    expect(product).toMatchObject({ name: 'Render Studio', description: 'Renders scenes on your desktop', status: CatalogStatus.Active, platform: Platform.Windows });
    expect(offering).toMatchObject({
      productId: product.id,
      name: 'Standard',
      status: CatalogStatus.Active,
      classification: LicenseClassification.Subscription,
      baseRate: 9,
      currency: 'eur',
      interval: 1,
      intervalUnit: IntervalUnit.Month,
      seatBased: true,
      // As the detailed new-offering form: not listed unless asked.
      listed: false,
      allowRepeatPurchase: false,
    });
    // An unlimited feature has no period, whatever the form's period select said.
    expect(offering.features.map(({ key, displayName, allowance, allowancePeriodUnit }) => ({ key, displayName, allowance, allowancePeriodUnit }))).toEqual([
      { key: 'export', displayName: 'Export', allowance: null, allowancePeriodUnit: null },
      { key: 'renders', displayName: 'Renders', allowance: 1000, allowancePeriodUnit: IntervalUnit.Month },
    ]);

    expect(await rowCounts(seller.id)).toEqual({ products: 1, offerings: 1, features: 2 });
    expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } })).priceMinor).toBe(900);
    // The detailed screens read it back as they read their own creations.
    expect(await getSellerOffering(ctx(), { sellerId: seller.id, offeringId: offering.id })).toEqual({ offering, product: { ...product, offerings: [] } });
  });

  it('a listed app is on the storefront at once with its price per seat and each allowance', async () => {
    const seller = await createSeller(setup.database.db);
    const { offering } = await startSellingApp(ctx(), { ...renderStudio(), offering: { ...renderStudio().offering, listed: true }, sellerId: seller.id });
    const listed = await describeListedOffering(ctx(), seller.issuerClientId, offering.id);
    expect(listed.price).toBe('€9.00 per seat / month');
    expect(listed.allowances).toEqual([
      { featureKey: 'export', allowance: null, allowancePeriodUnit: null },
      { featureKey: 'renders', allowance: 1000, allowancePeriodUnit: IntervalUnit.Month },
    ]);
  });

  it('each billing choice is its classification, and what the choice has no use for is left out', async () => {
    const seller = await createSeller(setup.database.db);
    const stray = { baseRate: 5, interval: 3, intervalUnit: IntervalUnit.Week };
    const cases = [
      { billing: 'free', expected: { classification: LicenseClassification.Perpetual, baseRate: null, interval: null, intervalUnit: null } },
      { billing: 'once', expected: { classification: LicenseClassification.Perpetual, baseRate: 5, interval: null, intervalUnit: null } },
      { billing: 'recurring', expected: { classification: LicenseClassification.Subscription, baseRate: 5, interval: 3, intervalUnit: IntervalUnit.Week } },
      { billing: 'trial', expected: { classification: LicenseClassification.Trial, baseRate: null, interval: 3, intervalUnit: IntervalUnit.Week } },
    ] as const;
    for (const { billing, expected } of cases) {
      const { offering } = await startSellingApp(ctx(), { sellerId: seller.id, product: { name: `App ${billing}` }, offering: { name: 'Standard', billing, ...stray } });
      expect(offering, billing).toMatchObject({ ...expected, currency: 'usd', features: [] });
    }
  });
});

describe('all or nothing: a refused part leaves no product, offering or feature', () => {
  it('two features with one key are refused on the later row (Duplicate), and nothing is written', async () => {
    const seller = await createSeller(setup.database.db);
    const input = renderStudio();
    input.features = [...input.features!, { displayName: 'More renders', key: 'renders' }];
    const error = await refusalOf(startSellingApp(ctx(), { ...input, sellerId: seller.id }));
    expect(error.code).toBe('ValidationError');
    expect(error.details).toEqual([
      { Code: 'Duplicate', Field: 'Features.2.Key', Message: 'Feature 1 already has the key “renders”. Give each feature its own key.' },
    ]);
    expect(await rowCounts(seller.id)).toEqual(NOTHING);
  });

  it('an invalid allowance (negative, or without a period) is refused on its row, and nothing is written', async () => {
    const seller = await createSeller(setup.database.db);
    const negative = renderStudio();
    negative.features![1] = { displayName: 'Export', key: 'export', allowance: -1, allowancePeriodUnit: IntervalUnit.Month };
    expect((await refusalOf(startSellingApp(ctx(), { ...negative, sellerId: seller.id }))).details).toEqual([
      expect.objectContaining({ Code: 'TooShort', Field: 'Features.1.Allowance' }),
    ]);
    const noPeriod = renderStudio();
    noPeriod.features![0] = { displayName: 'Renders', key: 'renders', allowance: 1000, allowancePeriodUnit: null };
    expect((await refusalOf(startSellingApp(ctx(), { ...noPeriod, sellerId: seller.id }))).details).toEqual([
      expect.objectContaining({ Field: 'Features.0.AllowancePeriodUnit', Message: 'An allowance needs a period.' }),
    ]);
    expect(await rowCounts(seller.id)).toEqual(NOTHING);
  });

  it('a feature the database refuses after the product and the offering were written rolls both back', async () => {
    const seller = await createSeller(setup.database.db);
    // The database itself refuses one feature row: the failure comes after two inserts of the same call.
    await setup.database.db.$executeRawUnsafe(`
      create function refuse_test_feature() returns trigger language plpgsql as $$
      begin
        if new.key = 'refused-by-the-database' then raise exception 'feature refused by the test'; end if;
        return new;
      end $$`);
    await setup.database.db.$executeRawUnsafe('create trigger refuse_test_feature before insert on "Feature" for each row execute function refuse_test_feature()');
    onTestFinished(async () => {
      await setup.database.db.$executeRawUnsafe('drop trigger refuse_test_feature on "Feature"');
      await setup.database.db.$executeRawUnsafe('drop function refuse_test_feature()');
    });

    const input = renderStudio();
    input.features = [...input.features!, { displayName: 'Refused', key: 'refused-by-the-database' }];
    const error = await refusalOf(startSellingApp(ctx(), { ...input, sellerId: seller.id }));
    expect(error.code).toBe('ServerError');
    expect(await rowCounts(seller.id)).toEqual(NOTHING);
    expect(await setup.database.db.product.count({ where: { name: 'Render Studio', sellerId: seller.id } })).toBe(0);

    // The same app without the refused feature goes through: nothing half-made was in its way.
    const { offering } = await startSellingApp(ctx(), { ...renderStudio(), sellerId: seller.id });
    expect(offering.features.map((feature) => feature.key)).toEqual(['export', 'renders']);
  });

  it('a product name the seller already uses is refused on Product.Name (Duplicate), and nothing is written', async () => {
    const seller = await createSeller(setup.database.db);
    await createProduct(ctx(), { sellerId: seller.id, name: 'Render Studio' });
    const before = await catalogRows(seller.id);
    const error = await refusalOf(startSellingApp(ctx(), { ...renderStudio(), product: { name: ' render studio ' }, sellerId: seller.id }));
    expect(error.code).toBe('ValidationError');
    expect(error.details).toEqual([
      { Code: 'Duplicate', Field: 'Product.Name', Message: 'Another of your products is already called “render studio”. Give this one a different name.' },
    ]);
    expect(await catalogRows(seller.id)).toEqual(before);
  });
});

describe("another seller's catalog", () => {
  it("is untouched, and a name another seller uses is free for this one", async () => {
    const other = await createSeller(setup.database.db);
    await startSellingApp(ctx(), { ...renderStudio(), sellerId: other.id });
    const before = await catalogRows(other.id);

    const seller = await createSeller(setup.database.db);
    const { product } = await startSellingApp(ctx(), { ...renderStudio(), sellerId: seller.id });
    expect(product.name).toBe('Render Studio');
    await refusalOf(startSellingApp(ctx(), { ...renderStudio(), sellerId: seller.id }));

    expect(await catalogRows(other.id)).toEqual(before);
    expect(await rowCounts(seller.id)).toEqual({ products: 1, offerings: 1, features: 2 });
  });

  it('over tRPC the seller is the signed-in one, whatever the input names', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { createTrpcRouter } = await import('@/server/trpc/init');
    const { catalogAdminRouter } = await import('@/server/trpc/routers/catalog-admin-router');
    const router = createTrpcRouter({ catalogAdmin: catalogAdminRouter });
    const account = await setup.database.db.account.create({ data: { email: `wizard-${Date.now()}@example.test` } });
    const seller = await createSeller(setup.database.db);
    await setup.database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
    const other = await createSeller(setup.database.db);

    const call = async (input: unknown) => {
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        router,
        req: new Request('http://test/api/trpc/catalogAdmin.startSellingApp', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ json: input }),
        }),
        createContext: async () => ({ db: setup.database.db, session: { accountId: account.id, email: account.email } }),
      });
      return { status: response.status, body: (await response.json()) as { error?: { json: { data: { apiCode: string; details: { Field: string }[] | null } } } } };
    };

    expect((await call({ ...renderStudio(), sellerId: other.id })).status).toBe(200);
    expect(await rowCounts(seller.id)).toEqual({ products: 1, offerings: 1, features: 2 });
    expect(await rowCounts(other.id)).toEqual(NOTHING);

    const refused = await call({ ...renderStudio(), product: { name: 'Another app' }, offering: { ...renderStudio().offering, baseRate: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.json.data.apiCode).toBe('ValidationError');
    expect(refused.body.error!.json.data.details!.map((detail) => detail.Field)).toEqual(['Offering.BaseRate']);
  });
});

describe('the same Codes as the detailed screens for the same bad input', () => {
  /** Code and Details, with the wizard's part prefix taken off the Field (Product.Name → Name). */
  const shapeOf = (error: DomainError, prefix = '') => ({
    code: error.code,
    details: (error.details ?? []).map((detail) => ({ Code: detail.Code, Field: detail.Field.replace(prefix, '') })).sort((a, b) => a.Field.localeCompare(b.Field)),
  });

  it('product, offering and feature refusals match their detailed services', async () => {
    const seller = await createSeller(setup.database.db);
    const sellerId = seller.id;
    await createProduct(ctx(), { sellerId, name: 'Taken' });
    const detailedProduct = await createProduct(ctx(), { sellerId, name: 'Detailed' });
    const detailedOffering = await createOffering(ctx(), { sellerId, productId: detailedProduct.id, name: 'Lifetime', classification: LicenseClassification.Perpetual });
    const app = renderStudio();
    const recurring = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month };

    const cases: { rule: string; detailed: () => Promise<unknown>; wizard: StartSellingAppInput; prefix: string }[] = [
      { rule: 'a product needs a name', detailed: () => createProduct(ctx(), { sellerId, name: ' ' }), wizard: { ...app, product: { name: ' ' } }, prefix: 'Product.' },
      { rule: 'a product name is free in the seller’s catalog', detailed: () => createProduct(ctx(), { sellerId, name: 'TAKEN' }), wizard: { ...app, product: { name: 'TAKEN' } }, prefix: 'Product.' },
      {
        rule: 'a subscription bills every interval',
        detailed: () => createOffering(ctx(), { sellerId, productId: detailedProduct.id, name: 'Monthly', classification: LicenseClassification.Subscription, baseRate: 9 }),
        wizard: { ...app, offering: { ...app.offering, interval: null, intervalUnit: null } },
        prefix: 'Offering.',
      },
      {
        rule: 'a price has at most the currency’s decimals',
        detailed: () => createOffering(ctx(), { sellerId, productId: detailedProduct.id, name: 'Monthly', ...recurring, baseRate: 9.999, currency: 'eur' }),
        wizard: { ...app, offering: { ...app.offering, baseRate: 9.999 } },
        prefix: 'Offering.',
      },
      {
        rule: 'a currency is an ISO 4217 code',
        detailed: () => createOffering(ctx(), { sellerId, productId: detailedProduct.id, name: 'Monthly', ...recurring, baseRate: 9, currency: 'xyz' }),
        wizard: { ...app, offering: { ...app.offering, currency: 'xyz' } },
        prefix: 'Offering.',
      },
      {
        rule: 'a trial has a length',
        detailed: () => createOffering(ctx(), { sellerId, productId: detailedProduct.id, name: 'Trial', classification: LicenseClassification.Trial }),
        wizard: { ...app, offering: { ...app.offering, billing: 'trial', interval: null, intervalUnit: null } },
        prefix: 'Offering.',
      },
      {
        rule: 'a feature key is lower-case letters, digits, dots, dashes or underscores',
        detailed: () => upsertFeature(ctx(), { sellerId, offeringId: detailedOffering.id, key: 'Has Space', displayName: 'Bad' }),
        wizard: { ...app, features: [{ key: 'Has Space', displayName: 'Bad' }] },
        prefix: 'Features.0.',
      },
      {
        rule: 'a feature needs a display name',
        detailed: () => upsertFeature(ctx(), { sellerId, offeringId: detailedOffering.id, key: 'renders', displayName: '' }),
        wizard: { ...app, features: [{ key: 'renders', displayName: '' }] },
        prefix: 'Features.0.',
      },
      {
        rule: 'an allowance is never negative',
        detailed: () => upsertFeature(ctx(), { sellerId, offeringId: detailedOffering.id, key: 'renders', displayName: 'Renders', allowance: -1, allowancePeriodUnit: IntervalUnit.Month }),
        wizard: { ...app, features: [{ key: 'renders', displayName: 'Renders', allowance: -1, allowancePeriodUnit: IntervalUnit.Month }] },
        prefix: 'Features.0.',
      },
      {
        rule: 'an allowance is counted per period',
        detailed: () => upsertFeature(ctx(), { sellerId, offeringId: detailedOffering.id, key: 'renders', displayName: 'Renders', allowance: 10 }),
        wizard: { ...app, features: [{ key: 'renders', displayName: 'Renders', allowance: 10, allowancePeriodUnit: null }] },
        prefix: 'Features.0.',
      },
    ];
    const before = await rowCounts(sellerId);
    for (const { rule, detailed, wizard, prefix } of cases) {
      const detailedShape = shapeOf(await refusalOf(detailed()));
      const wizardShape = shapeOf(await refusalOf(startSellingApp(ctx(), { ...wizard, sellerId })), prefix);
      expect(detailedShape.code, rule).toBe('ValidationError');
      expect(wizardShape, rule).toEqual(detailedShape);
    }
    expect(await rowCounts(sellerId), 'nothing written by any refused call').toEqual(before);
  });

  it('an unknown seller is NotFound, as on every catalog service', async () => {
    expect((await refusalOf(createProduct(ctx(), { sellerId: 'no-such-seller', name: 'Studio' }))).code).toBe('NotFound');
    expect((await refusalOf(startSellingApp(ctx(), { ...renderStudio(), sellerId: 'no-such-seller' }))).code).toBe('NotFound');
  });

  it('a paid choice without a price, or at 0, is refused on Offering.BaseRate (the one rule the detailed screens have no choice for)', async () => {
    const seller = await createSeller(setup.database.db);
    for (const baseRate of [null, 0]) {
      for (const billing of ['once', 'recurring'] as const) {
        const error = await refusalOf(startSellingApp(ctx(), { ...renderStudio(), offering: { ...renderStudio().offering, billing, baseRate }, sellerId: seller.id }));
        expect(error.details, `${billing} at ${baseRate}`).toEqual([{ Code: 'Invalid', Field: 'Offering.BaseRate', Message: 'Enter a price above 0, or choose Free.' }]);
      }
    }
    expect(await rowCounts(seller.id)).toEqual(NOTHING);
  });
});

describe('the catalog cache', () => {
  it('a listed app is in the REST catalog read of this process at once, as after any catalog edit', async () => {
    const { handleRest } = await import('@/server/http/rest-app');
    const { closeDb } = await import('@/server/db');
    const { startInvalidationListener, stopInvalidationListener } = await import('@/server/platform/invalidation/invalidation');
    onTestFinished(async () => {
      await stopInvalidationListener();
      await closeDb();
    });
    await startInvalidationListener(setup.database.url);

    const seller = await createSeller(setup.database.db);
    const read = async () => {
      const response = await handleRest(new Request(`http://test/purchase/${seller.issuerClientId}/offerings`));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { Products: { Name: string }[]; OfferingsByProduct: Record<string, { Name: string; BaseRate: number | null }[]> };
      return { products: body.Products.map((product) => product.Name), offerings: Object.values(body.OfferingsByProduct).flat().map((offering) => offering.Name) };
    };
    expect(await read()).toEqual({ products: [], offerings: [] });
    // Proof that the empty answer is cached: a write around the services is not seen yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await read()).toEqual({ products: [], offerings: [] });
    const sneaked = await setup.database.db.product.create({ data: { sellerId: seller.id, name: 'Sneaked', status: CatalogStatus.Active } });
    await setup.database.db.offering.create({
      data: { productId: sneaked.id, sellerId: seller.id, name: 'Sneaked offering', status: CatalogStatus.Active, classification: LicenseClassification.Perpetual, listed: true },
    });
    expect(await read()).toEqual({ products: [], offerings: [] });

    await startSellingApp(ctx(), { ...renderStudio(), offering: { ...renderStudio().offering, listed: true }, sellerId: seller.id });
    expect(await read()).toEqual({ products: ['Sneaked', 'Render Studio'], offerings: ['Sneaked offering', 'Standard'] });
  });
});
