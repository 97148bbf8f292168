import crypto from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { issueLicenseCode } from '@/server/licensing/codes/issue-license-code';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { revokeLicenseCodeBySeller } from '@/server/licensing/codes/revoke-license-code-by-seller';
import { sweepLapsedLeases } from '@/server/licensing/devices/sweep-lapsed-leases';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { retireSeat } from '@/server/licensing/seats/retire-seat';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { activateDevice } from '@/server/runtime/devices/activate-device';
import { heartbeatDevice } from '@/server/runtime/devices/heartbeat-device';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Devices of a seat (docs/api/runtime.md "Devices") over real HTTP on two instances of one
// database: places taken under the seat's lock (exactly MaxDevices, however many race), the same
// fingerprint again is the same device, a deactivation frees the place on every instance, revoked
// codes and retired seats free theirs, floating leases lapse by time (an injected clock, in process),
// and offline license files are signed, bound and capped.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
// The churn limit is held by its own test on `churning`; here it would count the races' activations.
const ROOMY_LIMITS = JSON.stringify({ deviceChurn: { points: 10_000, durationSeconds: 3600 } });
let database: TestDatabase;
let server: TestServer;
let second: TestServer;
let churning: TestServer;
let sellerId: string;
let apiKey: string;
let product: Awaited<ReturnType<typeof createProduct>>;

type DeviceRules = { maxDevices: number | null; deviceMode?: 'NodeLocked' | 'Floating'; maxOfflineDays?: number; seatCount?: number; termEnd?: Date; subscription?: boolean };

async function sold(rules: DeviceRules) {
  const offering = await createOffering(
    database.db,
    product,
    rules.subscription ? { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2 } : { classification: LicenseClassification.Perpetual, priceMinor: 4900 },
  );
  await database.db.feature.create({ data: { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: 2, rateLimit: 60, accessLevel: 'Allowed' } });
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: rules.seatCount ?? 1 });
  // The rules a sale copies from its offering, set on the license before its first use.
  await database.db.license.update({
    where: { id: minted.licenseId },
    data: { maxDevices: rules.maxDevices, deviceMode: rules.deviceMode ?? 'NodeLocked', maxOfflineDays: rules.maxOfflineDays ?? 30, ...(rules.termEnd && { termEnd: rules.termEnd }) },
  });
  const seatId = minted.seatIds[0]!;
  // A sale of several seats issues no code: the first seat's is issued as a seller would.
  const { credentialId, code } = minted.codes[0] ? { credentialId: (await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } })).id, code: minted.codes[0] } : await issueLicenseCode({ db: database.db }, { licenseId: minted.licenseId, seatId, label: 'Seat 1' });
  return { licenseId: minted.licenseId, seatId, codeId: credentialId, token: decodeLicenseCode(code)! };
}
type Sold = Awaited<ReturnType<typeof sold>>;

const fingerprint = () => crypto.randomBytes(32).toString('hex');
const principalOf = (license: Sold) => ({ credentialId: license.codeId, licenseId: license.licenseId, seatId: license.seatId });

function runtime(license: Sold, operation: string, body: Record<string, unknown>, base = server.baseUrl) {
  return fetch(`${base}/licensing/runtime/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId, ...body }),
  });
}
const activate = (license: Sold, print: string, extra: Record<string, unknown> = {}, base?: string) => runtime(license, 'ActivateDevice', { Fingerprint: print, ...extra }, base);
const authorize = (license: Sold, extra: Record<string, unknown> = {}, base?: string) => runtime(license, 'GenerateLicenseAuthorization', extra, base);
const management = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}/licensing-mgmt${path}`, { ...init, headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey, ...init.headers } });

async function jwks(): Promise<JSONWebKeySet> {
  return (await fetch(`${server.baseUrl}/licensing/runtime/.well-known/jwks`)).json();
}
const holding = (seatId: string) => database.db.device.count({ where: { seatId, deactivatedAt: null } });
const eventsOf = (licenseId: string, type: string) => database.db.event.findMany({ where: { licenseId, type }, orderBy: { sequence: 'asc' } });

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { APP_SECRET, TEST_LIMITS: ROOMY_LIMITS };
  server = await startTestServer({ databaseUrl: database.url, env });
  [second, churning] = await Promise.all([
    startTestServer({ databaseUrl: database.url, env: { ...env, PUBLIC_BASE_URL: server.baseUrl } }),
    startTestServer({ databaseUrl: database.url, env: { APP_SECRET, PUBLIC_BASE_URL: server.baseUrl, TEST_LIMITS: JSON.stringify({ deviceChurn: { points: 3, durationSeconds: 3600 } }) } }),
  ]);
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl, TEST_LIMITS: ROOMY_LIMITS });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  product = await createProduct(database.db, seller.id, { name: 'Render Desk' });
  apiKey = (await createApiKey({ db: database.db }, { sellerId, label: 'devices' })).key;
}, 180_000);

afterAll(async () => {
  await Promise.all([server?.stop(), second?.stop(), churning?.stop()]);
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

describe('activating a device', () => {
  it('takes a place and answers the device; the same fingerprint again is the same device, told once', async () => {
    const license = await sold({ maxDevices: 2 });
    const print = fingerprint();
    const first = await activate(license, print, { Name: "Ada's laptop", Platform: 'macOS 15' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const body = await first.json();
    expect(body).toMatchObject({
      MaxDevices: 2,
      ActiveDevices: 1,
      Device: { LicenseId: license.licenseId, SeatId: license.seatId, Fingerprint: print, Name: "Ada's laptop", Platform: 'macOS 15', Mode: 'NodeLocked', Active: true, LeaseExpiresUtc: null, DeactivatedUtc: null, DeactivatedBy: null },
    });
    const again = await (await activate(license, print, {}, second.baseUrl)).json();
    expect(again.Device.DeviceId).toBe(body.Device.DeviceId);
    expect(again).toMatchObject({ ActiveDevices: 1, Device: { Name: "Ada's laptop" } });
    expect(await database.db.device.count({ where: { licenseId: license.licenseId } })).toBe(1);
    expect((await eventsOf(license.licenseId, 'device.activated')).map((event) => event.data)).toEqual([
      { LicenseId: license.licenseId, SeatId: license.seatId, DeviceId: body.Device.DeviceId, Name: "Ada's laptop", Platform: 'macOS 15', Mode: 'NodeLocked' },
    ]);
  });

  it('a full seat is 403 DeviceLimitReached naming the limit, and nothing is written', async () => {
    const license = await sold({ maxDevices: 2 });
    for (const print of [fingerprint(), fingerprint()]) expect((await activate(license, print)).status).toBe(200);
    const refused = await activate(license, fingerprint());
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toMatchObject({ Code: 'DeviceLimitReached', CorrelationId: expect.any(String) });
    expect(body.Message).toContain('2 of its 2 devices');
    expect(await database.db.device.count({ where: { licenseId: license.licenseId } })).toBe(2);
    expect(await eventsOf(license.licenseId, 'device.activated')).toHaveLength(2);
  });

  it('50 concurrent activations of different fingerprints on a seat with MaxDevices 3, on two instances, activate exactly 3', async () => {
    const license = await sold({ maxDevices: 3 });
    // Warm both instances' caches first, so the 50 meet at the seat's lock rather than at the cold read.
    await Promise.all([authorize(license, {}, server.baseUrl), authorize(license, {}, second.baseUrl)]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => activate(license, fingerprint(), {}, i % 2 === 0 ? server.baseUrl : second.baseUrl)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(47);
    expect(await holding(license.seatId)).toBe(3);
    expect(await eventsOf(license.licenseId, 'device.activated')).toHaveLength(3);
  });

  it('a license without a limit records devices and never refuses one', async () => {
    const license = await sold({ maxDevices: null });
    for (let i = 0; i < 5; i++) expect((await activate(license, fingerprint())).status).toBe(200);
    const last = await (await activate(license, fingerprint())).json();
    expect(last).toMatchObject({ MaxDevices: null, ActiveDevices: 6 });
  });

  it('a fingerprint of the wrong shape is 400 ValidationError naming Fingerprint; a LicenseId not the token’s is 404', async () => {
    const license = await sold({ maxDevices: 1 });
    for (const bad of ['short', 'x'.repeat(257), 'has spaces in it, sixteen+', 42]) {
      const refused = await activate(license, bad as string);
      expect(refused.status, String(bad)).toBe(400);
      const body = await refused.json();
      expect(body.Code).toBe('ValidationError');
      expect(body.Details.map((detail: { Field: string }) => detail.Field)).toContain('Fingerprint');
    }
    const other = await sold({ maxDevices: 1 });
    expect((await runtime(license, 'ActivateDevice', { LicenseId: other.licenseId, Fingerprint: fingerprint() })).status).toBe(404);
    expect(await database.db.device.count({ where: { licenseId: { in: [license.licenseId, other.licenseId] } } })).toBe(0);
  });

  it('device changes are rate-limited per license; a device activated again is not counted', async () => {
    const license = await sold({ maxDevices: 10 });
    const print = fingerprint();
    for (const next of [print, fingerprint(), fingerprint()]) expect((await activate(license, next, {}, churning.baseUrl)).status).toBe(200);
    expect((await activate(license, print, {}, churning.baseUrl)).status).toBe(200);
    const refused = await activate(license, fingerprint(), {}, churning.baseUrl);
    expect(refused.status).toBe(429);
    expect((await refused.json()).Code).toBe('RateLimited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await holding(license.seatId)).toBe(3);
  });
});

describe('the authorization of a device', () => {
  it('a license that limits devices refuses a call without a Fingerprint, or with one not activated: AuthorizationDenied, DeviceNotActivated', async () => {
    const license = await sold({ maxDevices: 1 });
    for (const extra of [{}, { Fingerprint: fingerprint() }]) {
      const refused = await authorize(license, extra);
      expect(refused.status).toBe(403);
      const body = await refused.json();
      expect(body.Code).toBe('AuthorizationDenied');
      expect(body.Message).toMatch(/^DeviceNotActivated: /);
    }
  });

  it('an activated device is named in the signed authorization; a license without a limit answers as before', async () => {
    const license = await sold({ maxDevices: 1 });
    const print = fingerprint();
    const { Device } = await (await activate(license, print)).json();
    const answer = await (await authorize(license, { Fingerprint: print })).json();
    const { payload } = await jwtVerify(answer.Authorization, createLocalJWKSet(await jwks()));
    expect(payload).toMatchObject({ DeviceId: Device.DeviceId, Fingerprint: print, SeatId: license.seatId });
    expect(answer).toMatchObject({ DeviceId: Device.DeviceId, Fingerprint: print });

    const unlimited = await sold({ maxDevices: null });
    const plain = await (await authorize(unlimited)).json();
    expect(Object.keys(plain)).not.toContain('DeviceId');
    const named = await (await authorize(unlimited, { Fingerprint: print })).json();
    expect(named).toMatchObject({ DeviceId: null, Fingerprint: print });
  });

  it('a deactivated device is refused at its next authorization on every instance, and its place is free again', async () => {
    const license = await sold({ maxDevices: 1 });
    const print = fingerprint();
    await activate(license, print);
    for (const base of [server.baseUrl, second.baseUrl]) expect((await authorize(license, { Fingerprint: print }, base)).status).toBe(200);
    const deactivated = await runtime(license, 'DeactivateDevice', { Fingerprint: print }, second.baseUrl);
    expect(deactivated.status).toBe(200);
    expect((await deactivated.json()).Device).toMatchObject({ Active: false, DeactivatedBy: 'Device', DeactivatedUtc: expect.any(String) });
    await expect.poll(async () => (await authorize(license, { Fingerprint: print }, server.baseUrl)).status, { timeout: 5_000 }).toBe(403);
    expect((await authorize(license, { Fingerprint: print }, second.baseUrl)).status).toBe(403);
    expect((await activate(license, fingerprint())).status).toBe(200);
    expect((await runtime(license, 'DeactivateDevice', { Fingerprint: fingerprint() })).status).toBe(404);
    expect((await eventsOf(license.licenseId, 'device.deactivated')).map((event) => (event.data as { By: string }).By)).toEqual(['Device']);
  });
});

describe('codes and seats take their devices with them', () => {
  it('revoking the code deactivates the devices it activated, and the code can activate no more', async () => {
    const license = await sold({ maxDevices: 2 });
    const print = fingerprint();
    await activate(license, print);
    await revokeLicenseCodeBySeller({ db: database.db }, { requestId: crypto.randomUUID(), sellerId, licenseId: license.licenseId, codeId: license.codeId });
    const device = await database.db.device.findFirstOrThrow({ where: { licenseId: license.licenseId } });
    expect(device).toMatchObject({ deactivatedBy: 'CodeRevoked', deactivatedAt: expect.any(Date) });
    // The server hears of the revocation over LISTEN/NOTIFY: asked read-only until it has.
    await expect.poll(async () => (await authorize(license, { Fingerprint: print })).status, { timeout: 5_000 }).toBe(403);
    const refused = await activate(license, fingerprint());
    expect(refused.status).toBe(403);
    expect((await refused.json()).Code).toBe('CredentialRevoked');
    expect(await holding(license.seatId)).toBe(0);
  });

  it('retiring a seat deactivates its devices (By SeatRetired)', async () => {
    const license = await sold({ maxDevices: 2, seatCount: 2, subscription: true });
    await activate(license, fingerprint());
    await retireSeat({ db: database.db }, { requestId: crypto.randomUUID(), sellerId, licenseId: license.licenseId, seatId: license.seatId });
    expect(await database.db.device.findFirstOrThrow({ where: { licenseId: license.licenseId } })).toMatchObject({ deactivatedBy: 'SeatRetired' });
    expect((await eventsOf(license.licenseId, 'device.deactivated')).map((event) => (event.data as { By: string }).By)).toEqual(['SeatRetired']);
  });
});

describe('floating devices (an injected clock)', () => {
  it('a lease lapses after 600 s without a heartbeat and frees its place within the TTL; a heartbeat renews it; a lapsed device takes a free place again', async () => {
    const license = await sold({ maxDevices: 1, deviceMode: 'Floating' });
    const principal = principalOf(license);
    const [first, other] = [fingerprint(), fingerprint()];
    // Whole seconds, as the signed statements' times are.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const taken = await activateDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: start });
    expect(taken.device).toMatchObject({ mode: 'Floating', leaseExpiresUtc: at(600).toISOString() });
    // Renewed at 300 s: it holds until 900 s, so another device is refused at 700 s.
    expect((await heartbeatDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: at(300) })).device.leaseExpiresUtc).toBe(at(900).toISOString());
    await expect(activateDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: other, principal, now: at(700) })).rejects.toMatchObject({ code: 'DeviceLimitReached' });
    // The authorization ends with the lease at the latest, and is refused once it lapsed.
    const authorized = await generateLicenseAuthorization({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: at(800) });
    expect(authorized.statement.ExpiresUtc).toBe(at(900).toISOString());
    await expect(generateLicenseAuthorization({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: at(901) })).rejects.toMatchObject({ code: 'AuthorizationDenied' });
    // One second past the lease the place is free: the other device takes it.
    const second = await activateDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: other, principal, now: at(901) });
    expect(second.activeDevices).toBe(1);
    // The first one's heartbeat finds the seat full now; once the other lapses it takes the place again.
    await expect(heartbeatDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: at(1000) })).rejects.toMatchObject({ code: 'DeviceLimitReached' });
    const back = await heartbeatDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: first, principal, now: at(1502) });
    expect(back.device).toMatchObject({ active: true, leaseExpiresUtc: at(2102).toISOString() });
  });

  it('the sweep marks lapsed leases deactivated (By LeaseLapsed) and tells it once; a live lease stays', async () => {
    const license = await sold({ maxDevices: 3, deviceMode: 'Floating' });
    const principal = principalOf(license);
    const start = new Date(Date.now() - 3600_000);
    const [lapsing, live] = [fingerprint(), fingerprint()];
    await activateDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: lapsing, principal, now: start });
    await activateDevice({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, fingerprint: live, principal });
    expect(await sweepLapsedLeases({ db: database.db })).toBeGreaterThanOrEqual(1);
    expect(await sweepLapsedLeases({ db: database.db })).toBe(0);
    const devices = await database.db.device.findMany({ where: { licenseId: license.licenseId }, orderBy: { activatedAt: 'asc' } });
    expect(devices.map((device) => device.deactivatedBy)).toEqual(['LeaseLapsed', null]);
    expect(await eventsOf(license.licenseId, 'device.deactivated')).toHaveLength(1);
    // A lapsed device's heartbeat takes a place again.
    expect((await runtime(license, 'Heartbeat', { Fingerprint: lapsing })).status).toBe(200);
  });

  it('a heartbeat of a device deactivated by its seller, or never activated, is AuthorizationDenied (DeviceNotActivated)', async () => {
    const license = await sold({ maxDevices: 2, deviceMode: 'Floating' });
    const print = fingerprint();
    const { Device } = await (await activate(license, print)).json();
    expect((await runtime(license, 'Heartbeat', { Fingerprint: print })).status).toBe(200);
    const deactivated = await management(`/licenses/${license.licenseId}/devices/${Device.DeviceId}/deactivate`, { method: 'POST', body: JSON.stringify({ RequestId: crypto.randomUUID() }) });
    expect(deactivated.status).toBe(200);
    for (const print_ of [print, fingerprint()]) {
      const refused = await runtime(license, 'Heartbeat', { Fingerprint: print_ });
      expect(refused.status).toBe(403);
      expect((await refused.json()).Message).toMatch(/^DeviceNotActivated: /);
    }
  });
});

describe('offline license files', () => {
  it('a file is a JWS of the runtime keys bound to the fingerprint, with the seat’s features, capped by MaxOfflineDays', async () => {
    const license = await sold({ maxDevices: 1, maxOfflineDays: 7 });
    const print = fingerprint();
    const { Device } = await (await activate(license, print)).json();
    const response = await runtime(license, 'CheckOutLicenseFile', { Fingerprint: print, TtlSeconds: 90 * 86_400 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(decodeProtectedHeader(body.LicenseFile)).toMatchObject({ alg: 'ES256', typ: 'license-file+jwt' });
    const { payload } = await jwtVerify(body.LicenseFile, createLocalJWKSet(await jwks()), { issuer: `${server.baseUrl}/licensing/runtime`, audience: 'service-runtime', typ: 'license-file+jwt' });
    expect(payload).toMatchObject({ LicenseId: license.licenseId, SeatId: license.seatId, DeviceId: Device.DeviceId, Fingerprint: print, sub: license.seatId, jti: body.FileId });
    expect(payload.exp! - payload.iat!).toBe(7 * 86_400);
    expect(payload.Features).toEqual([expect.objectContaining({ FeatureKey: 'render', Allowance: 100, Remaining: 100, RateLimit: 60 })]);
    // Tampered: no longer verifies.
    const [header, claims, signature] = body.LicenseFile.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...payload, Fingerprint: fingerprint() })).toString('base64url')}.${signature}`;
    await expect(jwtVerify(forged, createLocalJWKSet(await jwks()))).rejects.toThrow();
    expect(claims).toBeTruthy();
  });

  it('a file never outlasts the license’s term; an offering without offline use refuses (OfflineNotOffered); a limited license refuses a device not activated', async () => {
    const termEnd = new Date(Date.now() + 2 * 3600_000);
    const ending = await sold({ maxDevices: null, termEnd });
    const body = await (await runtime(ending, 'CheckOutLicenseFile', { Fingerprint: fingerprint(), TtlSeconds: 86_400 })).json();
    expect(Date.parse(body.ExpiresUtc)).toBe(Math.floor(termEnd.getTime() / 1000) * 1000);
    expect(body.DeviceId).toBeNull();

    const online = await sold({ maxDevices: null, maxOfflineDays: 0 });
    const refused = await runtime(online, 'CheckOutLicenseFile', { Fingerprint: fingerprint(), TtlSeconds: 3600 });
    expect(refused.status).toBe(403);
    expect((await refused.json()).Message).toMatch(/^OfflineNotOffered: /);

    const limited = await sold({ maxDevices: 1 });
    expect((await (await runtime(limited, 'CheckOutLicenseFile', { Fingerprint: fingerprint(), TtlSeconds: 3600 })).json()).Message).toMatch(/^DeviceNotActivated: /);
  });

  it('TtlSeconds outside one hour to 90 days is 400 ValidationError naming TtlSeconds', async () => {
    const license = await sold({ maxDevices: null });
    for (const ttl of [59, 3599, 90 * 86_400 + 1, 3600.5]) {
      const refused = await runtime(license, 'CheckOutLicenseFile', { Fingerprint: fingerprint(), TtlSeconds: ttl });
      expect(refused.status, String(ttl)).toBe(400);
      expect((await refused.json()).Details.map((detail: { Field: string }) => detail.Field)).toContain('TtlSeconds');
    }
  });
});

describe('the management API', () => {
  it('lists a license’s devices and deactivates one once per RequestId; another seller’s license is 404', async () => {
    const license = await sold({ maxDevices: 2 });
    const print = fingerprint();
    const { Device } = await (await activate(license, print, { Name: 'Studio PC' })).json();
    const list = await management(`/licenses/${license.licenseId}/devices`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ LicenseId: license.licenseId, MaxDevices: 2, Devices: [expect.objectContaining({ DeviceId: Device.DeviceId, Name: 'Studio PC', Active: true })] });
    const requestId = crypto.randomUUID();
    const deactivate = () => management(`/licenses/${license.licenseId}/devices/${Device.DeviceId}/deactivate`, { method: 'POST', body: JSON.stringify({ RequestId: requestId }) });
    const first = await (await deactivate()).json();
    expect(first).toMatchObject({ DeviceId: Device.DeviceId, Active: false, DeactivatedBy: 'Seller' });
    expect(await (await deactivate()).json()).toEqual(first);
    expect(await eventsOf(license.licenseId, 'device.deactivated')).toHaveLength(1);

    const stranger = await createSeller(database.db, {});
    const strangerKey = (await createApiKey({ db: database.db }, { sellerId: stranger.id, label: 'stranger' })).key;
    const foreign = await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${license.licenseId}/devices`, { headers: { 'dub-apiKey': strangerKey } });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).Code).toBe('NotFound');
  });
});

describe('the device routes under a genuine token, fuzzed', () => {
  it('mistyped, missing, oversized and odd bodies are ApiError refusals with their Code, never a 5xx', async () => {
    const license = await sold({ maxDevices: 2 });
    const bodies: unknown[] = [
      {},
      { Fingerprint: null },
      { Fingerprint: ['a'.repeat(20)] },
      { Fingerprint: { $gt: '' } },
      { Fingerprint: 'a'.repeat(20), Name: 7 },
      { Fingerprint: 'a'.repeat(20), Name: 'n'.repeat(201) },
      { Fingerprint: 'a'.repeat(20), Platform: '' },
      { Fingerprint: 'a'.repeat(20), TtlSeconds: '3600' },
      { Fingerprint: 'a'.repeat(20), TtlSeconds: 1e308 },
      { Fingerprint: '\u0000'.repeat(20) },
      { Fingerprint: 'é'.repeat(20) },
      { RequestId: 'not-a-guid', Fingerprint: 'a'.repeat(20) },
      { RequestId: '00000000-0000-0000-0000-000000000000', Fingerprint: 'a'.repeat(20) },
      { LicenseId: '', Fingerprint: 'a'.repeat(20) },
      { LicenseId: 'x'.repeat(101), Fingerprint: 'a'.repeat(20) },
    ];
    const operations = ['ActivateDevice', 'DeactivateDevice', 'Heartbeat', 'CheckOutLicenseFile'];
    const seen: string[] = [];
    for (const operation of operations) {
      for (const body of bodies) {
        const response = await runtime(license, operation, body as Record<string, unknown>);
        const answer = await response.json();
        // A body the checkout of a file needs more of, or a device not there, is refused as such; a 5xx never.
        expect(response.status, `${operation} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.headers.get('x-correlation-id')).toBeTruthy();
        seen.push(`${response.status} ${answer.Code}`);
      }
      for (const raw of ['{', '[]', '"text"', 'null', `{"Fingerprint":"${'a'.repeat(20)}","RequestId":"${crypto.randomUUID()}","LicenseId":"${license.licenseId}","x":${'['.repeat(2000)}${']'.repeat(2000)}}`]) {
        const response = await fetch(`${server.baseUrl}/licensing/runtime/${operation}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` }, body: raw });
        expect(response.status, `${operation} ${raw.slice(0, 20)}`).toBeLessThan(500);
        seen.push(`${response.status} ${(await response.json()).Code}`);
      }
    }
    // Every refusal is an ApiError with its Code; the few bodies that are valid for an operation (extra keys are ignored) did what they ask, within the limit.
    expect(seen.filter((line) => !line.startsWith('200') && line.endsWith('undefined'))).toEqual([]);
    expect(await database.db.device.count({ where: { licenseId: license.licenseId, deactivatedAt: null } })).toBeLessThanOrEqual(2);
  });
});
