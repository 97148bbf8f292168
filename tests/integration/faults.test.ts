import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { LICENSE_CODE_TOPIC } from '@/server/licensing/licensing-topics';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { publishInvalidation, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { launchChromium } from '../support/browser';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { tcpRelay } from '../support/tcp-relay';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Faults with real processes (docs/operations.md "Failure behaviour"): two instances on one PostgreSQL, one of
// them through a TCP relay the test stalls (a blackhole), cuts and restores; SIGTERM under
// keep-alive load and with the database blackholed. Each test logs its figures.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const SHUTDOWN_TIMEOUT_MS = 6_000;
let database: TestDatabase;
let relay: ReturnType<typeof tcpRelay>;
let direct: TestServer;
let relayed: TestServer;
let seller: Awaited<ReturnType<typeof createSeller>>;
let offering: Awaited<ReturnType<typeof createOffering>>;

async function sold() {
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { licenseId: minted.licenseId, codeId: code.id, token: decodeLicenseCode(minted.codes[0]!)! };
}

async function authorize(base: string, license: { licenseId: string; token: string }) {
  const started = performance.now();
  const response = await fetch(`${base}/licensing/runtime/GenerateLicenseAuthorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId }),
  });
  const body = (await response.json().catch(() => null)) as { Code?: string } | null;
  return { status: response.status, code: body?.Code, retryAfter: response.headers.get('retry-after'), ms: performance.now() - started };
}

async function readiness(base: string) {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, body: (await response.json()) as { Ready: boolean; Stopping: boolean; Checks: { Database: string; Invalidation: string } } };
}

async function until<T>(deadlineMs: number, probe: () => Promise<T | undefined>, everyMs = 50): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, ms: performance.now() - started };
    if (performance.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The test database's URL through the relay. */
function relayedDatabaseUrl(): string {
  const url = new URL(database.url);
  url.port = String(relay.port());
  return url.toString();
}

/** Until a query on a fresh connection through the relay returns. */
async function answersThroughRelay() {
  const client = new pg.Client({ connectionString: relayedDatabaseUrl(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  relay = tcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
  await relay.start();
  direct = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, SEED_DEMO: 'false', SHUTDOWN_DELAY_MS: '1000', RATE_LIMIT_IP_PER_MINUTE: '1000000' } });
  relayed = await startTestServer({
    databaseUrl: relayedDatabaseUrl(),
    // Codes carry the issuer: both instances are one service.
    env: { APP_SECRET, SEED_DEMO: 'false', PUBLIC_BASE_URL: direct.baseUrl, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
  });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: direct.baseUrl });
  resetEnvForTests();
  seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2 });
}, 240_000);

afterAll(async () => {
  await Promise.all([direct?.stop(), relayed?.stop()]);
  await relay?.cut().catch(() => {});
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

describe('the database stalls (a blackhole) and comes back', () => {
  it('a code revoked during the stall is refused within one second of the database answering again; meanwhile answers are 503 with Retry-After within 5 s', async () => {
    const license = await sold();
    expect((await authorize(relayed.baseUrl, license)).status).toBe(200);
    const cachedAt = performance.now();
    expect((await readiness(relayed.baseUrl)).body.Checks.Invalidation).toBe('listening');

    relay.stall();
    const stalledAt = performance.now();
    // Revoked on the database directly: the relayed instance's listener cannot hear it.
    await database.db.licenseCode.update({ where: { id: license.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, LICENSE_CODE_TOPIC, license.codeId);

    const lost = await until(8_000, async () => ((await readiness(relayed.baseUrl)).body.Checks.Invalidation === 'reconnecting' ? true : undefined), 100);
    const detectedMs = performance.now() - stalledAt;
    // Its cached entry, once older than 5 s, is not served: the instance asks the database, which does not answer.
    await sleep(Math.max(0, 5_100 - (performance.now() - cachedAt)));
    const during = await authorize(relayed.baseUrl, license);
    expect(during.status).toBe(503);
    expect(during.code).toBe('ServiceUnavailable');
    expect(Number(during.retryAfter)).toBeGreaterThan(0);
    expect(during.ms).toBeLessThan(5_000);

    relay.restore();
    // "Answering again": a fresh connection through the relay gets its answer (on a loaded machine
    // that alone can take a while, and it is the database's time, not the instance's).
    await answersThroughRelay();
    const refused = await until(5_000, async () => {
      const answer = await authorize(relayed.baseUrl, license);
      return answer.status === 403 ? answer : undefined;
    });
    expect(refused.value.code).toBe('CredentialRevoked');
    expect(refused.ms).toBeLessThan(1_000);
    const listening = await until(5_000, async () => ((await readiness(relayed.baseUrl)).body.Checks.Invalidation === 'listening' ? true : undefined), 100);
    const metrics = await (await fetch(`${relayed.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/invalidation_listener\{state="reconnections"\} [1-9]/);
    console.log(
      `[faults] stall: listener loss seen by /readyz after ${Math.round(detectedMs)} ms (probe ${Math.round(lost.ms)} ms); ` +
        `a request during the stall: ${during.status} ${during.code} in ${Math.round(during.ms)} ms (Retry-After ${during.retryAfter}); ` +
        `revoked code refused ${Math.round(refused.ms)} ms after the database answered again; listening again after ${Math.round(listening.ms)} ms`,
    );
  });
});

describe('the database connection is cut and comes back', () => {
  it('REST answers 503 ServiceUnavailable with Retry-After at once, a page shows the retry page, and service resumes by itself', async () => {
    const license = await sold();
    expect((await authorize(relayed.baseUrl, license)).status).toBe(200);
    await relay.cut();
    // Past the 5 s an entry is served without a listener.
    await sleep(5_200);
    const during = await authorize(relayed.baseUrl, license);
    expect(during.status).toBe(503);
    expect(during.code).toBe('ServiceUnavailable');
    expect(Number(during.retryAfter)).toBeGreaterThan(0);
    expect(during.ms).toBeLessThan(5_000);
    const catalog = await fetch(`${relayed.baseUrl}/purchase/${seller.issuerClientId}/offerings`);
    expect(catalog.status).toBe(503);
    expect(catalog.headers.get('retry-after')).toBeTruthy();
    expect(catalog.headers.get('x-correlation-id')).toBeTruthy();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${relayed.baseUrl}/marketplace/${seller.issuerClientId}`);
      await page.getByRole('alert').getByText('This page could not be loaded right now.').waitFor();
      expect(await page.getByRole('button', { name: 'Try again now' }).isVisible()).toBe(true);
      expect(await page.content()).not.toMatch(/at [\w.]+ \(|PrismaClient|ECONNREFUSED/);
    } finally {
      await browser.close();
    }
    // The sign-in authority answers in OAuth's words: temporarily_unavailable, 503, Retry-After.
    const signIn = await fetch(`${relayed.baseUrl}/identity/oauth2/v2.0/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'service-app-client', username: 'someone@example.test', challenge_type: 'oob redirect' }),
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('retry-after')).toBeTruthy();
    expect(((await signIn.json()) as { error: string }).error).toBe('temporarily_unavailable');
    const ready = await readiness(relayed.baseUrl);
    expect(ready.status).toBe(503);
    expect(ready.body.Checks).toMatchObject({ Database: 'error', Invalidation: 'reconnecting' });

    await relay.start();
    const back = await until(5_000, async () => ((await authorize(relayed.baseUrl, license)).status === 200 ? true : undefined));
    // The listener reconnects on its own schedule (at most a second apart).
    const listening = await until(3_000, async () => {
      const ready = await readiness(relayed.baseUrl);
      return ready.body.Ready && ready.body.Checks.Invalidation === 'listening' ? true : undefined;
    }, 50);
    console.log(
      `[faults] cut: ${during.status} ${during.code} in ${Math.round(during.ms)} ms (Retry-After ${during.retryAfter}); serving again ${Math.round(back.ms)} ms after the database returned, ` +
        `listening again ${Math.round(back.ms + listening.ms)} ms after`,
    );
  });
});

describe('stopping', () => {
  it('SIGTERM with the database blackholed: the process exits within its deadline', async () => {
    relay.stall();
    const started = performance.now();
    process.kill(relayed.pid, 'SIGTERM');
    const code = await relayed.exited;
    const ms = performance.now() - started;
    relay.restore();
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 1_000);
    console.log(`[faults] SIGTERM with the database blackholed: exited ${code} after ${Math.round(ms)} ms (deadline ${SHUTDOWN_TIMEOUT_MS} ms)`);
  });

  it('SIGTERM under keep-alive load: /readyz fails at once, no client connection is reset, the process exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const path = `/purchase/${seller.issuerClientId}/offerings`;
    const url = new URL(direct.baseUrl);
    const tally = { ok: 0, closedAfterAnswer: 0, refused: 0, reset: 0, other: [] as string[] };
    let stopAt = Infinity;
    const request = () =>
      new Promise<void>((resolve) => {
        const req = http.request({ host: url.hostname, port: url.port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) tally.ok += 1;
            else tally.other.push(`status ${res.statusCode}`);
            if (res.headers.connection === 'close') tally.closedAfterAnswer += 1;
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') {
            tally.refused += 1;
            // The instance no longer accepts: a load balancer would send this client elsewhere.
            stopAt = Math.min(stopAt, performance.now());
          } else if (error.code === 'ECONNRESET' || /socket hang up/.test(error.message)) tally.reset += 1;
          else tally.other.push(error.code ?? error.message);
          resolve();
        });
        req.end();
      });
    const loops = Array.from({ length: 16 }, async () => {
      while (performance.now() < stopAt) await request();
    });
    // The signal comes under real keep-alive load: 100 answers first, however slow a loaded machine is.
    await sleep(1_000);
    while (tally.ok < 100) await sleep(20);
    const signalled = performance.now();
    process.kill(direct.pid, 'SIGTERM');
    const notReady = await until(900, async () => {
      const answer = await readiness(direct.baseUrl);
      return answer.status === 503 ? answer.body : undefined;
    }, 20);
    expect(notReady.value).toMatchObject({ Ready: false, Stopping: true });
    const code = await direct.exited;
    const exitMs = performance.now() - signalled;
    stopAt = Math.min(stopAt, performance.now());
    await Promise.all(loops);
    agent.destroy();
    console.log(
      `[faults] SIGTERM under keep-alive load (16 connections): ${tally.ok} answered, ${tally.closedAfterAnswer} with Connection: close, ` +
        `${tally.refused} refused after the listener closed, ${tally.reset} reset, other ${JSON.stringify(tally.other)}; /readyz 503 after ${Math.round(notReady.ms)} ms; exited ${code} after ${Math.round(exitMs)} ms`,
    );
    expect(tally.reset).toBe(0);
    expect(tally.other).toEqual([]);
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.closedAfterAnswer).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
