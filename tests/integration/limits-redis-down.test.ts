import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { tcpRelay } from '../support/tcp-relay';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Redis stopped under two real instances (docs/operations.md "Failure behaviour"): both reach Redis through a
// TCP relay the test cuts. The shared limit holds while they count together; without Redis each
// allows its share (RATE_LIMIT_INSTANCES=2), so together they stay within the limit; when Redis
// returns they count together again. Runs wherever a Redis answers (REDIS_URL, else 127.0.0.1:6379).

const redisTarget = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = net.connect(Number(redisTarget.port || 6379), redisTarget.hostname);
  socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const LIMIT = 6;

describe.skipIf(!redisAnswers)('rate limits with Redis stopped under two instances (runs when a Redis answers at REDIS_URL or 127.0.0.1:6379)', () => {
  let database: TestDatabase;
  const relay = tcpRelay({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
  let instances: TestServer[] = [];
  let offering: Awaited<ReturnType<typeof createOffering>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await relay.start();
    const env = {
      APP_SECRET,
      SEED_DEMO: 'false',
      JOBS_WORKER: 'false',
      REDIS_URL: `redis://127.0.0.1:${relay.port()}`,
      REDIS_KEY_PREFIX: `redis-down-${crypto.randomBytes(4).toString('hex')}`,
      RATE_LIMIT_INSTANCES: '2',
      TEST_LIMITS: JSON.stringify({ runtimeAuthorization: { points: LIMIT, durationSeconds: 600 } }),
    };
    const first = await startTestServer({ databaseUrl: database.url, env });
    const second = await startTestServer({ databaseUrl: database.url, env: { ...env, PUBLIC_BASE_URL: first.baseUrl } });
    instances = [first, second];
    Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: first.baseUrl });
    resetEnvForTests();
    const seller = await createSeller(database.db, { checkoutReady: true });
    offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: LicenseClassification.Perpetual });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await relay.cut().catch(() => {});
    await stopInvalidationListener();
    await closeDb();
    await database?.drop();
  });

  async function license() {
    const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
    return { licenseId: minted.licenseId, token: decodeLicenseCode(minted.codes[0]!)! };
  }

  /** 10 authorizations of one license through each instance, alternating; how many were allowed, and the other answers. */
  async function hammer(target: { licenseId: string; token: string }) {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const instance of instances) {
        const response = await fetch(`${instance.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
          body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: target.licenseId }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }
    return { allowed: statuses.filter((status) => status === 200).length, refused: statuses.filter((status) => status === 429).length, other: statuses.filter((status) => status !== 200 && status !== 429) };
  }

  async function limitsBackends() {
    return Promise.all(instances.map(async (instance) => ((await (await fetch(`${instance.baseUrl}/readyz`)).json()) as { Checks: { Limits: string } }).Checks.Limits));
  }

  async function untilBackends(expected: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while ((await limitsBackends()).some((backend) => backend !== expected)) {
      if (Date.now() > deadline) throw new Error(`limits not ${expected} within ${timeoutMs} ms: ${(await limitsBackends()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('the instances count one limit together through Redis; with Redis stopped each allows half, so the total stays within it; when Redis returns they count together again', async () => {
    await untilBackends('redis');
    const shared = await hammer(await license());
    expect(shared).toMatchObject({ allowed: LIMIT, other: [] });

    await relay.cut();
    // Each instance learns of the outage at its next command at the latest; the readiness report says so.
    await hammer(await license());
    await untilBackends('fallback');
    const alone = await hammer(await license());
    expect(alone.other).toEqual([]);
    expect(alone.allowed).toBe(LIMIT);
    expect(alone.allowed).toBeLessThanOrEqual(LIMIT);

    await relay.start();
    const returnedAt = Date.now();
    await untilBackends('redis');
    const reconnectMs = Date.now() - returnedAt;
    const again = await hammer(await license());
    expect(again).toMatchObject({ allowed: LIMIT, other: [] });
    console.log(
      `[faults] Redis stopped under two instances, limit ${LIMIT} per license: shared ${shared.allowed}/20 allowed; ` +
        `with Redis stopped ${alone.allowed}/20 allowed (${LIMIT / 2} per instance); counting together again ${reconnectMs} ms after Redis returned: ${again.allowed}/20`,
    );
  });
});
