import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { documentedOperations } from '@/server/http/rest-app';
import { CatalogStatus } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { storefrontSchema } from '@/server/catalog/catalog.schemas';
import { toWire } from '@/server/wire/wire';

let database: TestDatabase;
let server: TestServer;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const STOREFRONT_KEYS = ['ClientId', 'IsCheckoutReady', 'OfferingsByProduct', 'Products'];
const PRODUCT_KEYS = ['ClientId', 'Description', 'Id', 'Name', 'Platform', 'Status'];
// The spec's fields, Prices (ours: every price of the offering) and the device rules (ours:
// MaxDevices, DeviceMode, MaxOfflineDays; docs/api/catalog.md).
const OFFERING_KEYS = ['BaseRate', 'Category', 'ClientId', 'Currency', 'Description', 'DeviceMode', 'Id', 'Interval', 'IntervalUnit', 'LicenseClassification', 'MaxDevices', 'MaxOfflineDays', 'Name', 'Prices', 'ProductId', 'Status'];

describe('GET /purchase/{issuerClientId}/offerings', () => {
  it('returns the Storefront with exactly the spec fields and Prices (no Code, no Features), enumerations as numbers', async () => {
    const response = await get('/purchase/demo/offerings');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(STOREFRONT_KEYS);
    expect(body.ClientId).toBe('demo');
    expect(body.IsCheckoutReady).toBe(true);
    for (const product of body.Products) {
      expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
      expect(typeof product.Status).toBe('number');
      expect(typeof product.Platform).toBe('number');
    }
    const offerings = Object.values(body.OfferingsByProduct).flat() as Record<string, unknown>[];
    for (const offering of offerings) {
      expect(Object.keys(offering).sort()).toEqual(OFFERING_KEYS);
      expect(typeof offering.LicenseClassification).toBe('number');
      expect(typeof offering.Category).toBe('number');
      expect(offering.Currency).toMatch(/^[a-z]{3}$/);
    }
  });

  it('lists the seeded demo offerings: free perpetual, paid perpetual (node-locked to two devices), monthly subscription, trial and seats', async () => {
    const body = await (await get('/purchase/demo/offerings')).json();
    const offerings = Object.values(body.OfferingsByProduct).flat() as { Name: string; LicenseClassification: number; BaseRate: number | null; Interval: number | null; IntervalUnit: number | null }[];
    const byName = Object.fromEntries(offerings.map((offering) => [offering.Name, offering]));
    expect(byName['Community']).toMatchObject({ LicenseClassification: 2, BaseRate: null });
    expect(byName['Pro Lifetime']).toMatchObject({ LicenseClassification: 2, BaseRate: 49 });
    // The demo of activation limits: Pro Lifetime runs on two devices at once; the others on any number.
    expect(byName['Pro Lifetime']).toMatchObject({ MaxDevices: 2, DeviceMode: 'NodeLocked', MaxOfflineDays: 30 });
    for (const name of ['Community', 'Pro Monthly', 'Pro Trial', 'Team']) expect(byName[name]).toMatchObject({ MaxDevices: null, DeviceMode: 'NodeLocked', MaxOfflineDays: 30 });
    expect(byName['Pro Monthly']).toMatchObject({ LicenseClassification: 1, BaseRate: 9.99, Interval: 1, IntervalUnit: 2 });
    expect(byName['Pro Trial']).toMatchObject({ LicenseClassification: 0, Interval: 14, IntervalUnit: 0 });
    expect(byName['Team']).toMatchObject({ LicenseClassification: 1, BaseRate: 15 });
  });

  it('shows only listed offerings: unlisted, draft and archived ones are left out', async () => {
    const seller = await createSeller(database.db);
    const product = await createProduct(database.db, seller.id);
    const listed = await createOffering(database.db, product, { name: 'Listed' });
    await createOffering(database.db, product, { name: 'Unlisted', listed: false });
    await createOffering(database.db, product, { name: 'Draft', status: CatalogStatus.Draft });
    await createOffering(database.db, product, { name: 'Archived', status: CatalogStatus.Archived });
    const hiddenProduct = await createProduct(database.db, seller.id, { status: CatalogStatus.Archived });
    await createOffering(database.db, hiddenProduct, { name: 'Of archived product' });

    const body = await (await get(`/purchase/${seller.issuerClientId}/offerings`)).json();
    expect(body.IsCheckoutReady).toBe(false);
    expect(body.Products.map((p: { Id: string }) => p.Id)).toEqual([product.id]);
    expect(body.OfferingsByProduct[product.id].map((o: { Id: string }) => o.Id)).toEqual([listed.id]);
  });

  it('an unknown seller is 404 NotFound whose CorrelationId equals the X-Correlation-Id header', async () => {
    const response = await get('/purchase/nope/offerings');
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.Code).toBe('NotFound');
    expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
  });

  it('sending x-correlation-id: abc echoes abc in the header and the body', async () => {
    const response = await get('/purchase/nope/offerings', { 'x-correlation-id': 'abc' });
    expect(response.headers.get('x-correlation-id')).toBe('abc');
    expect((await response.json()).CorrelationId).toBe('abc');
  });

  it('is cached for 90 seconds: Cache-Control says so, and an edit is not served before the entry lapses', async () => {
    const seller = await createSeller(database.db);
    const product = await createProduct(database.db, seller.id);
    await createOffering(database.db, product, { name: 'Before' });

    const first = await get(`/purchase/${seller.issuerClientId}/offerings`);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
    expect(first.headers.get('cache-control')).toContain('public');
    expect(maxAge).toBeGreaterThan(80);
    expect(maxAge).toBeLessThanOrEqual(90);

    await database.db.offering.updateMany({ where: { productId: product.id }, data: { name: 'After' } });
    const second = await (await get(`/purchase/${seller.issuerClientId}/offerings`)).json();
    expect(second.OfferingsByProduct[product.id][0].Name).toBe('Before');
  });
});

describe('GET /purchase/{issuerClientId}/offerings/{offeringId}', () => {
  it('returns the Offering detail with ResolvedFeatures', async () => {
    const response = await get(`/purchase/demo/offerings/${DEMO_IDS.monthly}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['IsCheckoutReady', 'IssuerClientId', 'Offering', 'Product', 'ResolvedFeatures']);
    expect(body.IssuerClientId).toBe('demo');
    expect(body.Offering.Id).toBe(DEMO_IDS.monthly);
    expect(Object.keys(body.Offering).sort()).toEqual(OFFERING_KEYS);
    expect(body.Product.Id).toBe(DEMO_IDS.product);
    const render = body.ResolvedFeatures.find((feature: { FeatureKey: string }) => feature.FeatureKey === 'cloud-render');
    expect(render).toEqual({
      FeatureKey: 'cloud-render',
      DisplayName: 'Cloud render',
      Description: expect.any(String),
      Rate: 0.01,
      SampleSeconds: 60,
      RateLimit: 120,
      ServiceAccessLevel: 'Allowed',
    });
    const editor = body.ResolvedFeatures.find((feature: { FeatureKey: string }) => feature.FeatureKey === 'editor');
    expect(editor).toMatchObject({ SampleSeconds: null, RateLimit: null });
  });

  it('an unlisted offering is 404 NotFound', async () => {
    const response = await get(`/purchase/demo/offerings/${DEMO_IDS.draft}`);
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe('NotFound');
  });

  it('an offering of another seller is 404 NotFound under this seller', async () => {
    const seller = await createSeller(database.db);
    const product = await createProduct(database.db, seller.id);
    const offering = await createOffering(database.db, product);
    expect((await get(`/purchase/${seller.issuerClientId}/offerings/${offering.id}`)).status).toBe(200);
    expect((await get(`/purchase/demo/offerings/${offering.id}`)).status).toBe(404);
  });

  it('an unknown offering id of any shape is 404 NotFound, never a server error', async () => {
    for (const id of ['does-not-exist', '%E0%A4%A', "1';drop table x"]) {
      const response = await get(`/purchase/demo/offerings/${id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).Code).toBe('NotFound');
    }
  });
});

describe('REST plumbing on the running service', () => {
  it.each(['/purchase/unknown/path/here', '/licensing/anything', '/licensing-mgmt/licenses/x/y/z', '/consumption/nothing', '/licensing/runtime/nothing', '/consumption/runtime/nothing'])(
    'unknown path %s answers ApiError 404 NotFound as JSON, never an HTML page',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = await response.json();
      expect(body.Code).toBe('NotFound');
      expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
    },
  );

  it('a wrong method on a REST path is 405 MethodNotAllowed as ApiError', async () => {
    const response = await fetch(`${server.baseUrl}/purchase/demo/offerings`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect((await response.json()).Code).toBe('MethodNotAllowed');
    expect(response.headers.get('allow')).toContain('GET');
  });

  const jsonRoutes = documentedOperations().filter((operation) => operation.surface === 'api' && operation.takesBody);

  it('the route table has JSON endpoints to check', () => {
    expect(jsonRoutes.map((route) => route.path)).toContain('/purchase/checkout');
  });

  it.each(jsonRoutes.map((route) => [route.method, route.path] as const))('%s %s with a body of { is 400 InvalidPayload, before any credential is looked at', async (method, path) => {
    const response = await fetch(`${server.baseUrl}${path.replace(/\{[A-Za-z]+\}/g, 'x')}`, { method, body: '{', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.Code).toBe('InvalidPayload');
    expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
  });

  it('the runtime paths are served by the direct mount with the same plumbing', async () => {
    const response = await fetch(`${server.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
      method: 'POST',
      body: '{',
      headers: { 'x-correlation-id': 'runtime-1' },
    });
    expect(response.headers.get('x-correlation-id')).toBe('runtime-1');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('tRPC catalog procedures (the pages call the same services)', () => {
  const trpc = (procedure: string, input: unknown) =>
    fetch(`${server.baseUrl}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);

  it('catalog.storefront returns the same Storefront as REST (camelCase for the pages, the REST body its PascalCase twin)', async () => {
    const response = await trpc('catalog.storefront', { issuerClientId: 'demo' });
    expect(response.status).toBe(200);
    const body = await response.json();
    const rest = await (await get('/purchase/demo/offerings')).json();
    expect(toWire(storefrontSchema, body.result.data.json)).toEqual(rest);
    expect(Object.keys(body.result.data.json)).toEqual(['clientId', 'isCheckoutReady', 'products', 'offeringsByProduct']);
  });

  it('a DomainError reaches the page with its ApiError Code', async () => {
    const response = await trpc('catalog.storefront', { issuerClientId: 'nope' });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error.json.data.apiCode).toBe('NotFound');
  });
});
