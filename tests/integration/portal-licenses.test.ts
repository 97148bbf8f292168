import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopAllInvalidationListeners } from '@/server/platform/invalidation/invalidation';
import { mintLicense } from '@/server/licensing/mint-license';
import { getSellerLicenseDetail } from '@/server/portal/get-seller-license-detail';
import { LICENSES_PER_PAGE, listSellerLicenses } from '@/server/portal/list-seller-licenses';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

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
    mintLicense(tx as never, { offering, buyerAccountId: buyer?.id ?? null, correlationId: options.tenantId ?? null, tenantId: options.tenantId ?? null, seatCount: options.seats ?? 1 }),
  );
}

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET'] as const;
const saved = Object.fromEntries(CONFIG_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  database = await createTestDatabase();
  // Minting a one-seat license signs its code: the signing keys live in this database.
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: 'portal-licenses-test-secret-of-32-characters' });
  resetEnvForTests();
  sellerId = (await createSeller(database.db)).id;
  otherSellerId = (await createSeller(database.db)).id;
});

afterAll(async () => {
  for (const key of CONFIG_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvForTests();
  await stopAllInvalidationListeners();
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
