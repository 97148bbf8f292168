import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerClient, type SeatCodeStore } from '../../sdk/src/index';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { urlOf } from '../support/fetch-url';

// The client library's SellerClient against the real service: the management API in camelCase,
// writes made once through retries (one RequestId), and the spec's tenant seat workflow (sync,
// a pasted code, choosing the seat with the most allowance left).

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: TestServer;
let key: string;
let offering: Awaited<ReturnType<typeof createOffering>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, SEED_DEMO: 'false' } });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), { name: 'Team Monthly', classification: LicenseClassification.Subscription, priceMinor: 3000, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
  await database.db.feature.create({ data: { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 10, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  key = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' })).key;
});

afterAll(async () => {
  await server?.stop();
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

function memoryStore(): SeatCodeStore & { codes: Map<string, string> } {
  const codes = new Map<string, string>();
  return { codes, get: (seatId) => codes.get(seatId) ?? null, set: (seatId, code) => void codes.set(seatId, code), delete: (seatId) => void codes.delete(seatId) };
}

describe('SellerClient', () => {
  it('creates a license for a tenant and reads it back in camelCase; a write whose answer was lost is made once', async () => {
    let creates = 0;
    const seller = new SellerClient({
      baseUrl: server.baseUrl,
      apiKey: key,
      retry: { baseDelayMs: 1 },
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (urlOf(input).endsWith('/licensing-mgmt/licenses') && init?.method === 'POST' && ++creates === 1) throw new TypeError('socket hang up');
        return response;
      },
    });
    const created = await seller.licenses.create({ offeringId: offering.id, correlationId: 'tenant-once', seats: 2 });
    expect(creates).toBe(2);
    expect(created).toMatchObject({ license: { licenseId: expect.any(String), correlationId: 'tenant-once', seatCount: 2, status: 'Active' }, seatIds: [expect.any(String), expect.any(String)] });
    expect(await database.db.license.count({ where: { correlationId: 'tenant-once' } })).toBe(1);
    const [found] = await seller.licenses.findByCorrelationId({ correlationId: 'tenant-once' });
    expect(found!.licenseId).toBe(created.license.licenseId);
    expect((await seller.licenses.listSeats({ licenseId: created.license.licenseId })).seats).toHaveLength(2);
  });

  it('arguments the service would refuse are ArgumentError naming the field, and a refusal is LicensingApiError with its Code', async () => {
    const seller = new SellerClient({ baseUrl: server.baseUrl, apiKey: key });
    await expect(seller.licenses.create({ offeringId: offering.id, correlationId: 'tenant-x', seats: 0 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'seats' });
    await expect(seller.licenses.create({ offeringId: offering.id, correlationId: 'c'.repeat(129), seats: 1 })).rejects.toMatchObject({ name: 'ArgumentError', field: 'correlationId' });
    const stranger = new SellerClient({ baseUrl: server.baseUrl, apiKey: 'SVC_AK_not-a-key' });
    await expect(stranger.licenses.findByCorrelationId({ correlationId: 'tenant-once' })).rejects.toMatchObject({ name: 'LicensingApiError', code: 'ApiKeyInvalid', status: 403 });
  });

  it('tenant workflow: sync stores one code per live seat, drops a retired seat\'s code, and chooseSeat picks the seat with the most allowance left', async () => {
    const seller = new SellerClient({ baseUrl: server.baseUrl, apiKey: key });
    const created = await seller.licenses.create({ offeringId: offering.id, correlationId: 'tenant-a', seats: 3 });
    const store = memoryStore();
    const tenant = seller.tenant('tenant-a', { store });
    try {
      const first = await tenant.sync();
      expect(first).toMatchObject({ licenseId: created.license.licenseId, status: 'Active', issued: created.seatIds, dropped: [] });
      expect([...store.codes.keys()].sort()).toEqual([...created.seatIds].sort());
      expect((await tenant.sync()).issued).toEqual([]); // nothing new

      // Spend 4 units on the seat chosen first; the next choice is another seat (10 left there).
      const chosen = await tenant.chooseSeat('render');
      expect(chosen.runtime.check('render', 4).allowed).toBe(true);
      chosen.runtime.record('render', 4);
      await chosen.runtime.flush();
      const next = await tenant.chooseSeat('render');
      expect(next.seatId).not.toBe(chosen.seatId);
      // Asking for more than any seat holds: every seat is spent for that amount.
      await expect(tenant.chooseSeat('render', 11)).rejects.toMatchObject({ code: 'AllowanceSpent' });

      await seller.licenses.retireSeat({ licenseId: created.license.licenseId, seatId: chosen.seatId });
      const after = await tenant.sync();
      expect(after.dropped).toEqual([chosen.seatId]);
      expect(store.codes.has(chosen.seatId)).toBe(false);
      expect(after.liveSeatIds).toHaveLength(2);
    } finally {
      await tenant.close();
    }
  });

  it('a pasted code: a license of no tenant is bound and gets a code of its own per seat (the pasted one is not kept); one another tenant holds is refused', async () => {
    const seller = new SellerClient({ baseUrl: server.baseUrl, apiKey: key });
    // A one-seat purchase made elsewhere carries its code (the one a tenant owner pastes).
    const sold = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
    const store = memoryStore();
    const tenant = seller.tenant('tenant-b', { store });
    try {
      const associated = await tenant.associatePastedCode(sold.codes[0]!);
      expect(associated).toMatchObject({ licenseId: sold.licenseId, issued: expect.any(Array) });
      expect(store.codes.size).toBe(1);
      expect([...store.codes.values()]).not.toContain(sold.codes[0]);
      expect((await database.db.license.findUniqueOrThrow({ where: { id: sold.licenseId } })).tenantId).toBe('tenant-b');
      const thief = seller.tenant('tenant-c', { store: memoryStore() });
      await expect(thief.associatePastedCode(sold.codes[0]!)).rejects.toMatchObject({ code: 'TenantMismatch' });
      await expect(thief.associatePastedCode('not-a-code')).rejects.toMatchObject({ name: 'ArgumentError', field: 'code' });
    } finally {
      await tenant.close();
    }
  });
});
