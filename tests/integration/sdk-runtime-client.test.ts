import crypto from 'node:crypto';
import { CompactSign, decodeProtectedHeader, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentError, LicensingApiError, readLicenseCode, RuntimeClient, type RuntimeClientOptions } from '../../sdk/src/index';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { rotateSigningKey } from '@/server/keys/signing-keys';
import { LICENSE_CODE_TOPIC } from '@/server/licensing/licensing-topics';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { publishInvalidation, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { urlOf } from '../support/fetch-url';

// The client library's RuntimeClient against the real service (docs/sdk.md): the
// authorization is verified against the JWKS over HTTP, decisions are local, and usage batches are
// counted once through injected network failures.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: TestServer;
let offering: Awaited<ReturnType<typeof createOffering>>;
const clients: RuntimeClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, SEED_DEMO: 'false' } });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: LicenseClassification.Perpetual });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 5, allowancePeriodUnit: 2, rateLimit: 3, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'export', displayName: 'Export', accessLevel: 'Denied' },
    ],
  });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await server?.stop();
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

async function sold() {
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { licenseId: minted.licenseId, codeId: code.id, code: minted.codes[0]! };
}

function client(code: string, options: Partial<RuntimeClientOptions> = {}): RuntimeClient {
  const made = new RuntimeClient({
    licensingUrl: `${server.baseUrl}/licensing`,
    consumptionUrl: `${server.baseUrl}/consumption`,
    licenseCode: code,
    flushIntervalMs: 0,
    retry: { attempts: 5, baseDelayMs: 10 },
    ...options,
  });
  clients.push(made);
  return made;
}

/** A fetch that rewrites the authorization's JWS in the answer. */
function rewritingAuthorization(rewrite: (jws: string) => Promise<string> | string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!urlOf(input).endsWith('/GenerateLicenseAuthorization') || !response.ok) return response;
    const body = await response.json();
    body.Authorization = await rewrite(body.Authorization);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

describe('RuntimeClient: the authorization', () => {
  it('is verified against the JWKS fetched over HTTP, and its fields come from the signed payload', async () => {
    const license = await sold();
    const runtime = client(license.code);
    const authorization = await runtime.authorize();
    expect(authorization).toMatchObject({ licenseId: license.licenseId, classification: LicenseClassification.Perpetual });
    expect(Date.parse(authorization.expiresUtc) - Date.parse(authorization.issuedUtc)).toBe(600_000);
    expect(authorization.features.find((feature) => feature.featureKey === 'render')).toEqual({
      featureKey: 'render', accessLevel: 'Allowed', rateLimit: 3, rateWindowSeconds: 60, allowance: 5, remaining: 5, periodEndUtc: expect.any(String),
    });
    // Within the half-life the same authorization is answered without a request.
    expect((await runtime.authorize()).authorizationId).toBe(authorization.authorizationId);
  });

  it('a tampered payload and a JWS signed by a key outside the JWKS are refused (AuthorizationUnverified), never trusted', async () => {
    const license = await sold();
    const tampered = client(license.code, {
      fetch: rewritingAuthorization((jws) => {
        const [header, payload, signature] = jws.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        claims.Features = claims.Features.map((feature: { Remaining: number | null }) => ({ ...feature, Remaining: 1_000_000 }));
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      }),
    });
    await expect(tampered.authorize()).rejects.toMatchObject({ name: 'LicensingApiError', code: 'AuthorizationUnverified' });
    expect(tampered.check('render').reason).toBe('NotAuthorized');

    const foreign = await generateKeyPair('ES256');
    const forged = client(license.code, {
      fetch: rewritingAuthorization(async (jws) => {
        const kid = decodeProtectedHeader(jws).kid!;
        const payload = Buffer.from(jws.split('.')[1]!, 'base64url');
        return new CompactSign(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'license-authorization+jwt' }).sign(foreign.privateKey);
      }),
    });
    await expect(forged.authorize()).rejects.toMatchObject({ code: 'AuthorizationUnverified' });
  });

  it('follows a key rotation: an authorization signed with a new kid is verified after the JWKS is fetched again', async () => {
    const license = await sold();
    let now = Date.now();
    const runtime = client(license.code, { now: () => now });
    const before = await runtime.authorize();
    const rotated = await rotateSigningKey({ db: database.db }, 'runtime', { activateInSeconds: 0 });
    // The service hears of the new key; the client's JWKS copy is older than its one-second cooldown.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    now += 301_000; // past the half-life
    const after = await runtime.authorize();
    expect(after.authorizationId).not.toBe(before.authorizationId);
    expect(runtime.check('editor').allowed).toBe(true);
    const signedBy = await fetch(`${server.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${readLicenseCode(license.code).token}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId }),
    }).then(async (response) => decodeProtectedHeader(((await response.json()) as { Authorization: string }).Authorization).kid);
    expect(signedBy).toBe(rotated.kid);
  });

  it('a revocation takes effect at the next refresh: the refusal is thrown and check() refuses at once', async () => {
    const license = await sold();
    let now = Date.now();
    const runtime = client(license.code, { now: () => now });
    await runtime.authorize();
    expect(runtime.check('editor').allowed).toBe(true);
    await database.db.licenseCode.update({ where: { id: license.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, LICENSE_CODE_TOPIC, license.codeId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    now += 301_000; // past the half-life
    const refusal = await runtime.authorize().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LicensingApiError);
    expect(refusal).toMatchObject({ code: 'CredentialRevoked', status: 403, correlationId: expect.any(String) });
    expect(runtime.check('editor')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(runtime.refusal?.code).toBe('CredentialRevoked');
  });

  it('offline, the authorization held keeps serving until its expiresUtc, then check() says Expired', async () => {
    const license = await sold();
    let now = Date.now();
    let online = true;
    const runtime = client(license.code, {
      now: () => now,
      retry: { attempts: 2, baseDelayMs: 1 },
      fetch: (input, init) => (online ? fetch(input, init) : Promise.reject(new TypeError('fetch failed'))),
    });
    const authorization = await runtime.authorize();
    online = false;
    now += 400_000; // past the half-life, before the expiry
    expect((await runtime.authorize()).authorizationId).toBe(authorization.authorizationId);
    expect(runtime.check('editor').allowed).toBe(true);
    now = Date.parse(authorization.expiresUtc);
    expect(runtime.check('editor')).toEqual({ allowed: false, reason: 'Expired' });
    await expect(runtime.authorize()).rejects.toMatchObject({ code: 'NetworkError', status: 0 });
  });
});

describe('RuntimeClient: local checks', () => {
  it('decide without the network: rate window, allowance, unknown and denied features', async () => {
    const license = await sold();
    let now = Date.now();
    let requests = 0;
    const runtime = client(license.code, { now: () => now, fetch: (input, init) => (requests++, fetch(input, init)) });
    expect(runtime.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    await runtime.authorize();
    const afterAuthorize = requests;
    expect([1, 2, 3].map(() => runtime.check('render').reason)).toEqual(['Allowed', 'Allowed', 'Allowed']);
    expect(runtime.check('render')).toMatchObject({ allowed: false, reason: 'RateLimited', retryAfterSeconds: 60, remaining: 2 });
    now += 60_000;
    expect(runtime.check('render', 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(runtime.check('render')).toMatchObject({ allowed: false, reason: 'AllowanceSpent', remaining: 0, retryAfterSeconds: expect.any(Number) });
    expect(runtime.check('nope')).toEqual({ allowed: false, reason: 'UnknownFeature' });
    expect(runtime.check('export')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(runtime.check('editor', 1_000)).toMatchObject({ allowed: true, remaining: null });
    expect(requests).toBe(afterAuthorize);
  });

  it('the allowance left matches what the service enforces for the same sequence', async () => {
    const license = await sold();
    const runtime = client(license.code);
    await runtime.authorize();
    for (let i = 0; i < 3; i++) {
      expect(runtime.check('render').allowed).toBe(true);
      runtime.record('render', 1);
    }
    await runtime.flush();
    // A second client of the same seat starts from what the service counted.
    const other = client(license.code);
    const fresh = await other.authorize();
    expect(fresh.features.find((feature) => feature.featureKey === 'render')!.remaining).toBe(2);
    // The first client's window is full (3 per 60 s); both agree 2 units are left.
    expect(runtime.check('render')).toMatchObject({ allowed: false, reason: 'RateLimited', remaining: 2 });
    expect(other.check('render', 3)).toMatchObject({ allowed: false, reason: 'AllowanceSpent', remaining: 2 });
  });
});

describe('RuntimeClient: usage', () => {
  it('a batch whose answer was lost, then a 503, is sent again with its BatchId and counted once', async () => {
    const license = await sold();
    const sent: string[] = [];
    let attempt = 0;
    const runtime = client(license.code, {
      fetch: async (input, init) => {
        if (!urlOf(input).endsWith('/runtime/messages')) return fetch(input, init);
        attempt += 1;
        sent.push(JSON.parse(init!.body as string).BatchId);
        if (attempt === 1) {
          await fetch(input, init); // the service counts it, the answer is lost
          throw new TypeError('socket hang up');
        }
        if (attempt === 2) return new Response(JSON.stringify({ Code: 'ServiceUnavailable', Message: 'busy' }), { status: 503, headers: { 'retry-after': '0' } });
        return fetch(input, init);
      },
    });
    for (let i = 0; i < 4; i++) runtime.record('render', 2);
    await runtime.flush();
    expect(attempt).toBe(3);
    expect(new Set(sent).size).toBe(1);
    const batches = await database.db.usageBatch.findMany({ where: { licenseId: license.licenseId } });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.batchId).toBe(sent[0]);
    expect((batches[0]!.records as { Units: number }[]).reduce((sum, item) => sum + item.Units, 0)).toBe(8);
    expect(runtime.queuedItems).toBe(0);
  });

  it('batches hold at most 1000 items', async () => {
    const license = await sold();
    const sizes: number[] = [];
    const runtime = client(license.code, {
      fetch: async (input, init) => {
        if (urlOf(input).endsWith('/runtime/messages')) sizes.push(JSON.parse(init!.body as string).Items.length);
        return fetch(input, init);
      },
    });
    for (let i = 0; i < 2_500; i++) runtime.record('editor', 1);
    await runtime.flush();
    expect(Math.max(...sizes)).toBe(1_000);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(2_500);
    const counted = await database.db.usageBatch.aggregate({ where: { licenseId: license.licenseId }, _sum: { units: true } });
    expect(counted._sum.units).toBe(2_500n);
  });

  it('while the service cannot be reached usage waits in a bounded queue (the oldest dropped and counted) and is sent when it returns', async () => {
    const license = await sold();
    let online = false;
    const runtime = client(license.code, {
      maxQueuedItems: 100,
      retry: { attempts: 2, baseDelayMs: 1 },
      fetch: (input, init) => (online ? fetch(input, init) : Promise.reject(new TypeError('fetch failed'))),
    });
    for (let i = 0; i < 250; i++) runtime.record('editor', 1, new Date(Date.now() + i));
    expect(runtime.droppedItems).toBe(150);
    await expect(runtime.flush()).rejects.toMatchObject({ code: 'NetworkError' });
    expect(runtime.queuedItems).toBe(100);
    online = true;
    await runtime.flush();
    expect(runtime.queuedItems).toBe(0);
    const batches = await database.db.usageBatch.findMany({ where: { licenseId: license.licenseId } });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.units).toBe(100n);
  });

  it('arguments the service would refuse are ArgumentError naming the field, before any request', async () => {
    expect(() => new RuntimeClient({ licensingUrl: 'not a url', consumptionUrl: `${server.baseUrl}/consumption`, licenseCode: 'SVC_LIC_x' })).toThrow(expect.objectContaining({ name: 'ArgumentError', field: 'licensingUrl' }));
    expect(() => client('not-a-code')).toThrow(expect.objectContaining({ field: 'licenseCode' }));
    const runtime = client((await sold()).code);
    expect(() => runtime.record('editor', 0)).toThrow(expect.objectContaining({ field: 'units' }));
    expect(() => runtime.record('', 1)).toThrow(expect.objectContaining({ field: 'featureKey' }));
    // The service's own rule of a usage item (a feature key is at most 64 characters), not a copy of it.
    expect(() => runtime.record('f'.repeat(65), 1)).toThrow(expect.objectContaining({ field: 'featureKey' }));
    expect(() => runtime.record('editor', 1, 'yesterday')).toThrow(ArgumentError);
  });
});
