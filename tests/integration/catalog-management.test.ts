import { describe, expect, it, onTestFinished } from 'vitest';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { getStorefront } from '@/server/catalog/get-storefront';
import { getOfferingDetail } from '@/server/catalog/get-offering-detail';
import { createOffering } from '@/server/catalog/manage/create-offering';
import { createProduct } from '@/server/catalog/manage/create-product';
import { deleteFeature } from '@/server/catalog/manage/delete-feature';
import { getSellerOffering } from '@/server/catalog/manage/get-seller-offering';
import { getSellerProduct } from '@/server/catalog/manage/get-seller-product';
import { listSellerCatalog } from '@/server/catalog/manage/list-seller-catalog';
import { markCheckoutReady } from '@/server/sellers/payment-setup';
import { setOfferingListed } from '@/server/catalog/manage/set-offering-listed';
import { setOfferingRepeatPurchase } from '@/server/catalog/manage/set-offering-repeat-purchase';
import { updateOffering } from '@/server/catalog/manage/update-offering';
import { updateProduct } from '@/server/catalog/manage/update-product';
import { upsertFeature } from '@/server/catalog/manage/upsert-feature';
import { createSeller } from '../support/factories';
import { refusalOf } from '../support/refusal';
import { inProcessCore } from '../support/in-process-core';

const setup = inProcessCore();
const ctx = () => ({ db: setup.database.db });

async function sellerWithProduct() {
  const seller = await createSeller(setup.database.db);
  const product = await createProduct(ctx(), { sellerId: seller.id, name: 'Studio', description: 'Desktop editor' });
  return { seller, product };
}

const perpetual = { classification: LicenseClassification.Perpetual, baseRate: 49, currency: 'USD' };
const monthly = { classification: LicenseClassification.Subscription, baseRate: 9.99, interval: 1, intervalUnit: IntervalUnit.Month };

describe('creating the catalog', () => {
  it('creates a product, an offering (price in minor units, currency lower-cased) and a feature, all read back by listSellerCatalog', async () => {
    const { seller, product } = await sellerWithProduct();
    expect(product).toMatchObject({ name: 'Studio', description: 'Desktop editor', status: CatalogStatus.Active, offerings: [] });

    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Pro Monthly', seatBased: true, ...monthly });
    expect(offering).toMatchObject({ baseRate: 9.99, currency: 'usd', interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true, listed: false });
    expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } })).priceMinor).toBe(999);

    const feature = await upsertFeature(ctx(), {
      sellerId: seller.id,
      offeringId: offering.id,
      key: 'render.4k',
      displayName: 'Render',
      rate: 0.01,
      sampleSeconds: 60,
      rateLimit: 30,
      accessLevel: 'Allowed',
      allowance: 500,
      allowancePeriodUnit: IntervalUnit.Month,
    });
    expect(feature).toMatchObject({ key: 'render.4k', rateLimit: 30, allowance: 500, allowancePeriodUnit: IntervalUnit.Month });

    const catalog = await listSellerCatalog(ctx(), seller.id);
    expect(catalog).toMatchObject({ issuerClientId: seller.issuerClientId, isCheckoutReady: false });
    expect(catalog.products).toHaveLength(1);
    expect(catalog.products[0]!.offerings.map((o) => o.id)).toEqual([offering.id]);
    expect(catalog.products[0]!.offerings[0]!.features.map((f) => f.key)).toEqual(['render.4k']);
  });

  it('listSellerCatalog shows unlisted, draft and archived offerings too, and no database column beyond its view', async () => {
    const { seller, product } = await sellerWithProduct();
    await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Draft', status: CatalogStatus.Draft, ...perpetual });
    await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Archived', status: CatalogStatus.Archived, ...perpetual });
    await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Unlisted', ...perpetual });
    const offerings = (await listSellerCatalog(ctx(), seller.id)).products[0]!.offerings;
    expect(offerings.map((o) => o.name)).toEqual(['Draft', 'Archived', 'Unlisted']);
    expect(Object.keys(offerings[0]!)).not.toContain('priceMinor');
    expect(Object.keys(offerings[0]!)).not.toContain('sellerId');
  });

  it('upsertFeature by offering and key replaces the existing feature; deleteFeature removes it', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual });
    const first = await upsertFeature(ctx(), { sellerId: seller.id, offeringId: offering.id, key: 'export', displayName: 'Export', rateLimit: 10 });
    const second = await upsertFeature(ctx(), { sellerId: seller.id, offeringId: offering.id, key: 'export', displayName: 'Export PDF', accessLevel: 'Denied' });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ displayName: 'Export PDF', rateLimit: null, accessLevel: 'Denied' });
    expect(await setup.database.db.feature.count({ where: { offeringId: offering.id } })).toBe(1);

    await deleteFeature(ctx(), { sellerId: seller.id, featureId: first.id });
    expect(await setup.database.db.feature.count({ where: { offeringId: offering.id } })).toBe(0);
  });

  it('updateProduct and updateOffering replace every field of the data model', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual });
    const renamed = await updateProduct(ctx(), { sellerId: seller.id, productId: product.id, name: 'Studio 2', description: '', status: CatalogStatus.Draft, platform: 3 });
    expect(renamed).toMatchObject({ name: 'Studio 2', description: '', status: CatalogStatus.Draft, platform: 3 });

    const edited = await updateOffering(ctx(), {
      sellerId: seller.id,
      offeringId: offering.id,
      name: 'Yearly',
      description: 'Billed every year',
      status: CatalogStatus.Active,
      classification: LicenseClassification.Subscription,
      category: 1,
      baseRate: 1200,
      currency: 'jpy',
      interval: 1,
      intervalUnit: IntervalUnit.Year,
      seatBased: true,
      listed: true,
    });
    expect(edited).toMatchObject({ name: 'Yearly', description: 'Billed every year', classification: 1, category: 1, baseRate: 1200, currency: 'jpy', interval: 1, intervalUnit: IntervalUnit.Year, seatBased: true, listed: true });
    // jpy has no minor unit: 1200 yen are stored as 1200.
    expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } })).priceMinor).toBe(1200);
  });
});

describe('every operation is scoped to the seller', () => {
  it("another seller's product, offering or feature answers NotFound and is left unchanged", async () => {
    const owner = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: owner.seller.id, productId: owner.product.id, name: 'Lifetime', ...perpetual });
    const feature = await upsertFeature(ctx(), { sellerId: owner.seller.id, offeringId: offering.id, key: 'editor', displayName: 'Editor' });
    const before = await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id }, include: { features: true, product: true } });

    const intruder = await createSeller(setup.database.db);
    const sellerId = intruder.id;
    const attempts: (() => Promise<unknown>)[] = [
      () => updateProduct(ctx(), { sellerId, productId: owner.product.id, name: 'Taken' }),
      () => createOffering(ctx(), { sellerId, productId: owner.product.id, name: 'Injected', ...perpetual }),
      () => updateOffering(ctx(), { sellerId, offeringId: offering.id, name: 'Taken', ...perpetual }),
      () => setOfferingListed(ctx(), { sellerId, offeringId: offering.id, listed: true }),
      () => upsertFeature(ctx(), { sellerId, offeringId: offering.id, key: 'editor', displayName: 'Taken' }),
      () => upsertFeature(ctx(), { sellerId, offeringId: offering.id, key: 'injected', displayName: 'Injected' }),
      () => deleteFeature(ctx(), { sellerId, featureId: feature.id }),
    ];
    for (const attempt of attempts) expect((await refusalOf(attempt())).code).toBe('NotFound');

    const after = await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id }, include: { features: true, product: true } });
    expect(after).toEqual(before);
    expect(await setup.database.db.offering.count({ where: { productId: owner.product.id } })).toBe(1);
    expect((await listSellerCatalog(ctx(), intruder.id)).products).toEqual([]);
  });
});

describe('classification rules (ValidationError with Details naming the Field)', () => {
  it('a subscription without interval and interval unit is refused', async () => {
    const { seller, product } = await sellerWithProduct();
    const error = await refusalOf(
      createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Monthly', classification: LicenseClassification.Subscription, baseRate: 5 }),
    );
    expect(error.code).toBe('ValidationError');
    expect(error.details?.map((d) => d.Field).sort()).toEqual(['Interval', 'IntervalUnit']);
    expect(await setup.database.db.offering.count({ where: { productId: product.id } })).toBe(0);
  });

  it('a perpetual offering with an interval is refused', async () => {
    const { seller, product } = await sellerWithProduct();
    const error = await refusalOf(
      createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual, interval: 1, intervalUnit: IntervalUnit.Year }),
    );
    expect(error.code).toBe('ValidationError');
    expect(error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ Field: 'Interval' }), expect.objectContaining({ Field: 'IntervalUnit' })]),
    );
  });

  it('a trial with a price is refused; a trial needs a length', async () => {
    const { seller, product } = await sellerWithProduct();
    const trial = { sellerId: seller.id, productId: product.id, name: 'Trial', classification: LicenseClassification.Trial };
    const priced = await refusalOf(createOffering(ctx(), { ...trial, baseRate: 10, interval: 14, intervalUnit: IntervalUnit.Day }));
    expect(priced.code).toBe('ValidationError');
    expect(priced.details?.map((d) => d.Field)).toEqual(['BaseRate']);
    const endless = await refusalOf(createOffering(ctx(), trial));
    expect(endless.details?.map((d) => d.Field).sort()).toEqual(['Interval', 'IntervalUnit']);

    const ok = await createOffering(ctx(), { ...trial, interval: 14, intervalUnit: IntervalUnit.Day });
    expect(ok).toMatchObject({ baseRate: null, interval: 14, intervalUnit: IntervalUnit.Day });
  });

  it('an edit is held to the same rules as a creation', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual });
    const error = await refusalOf(updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Lifetime', classification: LicenseClassification.Subscription, baseRate: 5 }));
    expect(error.details?.map((d) => d.Field).sort()).toEqual(['Interval', 'IntervalUnit']);
    expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } })).classification).toBe(LicenseClassification.Perpetual);
  });

  it('a negative price, a bad or unknown currency, more decimals than the currency has and a bad feature key are refused', async () => {
    const { seller, product } = await sellerWithProduct();
    const base = { sellerId: seller.id, productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual };
    expect((await refusalOf(createOffering(ctx(), { ...base, baseRate: -1 }))).details?.map((d) => d.Field)).toEqual(['BaseRate']);
    expect((await refusalOf(createOffering(ctx(), { ...base, baseRate: 1, currency: 'dollars' }))).details?.map((d) => d.Field)).toEqual(['Currency']);
    // Three letters are not enough: the code must be an ISO 4217 currency.
    const unknownCurrency = await refusalOf(createOffering(ctx(), { ...base, baseRate: 1, currency: 'xyz' }));
    expect(unknownCurrency.details).toEqual([expect.objectContaining({ Field: 'Currency', Message: 'Enter an ISO 4217 currency code such as usd or eur.' })]);
    expect((await refusalOf(createOffering(ctx(), { ...base, baseRate: 9.999, currency: 'usd' }))).details?.map((d) => d.Field)).toEqual(['BaseRate']);
    expect(await setup.database.db.offering.count({ where: { productId: product.id } })).toBe(0);

    const offering = await createOffering(ctx(), { ...base, baseRate: 0 });
    expect(offering.baseRate).toBe(0);
    for (const key of ['Upper', '-leading', 'has space', 'x'.repeat(65)]) {
      const error = await refusalOf(upsertFeature(ctx(), { sellerId: seller.id, offeringId: offering.id, key, displayName: 'Bad' }));
      expect(error.details?.map((d) => d.Field)).toEqual(['Key']);
    }
    const allowance = await refusalOf(upsertFeature(ctx(), { sellerId: seller.id, offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 10 }));
    expect(allowance.details?.map((d) => d.Field)).toEqual(['AllowancePeriodUnit']);
  });
});

describe('listing and the purchase API', () => {
  it('listing makes the offering appear in getStorefront and unlisting removes it', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual });
    const listedIds = async () => Object.values((await getStorefront(ctx(), seller.issuerClientId)).offeringsByProduct).flat().map((o) => o.id);
    expect(await listedIds()).toEqual([]);

    await setOfferingListed(ctx(), { sellerId: seller.id, offeringId: offering.id, listed: true });
    expect(await listedIds()).toEqual([offering.id]);
    expect((await getOfferingDetail(ctx(), seller.issuerClientId, offering.id)).offering.baseRate).toBe(49);

    await setOfferingListed(ctx(), { sellerId: seller.id, offeringId: offering.id, listed: false });
    expect(await listedIds()).toEqual([]);
  });

  it('an edit is visible at once through the REST catalog read of this process, while a write that skips the service waits for the cache', async () => {
    const { handleRest } = await import('@/server/http/rest-app');
    const { closeDb } = await import('@/server/db');
    const { startInvalidationListener, stopInvalidationListener } = await import('@/server/platform/invalidation/invalidation');
    onTestFinished(async () => {
      await stopInvalidationListener();
      await closeDb();
    });
    // Listening before the first read: a listener that connects later drops every cache (notices
    // may have been missed meanwhile), which would clear the entry this test proves is cached.
    await startInvalidationListener(setup.database.url);

    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', listed: true, ...perpetual });
    const read = async () => {
      const response = await handleRest(new Request(`http://test/purchase/${seller.issuerClientId}/offerings`));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { OfferingsByProduct: Record<string, { Id: string; Name: string; BaseRate: number | null }[]> };
      return Object.values(body.OfferingsByProduct).flat();
    };

    expect(await read()).toEqual([expect.objectContaining({ Id: offering.id, Name: 'Lifetime', BaseRate: 49 })]);
    // The creation's own notice comes back through the listener; a read whose load overlapped it
    // is answered but not kept (it may predate the change). Once it has arrived, a read is kept.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await read()).toEqual([expect.objectContaining({ Id: offering.id, Name: 'Lifetime', BaseRate: 49 })]);

    // Proof that the read is cached: a write around the services is not seen yet.
    await setup.database.db.offering.update({ where: { id: offering.id }, data: { name: 'Sneaked' } });
    expect((await read())[0]!.Name).toBe('Lifetime');

    await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Lifetime Plus', listed: true, ...perpetual, baseRate: 59 });
    expect(await read()).toEqual([expect.objectContaining({ Id: offering.id, Name: 'Lifetime Plus', BaseRate: 59 })]);

    await setOfferingListed(ctx(), { sellerId: seller.id, offeringId: offering.id, listed: false });
    expect(await read()).toEqual([]);
  });

  it('markCheckoutReady flips IsCheckoutReady in the storefront', async () => {
    const { seller } = await sellerWithProduct();
    expect((await getStorefront(ctx(), seller.issuerClientId)).isCheckoutReady).toBe(false);
    expect(await markCheckoutReady(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: true });
    expect((await getStorefront(ctx(), seller.issuerClientId)).isCheckoutReady).toBe(true);
    expect((await listSellerCatalog(ctx(), seller.id)).isCheckoutReady).toBe(true);
    // Idempotent.
    expect(await markCheckoutReady(ctx(), { sellerId: seller.id })).toEqual({ isCheckoutReady: true });
  });
});

describe('the portal over tRPC', () => {
  it('acts for the seller of the signed-in person, whatever the input names, and a refused edit carries Details in data.details', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { createTrpcRouter } = await import('@/server/trpc/init');
    const { catalogAdminRouter } = await import('@/server/trpc/routers/catalog-admin-router');
    const router = createTrpcRouter({ catalogAdmin: catalogAdminRouter });

    const account = await setup.database.db.account.create({ data: { email: `seller-${Date.now()}@example.test` } });
    const seller = await createSeller(setup.database.db);
    await setup.database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
    const other = await sellerWithProduct();

    const call = async (procedure: string, input?: unknown) => {
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        router,
        req: new Request(`http://test/api/trpc/${procedure}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input === undefined ? {} : { json: input }),
        }),
        createContext: async () => ({ db: setup.database.db, session: { accountId: account.id, email: account.email } }),
      });
      return { status: response.status, body: (await response.json()) as { result?: { data: { json: Record<string, unknown> } }; error?: { json: { data: { apiCode: string; details: { Field: string }[] | null } } } } };
    };

    const created = await call('catalogAdmin.createProduct', { name: 'Mine', sellerId: other.seller.id });
    expect(created.status).toBe(200);
    expect(await setup.database.db.product.findUniqueOrThrow({ where: { id: created.body.result!.data.json.id as string } })).toMatchObject({ sellerId: seller.id });

    const foreign = await call('catalogAdmin.createOffering', { productId: other.product.id, name: 'Injected', classification: LicenseClassification.Perpetual });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error!.json.data.apiCode).toBe('NotFound');

    const invalid = await call('catalogAdmin.createOffering', { productId: created.body.result!.data.json.id, name: 'Monthly', classification: LicenseClassification.Subscription });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error!.json.data.apiCode).toBe('ValidationError');
    expect(invalid.body.error!.json.data.details!.map((d) => d.Field).sort()).toEqual(['Interval', 'IntervalUnit']);

    const read = await fetchRequestHandler({
      endpoint: '/api/trpc',
      router,
      req: new Request('http://test/api/trpc/catalogAdmin.list'),
      createContext: async () => ({ db: setup.database.db, session: { accountId: account.id, email: account.email } }),
    });
    const catalog = ((await read.json()) as { result: { data: { json: { issuerClientId: string; products: { name: string }[] } } } }).result.data.json;
    expect(catalog.issuerClientId).toBe(seller.issuerClientId);
    expect(catalog.products.map((p) => p.name)).toEqual(['Mine']);
  });
});

describe('names buyers choose by', () => {
  it('a second product of the seller, or a second offering of the product, with the same name (any case) is refused on Name', async () => {
    const { seller, product } = await sellerWithProduct();
    const taken = await refusalOf(createProduct(ctx(), { sellerId: seller.id, name: ' studio ' }));
    expect(taken.code).toBe('ValidationError');
    expect(taken.details).toEqual([{ Code: 'Duplicate', Field: 'Name', Message: 'Another of your products is already called “studio”. Give this one a different name.' }]);
    const other = await createProduct(ctx(), { sellerId: seller.id, name: 'Studio Lite' });
    expect((await refusalOf(updateProduct(ctx(), { sellerId: seller.id, productId: other.id, name: 'STUDIO' }))).details?.map((d) => d.Field)).toEqual(['Name']);
    // Saving a product under its own name is no clash; another seller may use the name too.
    expect((await updateProduct(ctx(), { sellerId: seller.id, productId: product.id, name: 'Studio', description: 'Renamed nothing' })).description).toBe('Renamed nothing');
    const elsewhere = await createSeller(setup.database.db);
    expect((await createProduct(ctx(), { sellerId: elsewhere.id, name: 'Studio' })).name).toBe('Studio');

    const monthly = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', ...perpetual });
    const clash = await refusalOf(createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'LIFETIME', ...perpetual }));
    expect(clash.details).toEqual([expect.objectContaining({ Code: 'Duplicate', Field: 'Name' })]);
    const second = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Forever', ...perpetual });
    expect((await refusalOf(updateOffering(ctx(), { sellerId: seller.id, offeringId: second.id, name: 'lifetime', ...perpetual }))).details?.map((d) => d.Field)).toEqual(['Name']);
    expect((await updateOffering(ctx(), { sellerId: seller.id, offeringId: monthly.id, name: 'Lifetime', ...perpetual, baseRate: 59 })).baseRate).toBe(59);
    // The same offering name in another product is fine.
    expect((await createOffering(ctx(), { sellerId: seller.id, productId: other.id, name: 'Lifetime', ...perpetual })).name).toBe('Lifetime');
  });
});

describe('the switches of an offering', () => {
  it('an edit that leaves out listed and allowRepeatPurchase keeps them; setOfferingRepeatPurchase switches repeat purchases', async () => {
    const { seller, product } = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: seller.id, productId: product.id, name: 'Lifetime', listed: true, ...perpetual });
    expect(offering.allowRepeatPurchase).toBe(false);
    const switched = await setOfferingRepeatPurchase(ctx(), { sellerId: seller.id, offeringId: offering.id, allowRepeatPurchase: true });
    expect(switched).toMatchObject({ listed: true, allowRepeatPurchase: true });

    const edited = await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Lifetime Plus', ...perpetual });
    expect(edited).toMatchObject({ name: 'Lifetime Plus', listed: true, allowRepeatPurchase: true });
    const stored = await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } });
    expect(stored).toMatchObject({ listed: true, allowRepeatPurchase: true });

    const unlisted = await updateOffering(ctx(), { sellerId: seller.id, offeringId: offering.id, name: 'Lifetime Plus', ...perpetual, listed: false, allowRepeatPurchase: false });
    expect(unlisted).toMatchObject({ listed: false, allowRepeatPurchase: false });
  });

  it("the pages' reads and the repeat-purchase switch answer NotFound for another seller's ids", async () => {
    const owner = await sellerWithProduct();
    const offering = await createOffering(ctx(), { sellerId: owner.seller.id, productId: owner.product.id, name: 'Lifetime', ...perpetual });
    expect((await getSellerProduct(ctx(), { sellerId: owner.seller.id, productId: owner.product.id })).offerings.map((o) => o.id)).toEqual([offering.id]);
    expect(await getSellerOffering(ctx(), { sellerId: owner.seller.id, offeringId: offering.id })).toMatchObject({ offering: { id: offering.id }, product: { id: owner.product.id, name: 'Studio' } });

    const intruder = await createSeller(setup.database.db);
    expect((await refusalOf(getSellerProduct(ctx(), { sellerId: intruder.id, productId: owner.product.id }))).code).toBe('NotFound');
    expect((await refusalOf(getSellerOffering(ctx(), { sellerId: intruder.id, offeringId: offering.id }))).code).toBe('NotFound');
    expect((await refusalOf(setOfferingRepeatPurchase(ctx(), { sellerId: intruder.id, offeringId: offering.id, allowRepeatPurchase: true }))).code).toBe('NotFound');
    expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: offering.id } })).allowRepeatPurchase).toBe(false);
  });
});
