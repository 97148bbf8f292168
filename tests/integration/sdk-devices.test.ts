import crypto from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceFingerprint, LicenseFileError, LicensingApiError, RuntimeClient, verifyLicenseFile, type RuntimeClientOptions } from '../../sdk/src/index';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { rotateSigningKey } from '@/server/keys/signing-keys';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The client library's devices and offline license files against the real service (docs/sdk.md
// "Devices", "Offline license files"): activation with a fingerprint hashed from a machine id (the
// id never reaches the service), the seat's limit, heartbeats of a floating lease, deactivation,
// and a license file checked out, verified, saved and verified again offline with the saved JWKS.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const APP_ID = 'com.example.render-desk';
// The churn limit (30 activations an hour per license) is the service's own test; here it would count every test's activations.
const ROOMY_LIMITS = JSON.stringify({ deviceChurn: { points: 10_000, durationSeconds: 3600 } });
let database: TestDatabase;
let server: TestServer;
let product: Awaited<ReturnType<typeof createProduct>>;
const clients: RuntimeClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, SEED_DEMO: 'false', TEST_LIMITS: ROOMY_LIMITS } });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl, TEST_LIMITS: ROOMY_LIMITS });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  product = await createProduct(database.db, seller.id);
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await server?.stop();
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

type DeviceRules = { maxDevices: number | null; deviceMode?: 'NodeLocked' | 'Floating'; maxOfflineDays?: number };

/** A license of one seat with its device rules (as a sale copies them from the offering), and its code. */
async function sold(rules: DeviceRules) {
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 5, allowancePeriodUnit: 2, rateLimit: 3, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'export', displayName: 'Export', accessLevel: 'Denied' },
    ],
  });
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
  await database.db.license.update({ where: { id: minted.licenseId }, data: { maxDevices: rules.maxDevices, deviceMode: rules.deviceMode ?? 'NodeLocked', maxOfflineDays: rules.maxOfflineDays ?? 30 } });
  return { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, code: minted.codes[0]! };
}

/** A machine id as an app makes one (a host name and a random id it stored once). */
const machineId = () => `host-${crypto.randomBytes(3).toString('hex')}/${crypto.randomUUID()}`;

function client(code: string, machine: string, options: Partial<RuntimeClientOptions> = {}): RuntimeClient {
  const made = new RuntimeClient({
    licensingUrl: `${server.baseUrl}/licensing`,
    consumptionUrl: `${server.baseUrl}/consumption`,
    licenseCode: code,
    device: { machineId: machine, appId: APP_ID, name: 'Test machine', platform: 'linux-x64' },
    flushIntervalMs: 0,
    retry: { attempts: 3, baseDelayMs: 10 },
    ...options,
  });
  clients.push(made);
  return made;
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('devices with the client library', () => {
  it('a node-locked device: activated by the hash of its machine id (the id never sent), authorized for it, the same device again', async () => {
    const license = await sold({ maxDevices: 1 });
    const machine = machineId();
    const runtime = client(license.code, machine);
    const activated = await runtime.activate();
    const fingerprint = await deviceFingerprint(machine, { appId: APP_ID });
    expect(activated).toMatchObject({ licenseId: license.licenseId, seatId: license.seatId, fingerprint, name: 'Test machine', platform: 'linux-x64', mode: 'NodeLocked', active: true, leaseExpiresUtc: null, maxDevices: 1, activeDevices: 1 });
    const row = await database.db.device.findUniqueOrThrow({ where: { id: activated.deviceId } });
    expect(row.fingerprint).toBe(fingerprint);
    expect(JSON.stringify(row)).not.toContain(machine);
    expect((await runtime.activate()).deviceId).toBe(activated.deviceId);
    const authorization = await runtime.authorize();
    expect(authorization).toMatchObject({ deviceId: activated.deviceId, fingerprint });
    expect(runtime.check('render')).toMatchObject({ allowed: true, reason: 'Allowed' });
    expect(runtime.check('export')).toEqual({ allowed: false, reason: 'NotAuthorized' });
  });

  it('the seat full: DeviceLimitReached; a device not activated is not authorized; a deactivation frees the place', async () => {
    const license = await sold({ maxDevices: 1 });
    const first = client(license.code, machineId());
    const second = client(license.code, machineId());
    await first.activate();
    const full = await refusalOf(second.activate());
    expect(full).toBeInstanceOf(LicensingApiError);
    expect(full).toMatchObject({ code: 'DeviceLimitReached', status: 403, correlationId: expect.any(String) });
    const notActivated = await refusalOf(second.authorize());
    expect(notActivated).toMatchObject({ code: 'AuthorizationDenied', message: expect.stringContaining('DeviceNotActivated') });
    expect(second.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    // A client without a device is not authorized either on a license that limits devices.
    expect(await refusalOf(client(license.code, machineId(), { device: undefined }).authorize())).toMatchObject({ code: 'AuthorizationDenied' });

    await first.authorize();
    const deactivated = await first.deactivate();
    expect(deactivated).toMatchObject({ active: false, deactivatedBy: 'Device' });
    expect(first.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect((await second.activate()).activeDevices).toBe(1);
    expect((await second.authorize()).deviceId).toBe((await database.db.device.findFirstOrThrow({ where: { seatId: license.seatId, deactivatedAt: null } })).id);
  });

  it('a floating device: its lease extended by a heartbeat; lapsed and taken by another, its heartbeat is DeviceLimitReached and ends its authorization', async () => {
    const license = await sold({ maxDevices: 1, deviceMode: 'Floating' });
    const first = client(license.code, machineId());
    const activated = await first.activate();
    expect(activated.mode).toBe('Floating');
    expect(Date.parse(activated.leaseExpiresUtc!) - Date.parse(activated.lastSeenUtc)).toBe(600_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const beat = await first.heartbeat();
    expect(Date.parse(beat.leaseExpiresUtc!)).toBeGreaterThan(Date.parse(activated.leaseExpiresUtc!));
    await first.authorize();
    expect(first.check('render').allowed).toBe(true);

    // The lease lapses (as if the machine slept past it), and another device takes the place.
    await database.db.device.update({ where: { id: activated.deviceId }, data: { leaseExpiresAt: new Date(Date.now() - 1_000) } });
    const second = client(license.code, machineId());
    expect((await second.activate()).active).toBe(true);
    expect(await refusalOf(first.heartbeat())).toMatchObject({ code: 'DeviceLimitReached' });
    expect(first.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(first.refusal).toMatchObject({ code: 'DeviceLimitReached' });
  });

  describe('with the clock of its timers run ahead (HTTP and the database stay real)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Lets real I/O (the heartbeat's HTTP call) finish while timers are fake, up to `ms` of wall time. */
    async function until(done: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (await done()) return true;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return false;
    }

    it('a floating device keeps its lease on its own: the client heartbeats the real service at half the lease, and close() stops them', async () => {
      const license = await sold({ maxDevices: 1, deviceMode: 'Floating' });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const runtime = client(license.code, machineId());
      const activated = await runtime.activate();
      const leaseOf = async () => (await database.db.device.findUniqueOrThrow({ where: { id: activated.deviceId } })).leaseExpiresAt!.getTime();
      const first = await leaseOf();
      expect(first).toBe(Date.parse(activated.leaseExpiresUtc!));

      // Just before half the lease nothing is sent; at half the lease the service extends it.
      await vi.advanceTimersByTimeAsync(299_000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await leaseOf()).toBe(first);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await until(async () => (await leaseOf()) > first)).toBe(true);
      const renewed = await leaseOf();

      // And again half a lease after that one's answer (scheduled once the answer is read: the
      // clock runs ahead in steps, real I/O finishing between them, until the lease moves).
      let ahead = 0;
      while (ahead < 330_000 && (await leaseOf()) === renewed) {
        await vi.advanceTimersByTimeAsync(5_000);
        ahead += 5_000;
        await until(async () => (await leaseOf()) > renewed, 50);
      }
      expect(await until(async () => (await leaseOf()) > renewed)).toBe(true);
      expect(ahead).toBeGreaterThanOrEqual(295_000);

      await runtime.close();
      const closed = await leaseOf();
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(await until(async () => (await leaseOf()) !== closed, 1_000)).toBe(false);
    }, 60_000);
  });

  it('a license without a device limit: a device is named in the authorization, activated or not', async () => {
    const license = await sold({ maxDevices: null });
    const machine = machineId();
    const runtime = client(license.code, machine);
    expect(await runtime.authorize()).toMatchObject({ deviceId: null, fingerprint: await deviceFingerprint(machine, { appId: APP_ID }) });
  });
});

describe('offline license files with the client library', () => {
  it('checked out, verified, saved with the JWKS, and verified again with no network; another machine is OtherDevice', async () => {
    const license = await sold({ maxDevices: 2, maxOfflineDays: 30 });
    const machine = machineId();
    const runtime = client(license.code, machine);
    await runtime.activate();
    const { licenseFile, file, jwks } = await runtime.checkOutLicenseFile(7 * 86_400);
    expect(file).toMatchObject({ licenseId: license.licenseId, seatId: license.seatId, fingerprint: await deviceFingerprint(machine, { appId: APP_ID }) });
    expect(Date.parse(file.expiresUtc) - Date.parse(file.issuedUtc)).toBe(7 * 86_400_000);
    expect(file.check('render', 3)).toEqual({ allowed: true, reason: 'Allowed', remaining: 2 });
    expect(file.check('render')).toMatchObject({ allowed: false, reason: 'RateLimited' });
    expect(file.check('export')).toEqual({ allowed: false, reason: 'NotAuthorized' });

    // A later run, offline: the file and JWKS as saved (text), the verifiedUtc saved as lastSeenUtc.
    const saved = { licenseFile, jwks: JSON.stringify(jwks), lastSeenUtc: file.verifiedUtc };
    const offline = await verifyLicenseFile(saved.licenseFile, { jwks: JSON.parse(saved.jwks), licensingUrl: `${server.baseUrl}/licensing`, machineId: machine, appId: APP_ID, lastSeenUtc: saved.lastSeenUtc });
    expect(offline).toMatchObject({ fileId: file.fileId, deviceId: file.deviceId });
    const elsewhere = await refusalOf(verifyLicenseFile(saved.licenseFile, { jwks: JSON.parse(saved.jwks), licensingUrl: `${server.baseUrl}/licensing`, machineId: machineId(), appId: APP_ID }));
    expect(elsewhere).toBeInstanceOf(LicenseFileError);
    expect(elsewhere).toMatchObject({ reason: 'OtherDevice' });
  });

  it("a file's time is capped by the license's MaxOfflineDays", async () => {
    const license = await sold({ maxDevices: null, maxOfflineDays: 1 });
    const { file } = await client(license.code, machineId()).checkOutLicenseFile(7 * 86_400);
    expect(Date.parse(file.expiresUtc) - Date.parse(file.issuedUtc)).toBe(86_400_000);
  });

  it('a license with no offline use is refused by the service (AuthorizationDenied, OfflineNotOffered)', async () => {
    const license = await sold({ maxDevices: null, maxOfflineDays: 0 });
    expect(await refusalOf(client(license.code, machineId()).checkOutLicenseFile(86_400))).toMatchObject({ code: 'AuthorizationDenied', message: expect.stringContaining('OfflineNotOffered') });
  });

  it('after a key rotation: a file signed by the new key is checked out and verified, and a file of the old key still verifies with the later JWKS', async () => {
    const license = await sold({ maxDevices: null });
    const machine = machineId();
    const runtime = client(license.code, machine);
    const before = await runtime.checkOutLicenseFile(86_400);
    const rotated = await rotateSigningKey({ db: database.db }, 'runtime', { activateInSeconds: 0 });
    // The service hears of the new key; the client's JWKS copy is older than its one-second cooldown.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await runtime.checkOutLicenseFile(86_400);
    expect(decodeProtectedHeader(after.licenseFile).kid).toBe(rotated.kid);
    expect(decodeProtectedHeader(before.licenseFile).kid).not.toBe(rotated.kid);
    const options = { jwks: after.jwks, licensingUrl: `${server.baseUrl}/licensing`, machineId: machine, appId: APP_ID };
    expect((await verifyLicenseFile(before.licenseFile, options)).fileId).toBe(before.file.fileId);
    expect((await verifyLicenseFile(after.licenseFile, options)).fileId).toBe(after.file.fileId);
    // The JWKS saved before the rotation does not know the new key.
    expect(await refusalOf(verifyLicenseFile(after.licenseFile, { ...options, jwks: before.jwks }))).toMatchObject({ reason: 'Unverified' });
  });
});
