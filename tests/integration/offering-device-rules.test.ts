import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { describeDeviceRules } from '@/server/catalog/describe-offering';
import { createProduct } from '@/server/catalog/manage/create-product';
import { applyDuePlanChanges } from '@/server/licensing/licenses/apply-plan-changes';
import { createSeller } from '../support/factories';
import { ok, refused } from '../support/management-http';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// An offering's device rules (ours, beside the spec's fields; docs/api/catalog.md "Device rules"):
// MaxDevices (1-1000, null: any number), DeviceMode (NodeLocked | Floating) and MaxOfflineDays (0-90),
// written by the portal's tRPC procedures and the MCP seller tool, answered by every view of an
// offering, and copied onto a license when it is sold and when a plan change moves it (DESIGN.md
// "Entitlements are fixed at sale"). What is checked: the answer, the REST views and the rows.

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

const monthly = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month };
const DEFAULTS = { maxDevices: null, deviceMode: 'NodeLocked', maxOfflineDays: 30 };

/** A seller signed in to the portal (the tRPC caller its pages use), with a product and an account API key. */
async function portalSeller() {
  const { appRouter } = await import('@/server/trpc/app-router');
  const seller = await createSeller(database.db, { checkoutReady: true });
  const account = await database.db.account.create({ data: { email: `seller-${crypto.randomUUID()}@example.test` } });
  await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
  const product = await createProduct(ctx(), { sellerId: seller.id, name: 'Studio' });
  const { key } = await createApiKey(ctx(), { sellerId: seller.id, label: 'backend' });
  const portal = appRouter.createCaller({ db: database.db, session: { accountId: account.id, email: account.email } });
  return { seller, product, key, portal };
}

const deviceColumns = (offeringId: string) => database.db.offering.findUniqueOrThrow({ where: { id: offeringId }, select: { maxDevices: true, deviceMode: true, maxOfflineDays: true } });
const licenseDeviceColumns = (licenseId: string) => database.db.license.findUniqueOrThrow({ where: { id: licenseId }, select: { offeringId: true, maxDevices: true, deviceMode: true, maxOfflineDays: true } });

/** The storefront's and the detail's view of one offering, as the REST catalog answers them. */
async function restViews(issuerClientId: string, productId: string, offeringId: string) {
  const storefront = await service.fetch(`/purchase/${issuerClientId}/offerings`);
  expect(storefront.status).toBe(200);
  const listed = ((await storefront.json()) as { OfferingsByProduct: Record<string, Record<string, unknown>[]> }).OfferingsByProduct[productId]!.find((offering) => offering.Id === offeringId);
  const detail = await service.fetch(`/purchase/${issuerClientId}/offerings/${offeringId}`);
  expect(detail.status).toBe(200);
  return { listed, detail: ((await detail.json()) as { Offering: Record<string, unknown> }).Offering };
}

const post = (path: string, apiKey: string, body: Record<string, unknown>) =>
  service.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey }, body: JSON.stringify({ RequestId: crypto.randomUUID(), ...body }) });

describe('an offering is written with its device rules (the portal’s tRPC procedures)', () => {
  it('catalogAdmin.createOffering keeps MaxDevices, DeviceMode and MaxOfflineDays: in its answer, in the row, and in the storefront and detail views', async () => {
    const { seller, product, portal } = await portalSeller();
    const created = await portal.catalogAdmin.createOffering({ productId: product.id, name: 'Floating 5', ...monthly, baseRate: 20, listed: true, maxDevices: 5, deviceMode: 'Floating', maxOfflineDays: 7 });
    expect(created).toMatchObject({ maxDevices: 5, deviceMode: 'Floating', maxOfflineDays: 7 });
    expect(await deviceColumns(created.id)).toEqual({ maxDevices: 5, deviceMode: 'Floating', maxOfflineDays: 7 });

    const views = await restViews(seller.issuerClientId, product.id, created.id);
    for (const view of [views.listed, views.detail]) expect(view).toMatchObject({ MaxDevices: 5, DeviceMode: 'Floating', MaxOfflineDays: 7 });
    expect((await portal.catalogAdmin.list()).products[0]!.offerings[0]).toMatchObject({ maxDevices: 5, deviceMode: 'Floating', maxOfflineDays: 7 });
  });

  it('left out of a new offering, the rules are any number of devices, node-locked, offline files of up to 30 days; every view carries them, MaxDevices as null', async () => {
    const { seller, product, portal } = await portalSeller();
    const created = await portal.catalogAdmin.createOffering({ productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, baseRate: 49, listed: true });
    expect(created).toMatchObject(DEFAULTS);
    expect(await deviceColumns(created.id)).toEqual(DEFAULTS);
    const views = await restViews(seller.issuerClientId, product.id, created.id);
    for (const view of [views.listed, views.detail]) expect(view).toMatchObject({ MaxDevices: null, DeviceMode: 'NodeLocked', MaxOfflineDays: 30 });
  });

  it('an edit changes only the device rules it names; one that names none keeps them all', async () => {
    const { product, portal } = await portalSeller();
    const terms = { productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, baseRate: 49 };
    const created = await portal.catalogAdmin.createOffering({ ...terms, maxDevices: 3, deviceMode: 'Floating', maxOfflineDays: 14 });
    const { productId: _productId, ...edit } = { ...terms, offeringId: created.id };

    expect(await portal.catalogAdmin.updateOffering({ ...edit, maxDevices: 2 })).toMatchObject({ maxDevices: 2, deviceMode: 'Floating', maxOfflineDays: 14 });
    expect(await portal.catalogAdmin.updateOffering({ ...edit, deviceMode: 'NodeLocked', maxOfflineDays: 0 })).toMatchObject({ maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 0 });
    expect(await portal.catalogAdmin.updateOffering({ ...edit, name: 'Lifetime 2' })).toMatchObject({ name: 'Lifetime 2', maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 0 });
    // Null is a value: back to any number of devices.
    expect(await portal.catalogAdmin.updateOffering({ ...edit, maxDevices: null })).toMatchObject({ maxDevices: null, deviceMode: 'NodeLocked', maxOfflineDays: 0 });
    expect(await deviceColumns(created.id)).toEqual({ maxDevices: null, deviceMode: 'NodeLocked', maxOfflineDays: 0 });
  });

  it('“Sell an app” (catalogAdmin.startSellingApp) writes the rules with its offering, and its defaults without them', async () => {
    const { portal } = await portalSeller();
    const offering = { name: 'Standard', billing: 'once' as const, baseRate: 30, currency: 'usd', interval: null, intervalUnit: null };
    const limited = await portal.catalogAdmin.startSellingApp({ product: { name: 'Limited app' }, offering: { ...offering, maxDevices: 1, maxOfflineDays: 90 } });
    expect(await deviceColumns(limited.offering.id)).toEqual({ maxDevices: 1, deviceMode: 'NodeLocked', maxOfflineDays: 90 });
    const plain = await portal.catalogAdmin.startSellingApp({ product: { name: 'Plain app' }, offering });
    expect(await deviceColumns(plain.offering.id)).toEqual(DEFAULTS);
  });
});

describe('a bad device rule is refused: ValidationError naming the field, and nothing written', () => {
  const BAD: [string, Record<string, unknown>][] = [
    ['MaxDevices', { maxDevices: 0 }],
    ['MaxDevices', { maxDevices: 1001 }],
    ['MaxDevices', { maxDevices: 1.5 }],
    ['DeviceMode', { deviceMode: 'Sometimes' }],
    ['MaxOfflineDays', { maxOfflineDays: 91 }],
    ['MaxOfflineDays', { maxOfflineDays: -1 }],
    ['MaxOfflineDays', { maxOfflineDays: 1.5 }],
  ];

  it.each(BAD)('%s %j on a creation and on an edit is BAD_REQUEST (400) ValidationError whose Details name the field', async (field, bad) => {
    const { product, portal } = await portalSeller();
    const terms = { productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, baseRate: 49 };
    const refusal = { code: 'BAD_REQUEST', cause: { apiCode: 'ValidationError', details: [expect.objectContaining({ Field: field })] } };
    await expect(portal.catalogAdmin.createOffering({ ...terms, ...bad })).rejects.toMatchObject(refusal);
    expect(await database.db.offering.count({ where: { productId: product.id } })).toBe(0);

    const created = await portal.catalogAdmin.createOffering({ ...terms, maxDevices: 4 });
    const { productId: _productId, ...edit } = terms;
    await expect(portal.catalogAdmin.updateOffering({ ...edit, offeringId: created.id, ...bad })).rejects.toMatchObject(refusal);
    expect(await deviceColumns(created.id)).toEqual({ maxDevices: 4, deviceMode: 'NodeLocked', maxOfflineDays: 30 });
  });

  it('over the portal’s HTTP endpoint the refusal is status 400 with the ApiError Code and the PascalCase Field', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { appRouter } = await import('@/server/trpc/app-router');
    const { seller, product } = await portalSeller();
    const member = await database.db.sellerMember.findFirstOrThrow({ where: { sellerId: seller.id }, include: { account: true } });
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      router: appRouter,
      req: new Request('http://test/api/trpc/catalogAdmin.createOffering', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, maxDevices: 1001, maxOfflineDays: 91 } }),
      }),
      createContext: async () => ({ db: database.db, session: { accountId: member.accountId, email: member.account.email } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { data: { apiCode: string; details: { Field: string }[] } } } };
    expect(body.error.json.data.apiCode).toBe('ValidationError');
    expect(body.error.json.data.details.map((detail) => detail.Field).sort()).toEqual(['MaxDevices', 'MaxOfflineDays']);
  });
});

describe('the MCP seller tool and the catalog tools', () => {
  async function callTool(name: string, args: object, apiKey?: string) {
    const response = await service.fetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(apiKey ? { 'dub-apiKey': apiKey } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown>; content: { type: string; text: string }[] } }).result;
  }

  it('create_offering takes MaxDevices, DeviceMode and MaxOfflineDays (refusing MaxDevices 0 by name); get_offering and search_offerings answer them, and get_offering says them', async () => {
    const { seller, product, key } = await portalSeller();
    const common = { ProductId: product.id, Name: 'Agent Seats', Classification: LicenseClassification.Perpetual, BaseRate: 25 };

    const refusal = await callTool('create_offering', { ...common, RequestId: crypto.randomUUID(), MaxDevices: 0 }, key);
    expect(refusal.isError).toBe(true);
    expect(JSON.parse(refusal.content[0]!.text)).toMatchObject({ Code: 'ValidationError', Details: [expect.objectContaining({ Field: 'MaxDevices' })] });
    expect(await database.db.offering.count({ where: { productId: product.id } })).toBe(0);

    const created = await callTool('create_offering', { ...common, RequestId: crypto.randomUUID(), MaxDevices: 2, DeviceMode: 'NodeLocked', MaxOfflineDays: 0 }, key);
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ MaxDevices: 2, DeviceMode: 'NodeLocked', MaxOfflineDays: 0 });
    const offeringId = created.structuredContent.Id as string;
    expect(await deviceColumns(offeringId)).toEqual({ maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 0 });
    await callTool('set_offering_listed', { RequestId: crypto.randomUUID(), OfferingId: offeringId, Listed: true }, key);

    const read = await callTool('get_offering', { IssuerClientId: seller.issuerClientId, OfferingId: offeringId });
    expect(read.structuredContent.Offering).toMatchObject({ MaxDevices: 2, DeviceMode: 'NodeLocked', MaxOfflineDays: 0 });
    expect(read.content[0]!.text).toContain('Devices: Up to 2 devices, each until it is deactivated; no offline use');
    const found = await callTool('search_offerings', { IssuerClientId: seller.issuerClientId, Query: 'Agent Seats' });
    expect((found.structuredContent.Offerings as { Offering: Record<string, unknown> }[])[0]!.Offering).toMatchObject({ MaxDevices: 2, DeviceMode: 'NodeLocked', MaxOfflineDays: 0 });
    const catalog = await callTool('list_catalog', {}, key);
    expect(JSON.stringify(catalog.structuredContent)).toContain('"MaxDevices":2');
  });

  it('the device line reads as a buyer would: any number, node-locked, floating, per seat, offline days', () => {
    expect(describeDeviceRules({ maxDevices: null, deviceMode: 'NodeLocked', maxOfflineDays: 30 })).toBe('Any number of devices; offline up to 30 days');
    expect(describeDeviceRules({ maxDevices: 1, deviceMode: 'NodeLocked', maxOfflineDays: 1 })).toBe('Up to 1 device, each until it is deactivated; offline up to 1 day');
    expect(describeDeviceRules({ maxDevices: 5, deviceMode: 'Floating', maxOfflineDays: 0 }, { perSeat: true })).toBe("Up to 5 devices per seat at a time (a device's place frees when it stops checking in); no offline use");
  });
});

describe('a license keeps the device rules it was sold with', () => {
  it('a license is minted with its offering’s rules (management POST /licensing-mgmt/licenses); a later edit of the offering changes new licenses only', async () => {
    const { product, key, portal } = await portalSeller();
    const terms = { productId: product.id, name: 'Lifetime', classification: LicenseClassification.Perpetual, baseRate: 49 };
    const offering = await portal.catalogAdmin.createOffering({ ...terms, maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 10 });

    const sold = await ok(await post('/licensing-mgmt/licenses', key, { OfferingId: offering.id, CorrelationId: `tenant-${crypto.randomUUID()}`, Seats: 1 }));
    expect(await licenseDeviceColumns(sold.License.LicenseId)).toEqual({ offeringId: offering.id, maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 10 });

    const { productId: _productId, ...edit } = terms;
    await portal.catalogAdmin.updateOffering({ ...edit, offeringId: offering.id, maxDevices: 8, deviceMode: 'Floating', maxOfflineDays: 0 });
    expect(await licenseDeviceColumns(sold.License.LicenseId)).toEqual({ offeringId: offering.id, maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 10 });
    const later = await ok(await post('/licensing-mgmt/licenses', key, { OfferingId: offering.id, CorrelationId: `tenant-${crypto.randomUUID()}`, Seats: 1 }));
    expect(await licenseDeviceColumns(later.License.LicenseId)).toEqual({ offeringId: offering.id, maxDevices: 8, deviceMode: 'Floating', maxOfflineDays: 0 });
  });

  it('a license bought through a checkout (the local processor’s Pay) takes its offering’s rules at settlement', async () => {
    const { product, key, portal } = await portalSeller();
    const offering = await portal.catalogAdmin.createOffering({ productId: product.id, name: 'Team', ...monthly, baseRate: 30, seatBased: true, listed: true, maxDevices: 3, deviceMode: 'Floating', maxOfflineDays: 5 });
    const licenseId = await boughtLicense(key, offering.id, 2);
    expect(await licenseDeviceColumns(licenseId)).toEqual({ offeringId: offering.id, maxDevices: 3, deviceMode: 'Floating', maxOfflineDays: 5 });
  });

  it('a plan change moves the license onto the new offering’s rules: now at once, at the period’s end when the sweep applies it (the rules then)', async () => {
    const { product, key, portal } = await portalSeller();
    const plan = (name: string, baseRate: number, rules: Record<string, unknown>) =>
      portal.catalogAdmin.createOffering({ productId: product.id, name, ...monthly, baseRate, seatBased: true, listed: true, ...rules });
    const team = await plan('Team', 30, { maxDevices: 1, deviceMode: 'NodeLocked', maxOfflineDays: 30 });
    const pro = await plan('Team Pro', 50, { maxDevices: 4, deviceMode: 'Floating', maxOfflineDays: 0 });
    const lite = await plan('Team Lite', 20, { maxDevices: 2, deviceMode: 'NodeLocked', maxOfflineDays: 60 });

    const upgraded = await boughtLicense(key, team.id, 2);
    const now = await ok(await post(`/licensing-mgmt/licenses/${upgraded}/change-offering`, key, { OfferingId: pro.id }));
    expect(now.PlanChange).toMatchObject({ Status: 'applied', When: 'now' });
    expect(await licenseDeviceColumns(upgraded)).toEqual({ offeringId: pro.id, maxDevices: 4, deviceMode: 'Floating', maxOfflineDays: 0 });

    const downgraded = await boughtLicense(key, team.id, 2);
    const scheduled = await ok(await post(`/licensing-mgmt/licenses/${downgraded}/change-offering`, key, { OfferingId: lite.id }));
    expect(scheduled.PlanChange).toMatchObject({ Status: 'scheduled', When: 'period_end' });
    expect(await licenseDeviceColumns(downgraded)).toEqual({ offeringId: team.id, maxDevices: 1, deviceMode: 'NodeLocked', maxOfflineDays: 30 });
    // The seller edits Team Lite meanwhile: the change applies the offering as it is when it applies, like its features.
    await portal.catalogAdmin.updateOffering({ offeringId: lite.id, name: 'Team Lite', ...monthly, baseRate: 20, seatBased: true, maxDevices: 6 });
    expect(await applyDuePlanChanges({ db: database.db, now: () => new Date(scheduled.PlanChange.EffectiveUtc) })).toEqual({ applied: 1, cancelled: 0 });
    expect(await licenseDeviceColumns(downgraded)).toEqual({ offeringId: lite.id, maxDevices: 6, deviceMode: 'NodeLocked', maxOfflineDays: 60 });
  });

  it('a plan change that is refused leaves the license’s rules as they were', async () => {
    const { product, key, portal } = await portalSeller();
    const team = await portal.catalogAdmin.createOffering({ productId: product.id, name: 'Team', ...monthly, baseRate: 30, seatBased: true, listed: true, maxDevices: 1 });
    const yearly = await portal.catalogAdmin.createOffering({ productId: product.id, name: 'Team Yearly', ...monthly, intervalUnit: IntervalUnit.Year, baseRate: 300, seatBased: true, listed: true, maxDevices: 9 });
    const licenseId = await boughtLicense(key, team.id, 1);
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/change-offering`, key, { OfferingId: yearly.id }), 400, 'ValidationError');
    expect(await licenseDeviceColumns(licenseId)).toEqual({ offeringId: team.id, maxDevices: 1, deviceMode: 'NodeLocked', maxOfflineDays: 30 });
  });
});

/** A tenant's license of `offeringId` for `seats` seats, bought by embedded checkout and paid on the local processor. */
async function boughtLicense(key: string, offeringId: string, seats: number): Promise<string> {
  const tenant = `tenant-${crypto.randomUUID()}`;
  const session = await ok(await post('/licensing/checkout/embedded', key, { OfferingId: offeringId, CorrelationId: tenant, CustomerEmail: `${tenant}@example.test`, Quantity: seats }));
  expect((await service.fetch(`/checkout/local/${session.SessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const result = await ok(await post('/licensing/checkout/session/result', key, { SessionId: session.SessionId }));
  return result.LicenseId as string;
}
