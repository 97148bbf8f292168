import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { getSellerLicenseDetail } from '@/server/licensing/licenses/get-seller-license-detail';
import { LICENSES_PER_PAGE, listSellerLicenses } from '@/server/licensing/licenses/list-seller-licenses';
import { listSellerCustomers } from '@/server/orders/list-seller-customers';
import { usageByFeatureAndDay } from '@/server/consumption/usage-by-feature-and-day';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rememberProcessConfig } from '../support/process-config';

// The services behind the portal's license pages, on a real database.

let database: TestDatabase;
let sellerId: string;
let otherSellerId: string;
const ctx = () => ({ db: database.db });

async function licenseOf(seller: string, options: { tenantId?: string | null; buyerEmail?: string; seats?: number } = {}) {
  const product = await createProduct(database.db, seller);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 1000, interval: 1, intervalUnit: IntervalUnit.Month });
  const buyer = options.buyerEmail ? await database.db.account.upsert({ where: { email: options.buyerEmail }, create: { email: options.buyerEmail }, update: {} }) : null;
  return database.db.$transaction((tx) =>
    mintLicense(tx, { offering, buyerAccountId: buyer?.id ?? null, correlationId: options.tenantId ?? null, tenantId: options.tenantId ?? null, seatCount: options.seats ?? 1 }),
  );
}

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);

beforeAll(async () => {
  database = await createTestDatabase();
  // Minting a one-seat license signs its code: the signing keys live in this database.
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: 'portal-licenses-test-secret-of-32-characters' });
  resetEnvForTests();
  sellerId = (await createSeller(database.db)).id;
  otherSellerId = (await createSeller(database.db)).id;
});

afterAll(async () => {
  restoreConfig();
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

describe('listSellerLicenses', () => {
  it('finds by tenant id (from its start) or customer e-mail (any case, anywhere), filters by status, never another seller’s', async () => {
    const acme = await licenseOf(sellerId, { tenantId: 'acme-eu', buyerEmail: 'Ops@Acme.example' });
    const globex = await licenseOf(sellerId, { tenantId: 'globex', buyerEmail: 'it@globex.example' });
    await licenseOf(otherSellerId, { tenantId: 'acme-eu', buyerEmail: 'ops@acme.example' });
    await database.db.license.update({ where: { id: globex.licenseId }, data: { status: 'Suspended' } });

    const ids = async (query: Parameters<typeof listSellerLicenses>[1]) => (await listSellerLicenses(ctx(), query)).rows.map((row) => row.id);
    expect(await ids({ sellerId, q: 'acme' })).toEqual([acme.licenseId]);
    expect(await ids({ sellerId, q: 'ACME.example' })).toEqual([acme.licenseId]);
    expect(await ids({ sellerId, q: 'eu' })).toEqual([]);
    expect(await ids({ sellerId, status: 'Suspended' })).toEqual([globex.licenseId]);
    const row = (await listSellerLicenses(ctx(), { sellerId, q: 'globex' })).rows[0];
    expect(row).toMatchObject({ status: 'Suspended', tenantId: 'globex', customerEmail: 'it@globex.example', liveSeats: 1 });
  });

  it('pages 25 at a time, newest first, with the total; a page past the end is empty', async () => {
    const seller = (await createSeller(database.db)).id;
    const made: string[] = [];
    for (let i = 0; i < LICENSES_PER_PAGE + 2; i++) made.push((await licenseOf(seller)).licenseId);
    const first = await listSellerLicenses(ctx(), { sellerId: seller });
    expect(first).toMatchObject({ total: LICENSES_PER_PAGE + 2, page: 1, pages: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([...made].reverse().slice(0, LICENSES_PER_PAGE));
    const second = await listSellerLicenses(ctx(), { sellerId: seller, page: 2 });
    expect(second.rows.map((row) => row.id)).toEqual([made[1], made[0]]);
    expect((await listSellerLicenses(ctx(), { sellerId: seller, page: 9 })).rows).toEqual([]);
  });
});

describe('getSellerLicenseDetail', () => {
  it('has the seats with their allowance and codes; another seller’s license is NotFound', async () => {
    const minted = await licenseOf(sellerId, { tenantId: 'detail', seats: 2 });
    const seats = await database.db.seat.findMany({ where: { licenseId: minted.licenseId }, orderBy: { createdAt: 'asc' } });
    await database.db.licenseCode.updateMany({ where: { licenseId: minted.licenseId }, data: { label: 'ignored' } });
    const detail = await getSellerLicenseDetail(ctx(), { sellerId, licenseId: minted.licenseId });
    expect(detail).toMatchObject({ id: minted.licenseId, tenantId: 'detail', status: 'Active', onStripe: false });
    expect(detail.seats.map((seat) => seat.id).sort()).toEqual(seats.map((seat) => seat.id).sort());
    await expect(getSellerLicenseDetail(ctx(), { sellerId: otherSellerId, licenseId: minted.licenseId })).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe('usageByFeatureAndDay', () => {
  it('sums the units per feature and UTC day over 30 days; dropped batches and older ones are left out', async () => {
    const minted = await licenseOf(sellerId, { tenantId: 'usage' });
    const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
    const now = new Date('2027-03-10T12:00:00Z');
    const batch = (receivedAt: string, records: { FeatureKey: string; Units: number }[], dropped = false) =>
      database.db.usageBatch.create({
        data: { batchId: crypto.randomUUID(), licenseId: minted.licenseId, seatId: code.seatId, credentialId: code.id, receivedAt: new Date(receivedAt), dropped, records },
      });
    await batch('2027-03-10T08:00:00Z', [{ FeatureKey: 'render', Units: 3 }, { FeatureKey: 'render', Units: 4 }, { FeatureKey: 'export', Units: 1 }]);
    await batch('2027-03-09T23:59:00Z', [{ FeatureKey: 'render', Units: 5 }]);
    await batch('2027-03-10T09:00:00Z', [{ FeatureKey: 'render', Units: 100 }], true);
    await batch('2027-01-01T09:00:00Z', [{ FeatureKey: 'render', Units: 1000 }]);
    const series = await usageByFeatureAndDay({ db: database.db, now }, { id: minted.licenseId });
    expect(series.days).toHaveLength(30);
    expect(series.days.at(-1)).toBe('2027-03-10');
    const render = series.features.find((feature) => feature.featureKey === 'render')!;
    expect(render.units.at(-1)).toBe(7);
    expect(render.units.at(-2)).toBe(5);
    expect(render.units.reduce((sum, units) => sum + units, 0)).toBe(12);
    expect(series.features.map((feature) => feature.featureKey)).toEqual(['export', 'render']);
  });
});

describe('listSellerCustomers', () => {
  it('lists each buyer once with license counts, searchable by e-mail, only this seller’s', async () => {
    const seller = (await createSeller(database.db)).id;
    await licenseOf(seller, { buyerEmail: 'one@customers.example' });
    const second = await licenseOf(seller, { buyerEmail: 'one@customers.example' });
    await licenseOf(seller, { buyerEmail: 'two@customers.example' });
    await licenseOf(otherSellerId, { buyerEmail: 'three@customers.example' });
    await database.db.license.update({ where: { id: second.licenseId }, data: { status: 'Cancelled' } });
    const all = await listSellerCustomers(ctx(), { sellerId: seller });
    expect(all.total).toBe(2);
    expect(all.rows.find((row) => row.email === 'one@customers.example')).toMatchObject({ licenses: 2, activeLicenses: 1 });
    expect((await listSellerCustomers(ctx(), { sellerId: seller, q: 'TWO' })).rows.map((row) => row.email)).toEqual(['two@customers.example']);
    expect((await listSellerCustomers(ctx(), { sellerId: seller, q: '%' })).total).toBe(0);
  });
});
