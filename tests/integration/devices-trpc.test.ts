import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { issueLicenseCode } from '@/server/licensing/codes/issue-license-code';
import { takeDevicePlace } from '@/server/licensing/devices/take-device-place';
import { getSellerLicenseDetail } from '@/server/licensing/licenses/get-seller-license-detail';
import { listBuyerLicenses } from '@/server/licensing/licenses/list-buyer-licenses';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { createOffering, createProduct } from '../support/factories';
import { portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The license pages' device procedures over HTTP (licenses.deactivateDevice for the buyer,
// sellerLicenses.deactivateDevice for the seller) and the devices the pages' views carry: each side
// reaches only its own licenses, a seller's RequestId makes a double submit one change, and what the
// pages list is what holds a place (a lapsed lease says so; a deactivated device is gone).

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
const cookies: Record<'buyer' | 'otherBuyer' | 'seller' | 'otherSeller', string> = { buyer: '', otherBuyer: '', seller: '', otherSeller: '' };
let buyerAccountId: string;
let sellerId: string;
let offering: Awaited<ReturnType<typeof createOffering>>;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, SMTP_URL: smtp.url, SEED_DEMO: 'false' } });
  // The codes are issued in this process, with the server's keys.
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
  const codes = codeReader(smtp);
  cookies.buyer = await portalSignIn(server.baseUrl, 'device.buyer@example.com', codes);
  cookies.otherBuyer = await portalSignIn(server.baseUrl, 'other.buyer@example.com', codes);
  cookies.seller = await portalSignIn(server.baseUrl, 'device.seller@example.com', codes, { registerAs: 'Device Seller Ltd' });
  cookies.otherSeller = await portalSignIn(server.baseUrl, 'other.seller@example.com', codes, { registerAs: 'Other Seller Ltd' });
  buyerAccountId = (await database.db.account.findUniqueOrThrow({ where: { email: 'device.buyer@example.com' } })).id;
  sellerId = (await database.db.sellerMember.findFirstOrThrow({ where: { account: { email: 'device.seller@example.com' } } })).sellerId;
  const product = await createProduct(database.db, sellerId);
  offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900, seatBased: true, maxDevices: 2, deviceMode: 'Floating' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

async function licenseWithDevices(names: string[], now = new Date()) {
  const minted = await database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId, correlationId: null, seatCount: 2 }));
  const seatId = minted.seatIds[0]!;
  // A sale of several seats issues no code: the first seat's is issued as a seller would.
  const { credentialId: codeId } = await issueLicenseCode({ db: database.db }, { licenseId: minted.licenseId, seatId, label: 'Seat 1' });
  const devices = [];
  for (const name of names) {
    const place = await takeDevicePlace({ db: database.db }, { sellerId, licenseId: minted.licenseId, seatId, codeId, fingerprint: crypto.randomBytes(32).toString('hex'), name, platform: 'Linux', maxDevices: 2, mode: 'Floating', now });
    devices.push(place.device);
  }
  return { licenseId: minted.licenseId, seatId, devices };
}

async function call(procedure: string, input: unknown, cookie: string) {
  const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ json: input }) });
  const body = await response.json();
  return { status: response.status, data: body.result?.data?.json, error: body.error?.json };
}
const deactivatedEvents = (licenseId: string) => database.db.event.count({ where: { licenseId, type: 'device.deactivated' } });

describe('licenses.deactivateDevice (the buyer’s license page)', () => {
  it('frees the buyer’s own device: by Buyer, one device.deactivated event, the place free at once', async () => {
    const license = await licenseWithDevices(['Laptop', 'Desktop']);
    const answer = await call('licenses.deactivateDevice', { licenseId: license.licenseId, deviceId: license.devices[0]!.id }, cookies.buyer);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ deviceId: license.devices[0]!.id, active: false, deactivatedBy: 'Buyer' });
    const stored = await database.db.device.findUniqueOrThrow({ where: { id: license.devices[0]!.id } });
    expect(stored.deactivatedBy).toBe('Buyer');
    expect(await deactivatedEvents(license.licenseId)).toBe(1);
    // Deactivated already: answers as it stands, no second event.
    const again = await call('licenses.deactivateDevice', { licenseId: license.licenseId, deviceId: license.devices[0]!.id }, cookies.buyer);
    expect(again.status).toBe(200);
    expect(await deactivatedEvents(license.licenseId)).toBe(1);
  });

  it('another buyer’s device, a device of another license, or an unknown id is NOT_FOUND and changes nothing; signed out is UNAUTHORIZED', async () => {
    const license = await licenseWithDevices(['Laptop']);
    const other = await licenseWithDevices(['Elsewhere']);
    for (const [input, cookie] of [
      [{ licenseId: license.licenseId, deviceId: license.devices[0]!.id }, cookies.otherBuyer],
      [{ licenseId: license.licenseId, deviceId: other.devices[0]!.id }, cookies.buyer],
      [{ licenseId: license.licenseId, deviceId: crypto.randomUUID() }, cookies.buyer],
    ] as const) {
      const refused = await call('licenses.deactivateDevice', input, cookie);
      expect(refused.status).toBe(404);
      expect(refused.error.data.code).toBe('NOT_FOUND');
    }
    expect((await call('licenses.deactivateDevice', { licenseId: license.licenseId, deviceId: license.devices[0]!.id }, '')).status).toBe(401);
    expect(await database.db.device.count({ where: { id: { in: [license.devices[0]!.id, other.devices[0]!.id] }, deactivatedAt: { not: null } } })).toBe(0);
  });

  it('a malformed input is BAD_REQUEST naming the field', async () => {
    const refused = await call('licenses.deactivateDevice', { licenseId: '', deviceId: 'x'.repeat(5000) }, cookies.buyer);
    expect(refused.status).toBe(400);
    expect(refused.error.data.code).toBe('BAD_REQUEST');
  });
});

describe('sellerLicenses.deactivateDevice (the seller’s license page)', () => {
  it('frees the seller’s license’s device once per RequestId: a double submit is one change and one event, with the same answer', async () => {
    const license = await licenseWithDevices(['Lab PC']);
    const input = { requestId: crypto.randomUUID(), licenseId: license.licenseId, deviceId: license.devices[0]!.id };
    const [first, second] = await Promise.all([call('sellerLicenses.deactivateDevice', input, cookies.seller), call('sellerLicenses.deactivateDevice', input, cookies.seller)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(first.data).toMatchObject({ active: false, deactivatedBy: 'Seller' });
    expect(await deactivatedEvents(license.licenseId)).toBe(1);
  });

  it('another seller’s license is NOT_FOUND and changes nothing; a buyer with no store is told to register one', async () => {
    const license = await licenseWithDevices(['Lab PC']);
    const input = { requestId: crypto.randomUUID(), licenseId: license.licenseId, deviceId: license.devices[0]!.id };
    const refused = await call('sellerLicenses.deactivateDevice', input, cookies.otherSeller);
    expect(refused.status).toBe(404);
    expect(refused.error.data.code).toBe('NOT_FOUND');
    const noStore = await call('sellerLicenses.deactivateDevice', { ...input, requestId: crypto.randomUUID() }, cookies.buyer);
    expect(noStore.status).toBe(404);
    expect(noStore.error.message).toMatch(/not a member of any seller/);
    expect(await database.db.device.count({ where: { id: license.devices[0]!.id, deactivatedAt: { not: null } } })).toBe(0);
  });
});

describe('the devices the license pages list', () => {
  it('each seat lists its devices that hold a place or whose lease lapsed, not those deactivated; the license names its limit', async () => {
    const past = new Date(Date.now() - 3600_000);
    const license = await licenseWithDevices(['Lapsed'], past);
    const fresh = await takeDevicePlace({ db: database.db }, { sellerId, licenseId: license.licenseId, seatId: license.seatId, codeId: license.devices[0]!.codeId, fingerprint: 'f'.repeat(64), name: 'Held', maxDevices: 2, mode: 'Floating', now: new Date() });
    const gone = await takeDevicePlace({ db: database.db }, { sellerId, licenseId: license.licenseId, seatId: license.seatId, codeId: license.devices[0]!.codeId, fingerprint: 'e'.repeat(64), name: 'Gone', maxDevices: 2, mode: 'Floating', now: new Date() });
    await call('licenses.deactivateDevice', { licenseId: license.licenseId, deviceId: gone.device.id }, cookies.buyer);

    const buyerView = (await listBuyerLicenses({ db: database.db }, { buyerAccountId })).find((view) => view.id === license.licenseId)!;
    const sellerView = await getSellerLicenseDetail({ db: database.db }, { sellerId, licenseId: license.licenseId });
    for (const view of [buyerView, sellerView]) {
      expect(view.maxDevices).toBe(2);
      const [first, second] = view.seats;
      expect(first!.devices.map((device) => [device.name, device.active, device.deactivatedBy])).toEqual([
        ['Lapsed', false, 'LeaseLapsed'],
        ['Held', true, null],
      ]);
      expect(first!.devices[1]!.deviceId).toBe(fresh.device.id);
      expect(second!.devices).toEqual([]);
    }
  });
});
