import crypto from 'node:crypto';
import { createRemoteJWKSet, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { ingestUsage } from '@/server/consumption/ingest-usage';
import { issueLicenseCode } from '@/server/licensing/codes/issue-license-code';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { publishInvalidation, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { rawRequest } from '../support/raw-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { LICENSE_CODE_TOPIC } from '@/server/licensing/licensing-topics';

// The runtime paths over real HTTP (spec "Runtime paths", "Authentication" 1-3): licenses are minted
// in this process on the server's database, with the server's APP_SECRET and issuer, as a sale would.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const WWW_AUTHENTICATE = 'Bearer realm="service-runtime", scope="license.runtime"';
let database: TestDatabase;
let server: TestServer;
let limited: TestServer;
let offering: Awaited<ReturnType<typeof createOffering>>;

async function sold() {
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, codeId: code.id, token: decodeLicenseCode(minted.codes[0]!)! };
}

function post(base: string, path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
const authorize = (license: { licenseId: string; token: string }, extra: Record<string, string> = {}, base = server.baseUrl) =>
  post(base, '/licensing/runtime/GenerateLicenseAuthorization', { RequestId: crypto.randomUUID(), LicenseId: license.licenseId }, { authorization: `Bearer ${license.token}`, ...extra });
const report = (license: { licenseId: string; token: string }, body: Record<string, unknown>) =>
  post(server.baseUrl, '/consumption/runtime/messages', { LicenseId: license.licenseId, BatchId: crypto.randomUUID(), ...body }, { authorization: `Bearer ${license.token}` });
const items = (units: number) => [{ FeatureKey: 'render', Units: units, TimeUtc: new Date().toISOString() }];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET } });
  // The same issuer as `server`, so its codes are genuine on both.
  limited = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, PUBLIC_BASE_URL: server.baseUrl, TEST_LIMITS: JSON.stringify({ runtimeAuthorization: { points: 3, durationSeconds: 60 } }) } });
  // Codes carry the issuer of the server that verifies them; both servers share the database and its keys.
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
  const seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2 });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: 2, rateLimit: 120, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
    ],
  });
});

afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

describe('POST /licensing/runtime/GenerateLicenseAuthorization', () => {
  it('answers a signed authorization that verifies against the runtime JWKS fetched over HTTP; a tampered one does not', async () => {
    const license = await sold();
    const response = await authorize(license);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toMatchObject({ LicenseId: license.licenseId, SeatId: license.seatId, LicenseClassification: 1 });
    expect(Date.parse(body.ExpiresUtc) - Date.parse(body.IssuedUtc)).toBe(600_000);
    expect(body.Features).toEqual([
      { FeatureKey: 'editor', ServiceAccessLevel: 'Allowed', RateLimit: null, RateWindowSeconds: null, Allowance: null, Remaining: null, PeriodEndUtc: null },
      { FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: 120, RateWindowSeconds: 60, Allowance: 100, Remaining: 100, PeriodEndUtc: expect.any(String) },
    ]);
    const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/licensing/runtime/.well-known/jwks`));
    const verified = await jwtVerify(body.Authorization, jwks, { issuer: `${server.baseUrl}/licensing/runtime`, audience: 'service-runtime', typ: 'license-authorization+jwt', algorithms: ['ES256'] });
    expect(verified.payload).toMatchObject({ AuthorizationId: body.AuthorizationId, LicenseId: license.licenseId, SeatId: license.seatId, Features: body.Features, jti: body.AuthorizationId, sub: license.seatId });
    // The answer beside the JWS is exactly the statement it signs, a JSON body like every other.
    const { Authorization: _signed, ...shown } = body;
    expect(verified.payload).toMatchObject(shown);
    expect(Object.keys(verified.payload).filter((claim) => !['iss', 'aud', 'sub', 'jti', 'iat', 'exp'].includes(claim))).toEqual(Object.keys(shown));
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    const [header, payload, signature] = body.Authorization.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...verified.payload, Features: [] })).toString('base64url');
    expect(tampered).not.toBe(payload);
    await expect(jwtVerify(`${header}.${tampered}.${signature}`, jwks, { algorithms: ['ES256'] })).rejects.toThrow();
  });

  it('no bearer is 401 RuntimeTokenMissing with WWW-Authenticate; an account key alone reaches no runtime path', async () => {
    const seller = await createSeller(database.db);
    const { key } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' });
    const response = await post(server.baseUrl, '/licensing/runtime/GenerateLicenseAuthorization', { RequestId: crypto.randomUUID(), LicenseId: 'x' }, { 'dub-apiKey': key });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
    expect((await response.json()).Code).toBe('RuntimeTokenMissing');
  });

  it('an Authorization header that is not a Bearer JWT is the gateway\'s refusal: 401, WWW-Authenticate, no body, a correlation id', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer not-a-jwt', `Bearer ${'a'.repeat(5000)}.b.c`]) {
      const response = await rawRequest(server.baseUrl, 'POST', '/licensing/runtime/GenerateLicenseAuthorization', '{}', { 'content-type': 'application/json', authorization });
      expect(response.status, authorization.slice(0, 20)).toBe(401);
      expect(response.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
      expect(response.text).toBe('');
      expect(response.headers['x-correlation-id']).toEqual(expect.any(String));
    }
  });

  it('a JWT with a foreign signature, another audience, no runtime scope or no signature at all (alg none) is 401 RuntimeTokenInvalid with WWW-Authenticate', async () => {
    const license = await sold();
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = JSON.parse(Buffer.from(license.token.split('.')[0]!, 'base64url').toString());
    const forge = (claims: Record<string, unknown>, audience = 'service-runtime') =>
      new SignJWT({ scope: 'license.runtime', lic: license.licenseId, seat: license.seatId, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(`${server.baseUrl}/licensing/runtime`)
        .setAudience(audience)
        .setSubject(license.codeId)
        .sign(privateKey);
    const [, genuineClaims] = license.token.split('.');
    const unsecured = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${genuineClaims}.`;
    for (const token of [await forge({}), await forge({}, 'another-audience'), await forge({ scope: 'checkout.purchase' }), unsecured]) {
      const response = await authorize({ licenseId: license.licenseId, token });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
      expect((await response.json()).Code).toBe('RuntimeTokenInvalid');
    }
  });

  it('a LicenseId that is not the token\'s is 404 NotFound, never 403', async () => {
    const [mine, other] = [await sold(), await sold()];
    const response = await authorize({ licenseId: other.licenseId, token: mine.token });
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe('NotFound');
  });

  it('a genuine token whose code is unknown is 403 CredentialUnknown; a revoked code is 403 CredentialRevoked', async () => {
    const unknown = await sold();
    await database.db.licenseCode.delete({ where: { id: unknown.codeId } });
    const refusedUnknown = await authorize(unknown);
    expect(refusedUnknown.status).toBe(403);
    expect((await refusedUnknown.json()).Code).toBe('CredentialUnknown');

    const revoked = await sold();
    // Both instances hold the code in their caches; then it is revoked: both refuse within one second of the notice.
    expect((await authorize(revoked)).status).toBe(200);
    expect((await authorize(revoked, {}, limited.baseUrl)).status).toBe(200);
    await database.db.licenseCode.update({ where: { id: revoked.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, LICENSE_CODE_TOPIC, revoked.codeId);
    const deadline = Date.now() + 1000;
    let response = await authorize(revoked);
    while (response.status === 200 && Date.now() < deadline) response = await authorize(revoked);
    expect(response.status).toBe(403);
    expect((await response.json()).Code).toBe('CredentialRevoked');
    // The other instance (3 authorizations a minute: no polling) by the same second.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(250, deadline - Date.now()))));
    const other = await authorize(revoked, {}, limited.baseUrl);
    expect(other.status).toBe(403);
    expect((await other.json()).Code).toBe('CredentialRevoked');
  });

  it('enforcement: a retired seat and a suspended, cancelled or paused license are 403 AuthorizationDenied with the reason first in Message', async () => {
    // A license keeps one live seat (a database invariant): retire the first of two.
    const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 2 });
    const issued = await issueLicenseCode({ db: database.db }, { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, label: 'Seat 1' });
    const retired = { licenseId: minted.licenseId, token: decodeLicenseCode(issued.code)! };
    await database.db.seat.update({ where: { id: minted.seatIds[0]! }, data: { retiredAt: new Date() } });
    const retiredAnswer = await authorize(retired);
    expect(retiredAnswer.status).toBe(403);
    expect(await retiredAnswer.json()).toMatchObject({ Code: 'AuthorizationDenied', Message: expect.stringMatching(/^SeatRetired/) });
    for (const [status, reason] of [['Suspended', 'LicenseSuspended'], ['Cancelled', 'LicenseCancelled'], ['Paused', 'LicensePaused'], ['Expired', 'Expired']] as const) {
      const license = await sold();
      await database.db.license.update({ where: { id: license.licenseId }, data: { status } });
      const answer = await authorize(license);
      expect(answer.status, status).toBe(403);
      expect(await answer.json()).toMatchObject({ Code: 'AuthorizationDenied', Message: expect.stringMatching(new RegExp(`^${reason}`)) });
    }
  });

  it('dub-apiKey and Ocp-Apim-Subscription-Key are ignored on the runtime path', async () => {
    const license = await sold();
    const response = await authorize(license, { 'dub-apiKey': 'SVC_AK_garbage', 'Ocp-Apim-Subscription-Key': 'garbage' });
    expect(response.status).toBe(200);
  });

  it('a runtime token reaches nothing else: refused as a buyer token and as an account key', async () => {
    const license = await sold();
    const purchase = await post(server.baseUrl, '/purchase/checkout', { RequestId: crypto.randomUUID(), OfferingId: offering.id, IssuerClientId: 'x' }, { authorization: `Bearer ${license.token}` });
    expect(purchase.status).toBe(401);
    expect((await purchase.json()).Code).toBe('BuyerTokenInvalid');
    const management = await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${license.licenseId}`, { headers: { 'dub-apiKey': license.token } });
    expect(management.status).toBe(403);
    expect((await management.json()).Code).toBe('ApiKeyInvalid');
  });

  it('the 4th authorization of a license within the window is 429 RateLimited (limit shrunk to 3 for the test)', async () => {
    const license = await sold();
    for (let i = 0; i < 3; i++) expect((await authorize(license, {}, limited.baseUrl)).status).toBe(200);
    const refused = await authorize(license, {}, limited.baseUrl);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).Code).toBe('RateLimited');
    // Per license: another license is not held back.
    expect((await authorize(await sold(), {}, limited.baseUrl)).status).toBe(200);
  });

  it('a seller\'s later edit of the offering changes no license already sold', async () => {
    const before = await sold();
    await database.db.feature.update({ where: { offeringId_key: { offeringId: offering.id, key: 'render' } }, data: { allowance: 5, rateLimit: 1 } });
    try {
      const after = await sold();
      const oldRender = (await (await authorize(before)).json()).Features.find((feature: { FeatureKey: string }) => feature.FeatureKey === 'render');
      const newRender = (await (await authorize(after)).json()).Features.find((feature: { FeatureKey: string }) => feature.FeatureKey === 'render');
      expect(oldRender).toMatchObject({ Allowance: 100, RateLimit: 120 });
      expect(newRender).toMatchObject({ Allowance: 5, RateLimit: 1 });
    } finally {
      await database.db.feature.update({ where: { offeringId_key: { offeringId: offering.id, key: 'render' } }, data: { allowance: 100, rateLimit: 120 } });
    }
  });
});

describe('POST /consumption/runtime/messages', () => {
  it('a batch is durable when answered, stamped with the credential and seat, and lowers that seat\'s allowance', async () => {
    const license = await sold();
    const response = await report(license, { Items: items(7) });
    expect(response.status).toBe(200);
    const receipt = await response.json();
    expect(receipt).toEqual({ BatchId: expect.any(String), Items: 1, Duplicate: false, Dropped: false });
    const row = await database.db.usageBatch.findFirstOrThrow({ where: { batchId: receipt.BatchId } });
    expect(row).toMatchObject({ credentialId: license.codeId, seatId: license.seatId, licenseId: license.licenseId, dropped: false, units: 7n });
    const render = (await (await authorize(license)).json()).Features.find((feature: { FeatureKey: string }) => feature.FeatureKey === 'render');
    expect(render.Remaining).toBe(93);
  });

  it('a BatchId sent again, also 20 times at once, is counted once and answered Duplicate', async () => {
    const license = await sold();
    const BatchId = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(license, { BatchId, Items: items(2) }).then((response) => response.json())));
    expect(answers.filter((answer) => answer.Duplicate === false)).toHaveLength(1);
    expect(answers.filter((answer) => answer.Duplicate === true)).toHaveLength(19);
    expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(1);
    const window = await database.db.allowanceWindow.findFirstOrThrow({ where: { seatId: license.seatId, featureKey: 'render' } });
    expect(window.used).toBe(2n);
  });

  it('a LicenseId that is not the credential\'s is 400 before ingestion; an unknown feature is 400 naming the item', async () => {
    const [mine, other] = [await sold(), await sold()];
    const foreign = await post(server.baseUrl, '/consumption/runtime/messages', { LicenseId: other.licenseId, BatchId: crypto.randomUUID(), Items: items(1) }, { authorization: `Bearer ${mine.token}` });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ Code: 'ValidationError', Details: [expect.objectContaining({ Field: 'LicenseId' })] });
    const unknownFeature = await report(mine, { Items: [{ FeatureKey: 'nope', Units: 1, TimeUtc: new Date().toISOString() }] });
    expect(unknownFeature.status).toBe(400);
    expect(await unknownFeature.json()).toMatchObject({ Code: 'ValidationError', Details: [expect.objectContaining({ Field: 'Items.0.FeatureKey' })] });
    expect(await database.db.usageBatch.count({ where: { licenseId: { in: [mine.licenseId, other.licenseId] } } })).toBe(0);
  });

  it('bounds: no items, more than 1000, zero units or the empty GUID are 400 ValidationError naming the field', async () => {
    const license = await sold();
    const cases: [Record<string, unknown>, string][] = [
      [{ Items: [] }, 'Items'],
      [{ Items: Array.from({ length: 1001 }, () => items(1)[0]) }, 'Items'],
      [{ Items: [{ FeatureKey: 'render', Units: 0, TimeUtc: new Date().toISOString() }] }, 'Items.0.Units'],
      [{ BatchId: '00000000-0000-0000-0000-000000000000', Items: items(1) }, 'BatchId'],
    ];
    for (const [body, field] of cases) {
      const response = await report(license, body);
      expect(response.status, field).toBe(400);
      const answer = await response.json();
      expect(answer.Code).toBe('ValidationError');
      expect(answer.Details.map((detail: { Field: string }) => detail.Field)).toContain(field);
    }
  });

  it('a string holding a NUL deep in the batch is 400 naming the item\'s field; a body nested deeper than 16 levels is 400 InvalidPayload', async () => {
    const license = await sold();
    const nul = await report(license, { Items: [...items(1), { FeatureKey: 'ren\u0000der', Units: 1, TimeUtc: new Date().toISOString() }] });
    expect(nul.status).toBe(400);
    expect((await nul.json()).Details).toEqual([{ Code: 'InvalidFormat', Message: expect.any(String), Field: 'Items.1.FeatureKey' }]);
    const nested = (levels: number) => Array.from({ length: levels - 1 }).reduce<unknown>((inner) => ({ Inner: inner }), {});
    const deep = await report(license, { Items: items(1), Extra: nested(16) });
    expect(deep.status).toBe(400);
    expect((await deep.json()).Code).toBe('InvalidPayload');
    // The body itself is one level: 16 in all is read (the unknown field is ignored), and the batch is kept.
    const deepest = await report(license, { Items: items(1), Extra: nested(15) });
    expect(deepest.status).toBe(200);
    expect(await database.db.usageBatch.count({ where: { licenseId: license.licenseId } })).toBe(1);
  });

  it('batches arriving together each stand alone: each counted in its own seat, and one that cannot be written fails alone', async () => {
    const [first, second, gone] = [await sold(), await sold(), await sold()];
    const principal = (license: Awaited<ReturnType<typeof sold>>) => ({ credentialId: license.codeId, licenseId: license.licenseId, seatId: license.seatId });
    const batch = (license: Awaited<ReturnType<typeof sold>>, units: number) =>
      ingestUsage({ db: database.db }, { licenseId: license.licenseId, batchId: crypto.randomUUID(), items: [{ featureKey: 'render', units, timeUtc: new Date().toISOString() }], principal: principal(license) });
    // `gone` is known to this process's caches; then its code is deleted behind their back, so its row cannot be written.
    await batch(gone, 1);
    await database.db.licenseCode.delete({ where: { id: gone.codeId } });
    const outcomes = await Promise.allSettled([batch(first, 3), batch(gone, 4), batch(second, 5)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const used = async (license: Awaited<ReturnType<typeof sold>>) => (await database.db.allowanceWindow.findFirst({ where: { seatId: license.seatId, featureKey: 'render' } }))?.used;
    expect([await used(first), await used(second)]).toEqual([3n, 5n]);
    expect(await database.db.usageBatch.count({ where: { licenseId: { in: [first.licenseId, second.licenseId] } } })).toBe(2);
  });

  it('allowance.exhausted is recorded once, by the batch that reaches the allowance, also when the batches reaching it arrive together', async () => {
    const license = await sold();
    const exhausted = () => database.db.event.count({ where: { licenseId: license.licenseId, type: 'allowance.exhausted' } });
    expect((await report(license, { Items: items(60) })).status).toBe(200);
    expect(await exhausted()).toBe(0);
    const answers = await Promise.all([report(license, { Items: items(30) }), report(license, { Items: items(30) }), report(license, { Items: items(30) })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await exhausted()).toBe(1);
    expect((await report(license, { Items: items(1) })).status).toBe(200);
    expect(await exhausted()).toBe(1);
    expect(await database.db.allowanceWindow.findFirstOrThrow({ where: { seatId: license.seatId, featureKey: 'render' } })).toMatchObject({ used: 151n, exhaustedAt: expect.any(Date) });
  });

  it('usage under a revoked credential is accepted and dropped: never counted against the allowance', async () => {
    const license = await sold();
    await database.db.licenseCode.update({ where: { id: license.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, LICENSE_CODE_TOPIC, license.codeId);
    const response = await report(license, { Items: items(9) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Dropped: true, Duplicate: false });
    expect(await database.db.usageBatch.findFirstOrThrow({ where: { credentialId: license.codeId } })).toMatchObject({ dropped: true });
    expect(await database.db.allowanceWindow.count({ where: { seatId: license.seatId } })).toBe(0);
  });
});
