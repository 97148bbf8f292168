import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { rememberProcessConfig } from '../support/process-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// An instance killed with SIGKILL while activations are in flight on seats with MaxDevices 3: each
// activation's transaction commits whole or not at all, so after a restart no seat holds more than
// its limit, and the seats fill to exactly their limit, no more.

const MAX_DEVICES = 3;
const SEATS = 4;
const PER_SEAT = 20;
const restoreConfig = rememberProcessConfig(['DATABASE_URL', 'APP_SECRET', 'PUBLIC_BASE_URL']);
const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const LIMITS = JSON.stringify({ deviceChurn: { points: 10_000, durationSeconds: 3600 } });
let database: TestDatabase;
let instance: TestServer;
const licenses: { licenseId: string; seatId: string; token: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, TEST_LIMITS: LIMITS } });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: instance.baseUrl });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  const offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  for (let i = 0; i < SEATS; i++) {
    const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
    await database.db.license.update({ where: { id: minted.licenseId }, data: { maxDevices: MAX_DEVICES } });
    licenses.push({ licenseId: minted.licenseId, seatId: minted.seatIds[0]!, token: decodeLicenseCode(minted.codes[0]!)! });
  }
}, 120_000);

afterAll(async () => {
  await instance?.stop();
  await closeDb();
  await database?.drop();
  restoreConfig();
});

function activate(base: string, license: (typeof licenses)[number], body = activation(license)) {
  return fetch(`${base}/licensing/runtime/ActivateDevice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` },
    body,
  }).then(
    (response) => response.status,
    () => 'lost' as const,
  );
}

const activation = (license: (typeof licenses)[number]) =>
  JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId, Fingerprint: crypto.randomBytes(32).toString('hex') });

/** As the SDK does: a 503 (the pool's wait ran out on a loaded machine) is asked again with the same RequestId. */
async function activateAsAClientWould(base: string, license: (typeof licenses)[number]) {
  const body = activation(license);
  for (let attempt = 1; ; attempt++) {
    const status = await activate(base, license, body);
    if (status !== 503 || attempt === 5) return status;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

const holding = (seatId: string) => database.db.device.count({ where: { seatId, deactivatedAt: null } });

describe('an instance killed with SIGKILL during activations', () => {
  it('leaves no seat over its limit, and after a restart the seats fill to exactly their limit', async () => {
    // Killed at the sixth answer, with most activations of every seat still in flight.
    const KILL_AT = 6;
    let answered = 0;
    const attempts = licenses.flatMap((license) =>
      Array.from({ length: PER_SEAT }, () =>
        activate(instance.baseUrl, license).then((status) => {
          answered += 1;
          if (answered === KILL_AT) process.kill(instance.pid, 'SIGKILL');
          return status;
        }),
      ),
    );
    const statuses = await Promise.all(attempts);
    expect(await instance.exited).toBeNull();
    const lost = statuses.filter((status) => status === 'lost').length;
    const held = await Promise.all(licenses.map((license) => holding(license.seatId)));
    console.log(`[faults] SIGKILL during ${statuses.length} activations: ${statuses.length - lost} answered, ${lost} lost with the process; devices committed per seat: ${held.join(', ')} (limit ${MAX_DEVICES})`);
    for (const count of held) expect(count).toBeLessThanOrEqual(MAX_DEVICES);
    expect(lost).toBeGreaterThan(0);

    // The restart: the same address, so the codes' issuer is its own.
    instance = await startTestServer({ databaseUrl: database.url, port: Number(new URL(instance.baseUrl).port), env: { APP_SECRET, TEST_LIMITS: LIMITS } });
    const again = await Promise.all(licenses.flatMap((license) => Array.from({ length: 5 }, () => activateAsAClientWould(instance.baseUrl, license))));
    expect(again.filter((status) => status !== 200 && status !== 403)).toEqual([]);
    for (const license of licenses) expect(await holding(license.seatId)).toBe(MAX_DEVICES);
  });
});
