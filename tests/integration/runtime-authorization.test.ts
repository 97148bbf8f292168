import crypto from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offering } from '@/generated/prisma/client';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { resetEnvForTests } from '@/server/env';
import { getActiveSigningKey } from '@/server/keys/signing-keys';
import { issueLicenseCode } from '@/server/licensing/issue-license-code';
import { mintLicense } from '@/server/licensing/mint-license';
import { revokeLicenseCodeByBuyer } from '@/server/licensing/revoke-license-code-by-buyer';
import { decodeLicenseCode, signRuntimeToken } from '@/server/licensing/runtime-token';
import { publishInvalidation, stopAllInvalidationListeners, type InvalidationTopic } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { rawRequest } from '../support/raw-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// POST /licensing/runtime/GenerateLicenseAuthorization over real HTTP (spec "Runtime paths",
// "Authentication", "Errors", "Limits"). Licenses are minted in this process on the servers'
// database with the servers' APP_SECRET and issuer, as a sale would mint them. Three instances share
// the database and its signing keys: `server`, `second` (cross-instance revocation) and `limited`
// (the per-license limit shrunk to 3 per 30 s).

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const WWW_AUTHENTICATE = 'Bearer realm="service-runtime", scope="license.runtime"';
const PATH = '/licensing/runtime/GenerateLicenseAuthorization';
const AUTHORIZATION_FIELDS = ['AuthorizationId', 'RequestId', 'LicenseId', 'SeatId', 'LicenseClassification', 'IssuedUtc', 'ExpiresUtc', 'Features'];

let database: TestDatabase;
let server: TestServer;
let second: TestServer;
let limited: TestServer;
let offering: Offering;
let buyerAccountId: string;
let issuer: string;

interface SoldLicense {
  licenseId: string;
  seatId: string;
  codeId: string;
  token: string;
}

/** A one-seat license of `from` (default: the subscription with `render` and `editor`), as a sale mints it. */
async function sold(from: Offering = offering, options: { now?: Date } = {}): Promise<SoldLicense> {
  const minted = await mintLicense(database.db, { offering: from, buyerAccountId, correlationId: null, seatCount: 1, now: options.now });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, codeId: code.id, token: decodeLicenseCode(minted.code!)! };
}

function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const authorize = (license: { licenseId: string; token: string }, extra: Record<string, string> = {}, base = server.baseUrl) =>
  post(base, PATH, { RequestId: crypto.randomUUID(), LicenseId: license.licenseId }, { authorization: `Bearer ${license.token}`, ...extra });

const featureOf = (body: { Features: { FeatureKey: string }[] }, key: string) => body.Features.find((feature) => feature.FeatureKey === key);

/** A token signed by this service's own active runtime key, with the given claims over the genuine ones. */
async function signedByService(license: SoldLicense, options: { claims?: Record<string, unknown>; issuer?: string; audience?: string } = {}) {
  const key = await getActiveSigningKey({ db: database.db }, 'runtime');
  return new SignJWT({ scope: 'license.runtime', lic: license.licenseId, seat: license.seatId, ...options.claims })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? issuer)
    .setAudience(options.audience ?? 'service-runtime')
    .setSubject(license.codeId)
    .setIssuedAt()
    .sign(key.privateKey);
}

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.Code).toBe(code);
  expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
  return body;
}

/** Changes a row, publishes its topic and waits (deadline 2 s) until the server refuses `license` with `code`. */
async function refusedAfterChange(license: SoldLicense, change: () => Promise<unknown>, topic: InvalidationTopic, key: string) {
  expect((await authorize(license)).status).toBe(200); // the server now holds the license in its caches
  await change();
  await publishInvalidation({ db: database.db }, topic, key);
  const deadline = Date.now() + 2000;
  let response = await authorize(license);
  while (response.status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await authorize(license);
  }
  return response;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET } });
  issuer = `${server.baseUrl}/licensing/runtime`;
  // The same issuer and secret as `server`: a license code is genuine on every instance.
  const shared = { APP_SECRET, PUBLIC_BASE_URL: server.baseUrl };
  [second, limited] = await Promise.all([
    startTestServer({ databaseUrl: database.url, env: shared }),
    startTestServer({ databaseUrl: database.url, env: { ...shared, TEST_LIMITS: JSON.stringify({ runtimeAuthorization: { points: 3, durationSeconds: 30 } }) } }),
  ]);
  Object.assign(process.env, { DATABASE_URL: database.url, ...shared });
  resetEnvForTests();

  const seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), {
    classification: LicenseClassification.Subscription,
    priceMinor: 900,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
  });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: IntervalUnit.Month, rateLimit: 120, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
    ],
  });
  buyerAccountId = (await database.db.account.create({ data: { email: `runtime-buyer-${crypto.randomBytes(4).toString('hex')}@example.test` } })).id;
});

afterAll(async () => {
  await Promise.all([server?.stop(), second?.stop(), limited?.stop()]);
  await stopAllInvalidationListeners();
  await database?.drop();
});

describe('GenerateLicenseAuthorization: the signed authorization', () => {
  it('200 answers the authorization fields: seat, classification, ten minutes of validity and each feature with its allowance', async () => {
    const license = await sold();
    const RequestId = crypto.randomUUID();
    const response = await post(server.baseUrl, PATH, { RequestId, LicenseId: license.licenseId }, { authorization: `Bearer ${license.token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['Authorization', ...AUTHORIZATION_FIELDS].sort());
    expect(body).toMatchObject({ RequestId, LicenseId: license.licenseId, SeatId: license.seatId, LicenseClassification: LicenseClassification.Subscription });
    expect(body.AuthorizationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Date(body.IssuedUtc).toISOString()).toBe(body.IssuedUtc);
    expect(Date.parse(body.ExpiresUtc) - Date.parse(body.IssuedUtc)).toBe(600_000);
    const termStart = (await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).termStart;
    const periodEnd = new Date(termStart);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(body.Features).toEqual([
      { FeatureKey: 'editor', ServiceAccessLevel: 'Allowed', RateLimit: null, RateWindowSeconds: null, Allowance: null, Remaining: null, PeriodEndUtc: null },
      { FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: 120, RateWindowSeconds: 60, Allowance: 100, Remaining: 100, PeriodEndUtc: periodEnd.toISOString() },
    ]);
    // Each authorization is its own: a second one has another id.
    const again = await (await authorize(license)).json();
    expect(again.AuthorizationId).not.toBe(body.AuthorizationId);
  });

  it('the Authorization JWS verifies against the runtime JWKS over HTTP (issuer, audience, typ) and its payload is exactly the answered fields', async () => {
    const license = await sold();
    const body = await (await authorize(license)).json();
    const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/licensing/runtime/.well-known/jwks`));
    const { payload, protectedHeader } = await jwtVerify(body.Authorization, jwks, {
      issuer,
      audience: 'service-runtime',
      typ: 'license-authorization+jwt',
      algorithms: ['ES256'],
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'license-authorization+jwt' });
    const fields = Object.fromEntries(AUTHORIZATION_FIELDS.map((name) => [name, body[name]]));
    expect(payload).toEqual({
      ...fields,
      iss: issuer,
      aud: 'service-runtime',
      sub: license.seatId,
      jti: body.AuthorizationId,
      iat: Date.parse(body.IssuedUtc) / 1000,
      exp: Date.parse(body.ExpiresUtc) / 1000,
    });
    // The key that signed it is the active runtime key, published in the JWKS.
    const jwksDocument = await (await fetch(`${server.baseUrl}/licensing/runtime/.well-known/jwks`)).json();
    expect(jwksDocument.keys.map((key: { kid: string }) => key.kid)).toContain(protectedHeader.kid);
  });

  it('a tampered Authorization (one payload character changed) fails verification', async () => {
    const license = await sold();
    const body = await (await authorize(license)).json();
    const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/licensing/runtime/.well-known/jwks`));
    const [header, payload, signature] = body.Authorization.split('.') as [string, string, string];
    // One character of the JSON: the allowance left, 100 -> 900, still a well-formed payload.
    const json = Buffer.from(payload, 'base64url').toString('utf8');
    const at = json.indexOf('"Remaining":100');
    expect(at).toBeGreaterThan(0);
    const changed = `${json.slice(0, at + '"Remaining":'.length)}9${json.slice(at + '"Remaining":'.length + 1)}`;
    expect(changed.length).toBe(json.length);
    expect((JSON.parse(changed) as { Features: { Remaining: number | null }[] }).Features.map((feature) => feature.Remaining)).toEqual([null, 900]);
    const tampered = `${header}.${Buffer.from(changed, 'utf8').toString('base64url')}.${signature}`;
    await expect(jwtVerify(tampered, jwks, { issuer, audience: 'service-runtime', algorithms: ['ES256'] })).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    // And one character of the encoded payload itself.
    const flipped = payload.slice(0, 10) + (payload[10] === 'A' ? 'B' : 'A') + payload.slice(11);
    await expect(jwtVerify(`${header}.${flipped}.${signature}`, jwks, { issuer, audience: 'service-runtime', algorithms: ['ES256'] })).rejects.toThrow();
    // The untouched one still verifies.
    await expect(jwtVerify(body.Authorization, jwks, { issuer, audience: 'service-runtime', algorithms: ['ES256'] })).resolves.toBeDefined();
  });
});

describe('GenerateLicenseAuthorization: 401 refusals of the bearer, each with WWW-Authenticate', () => {
  it('no Authorization header is 401 RuntimeTokenMissing (an ApiError)', async () => {
    const license = await sold();
    const response = await post(server.baseUrl, PATH, { RequestId: crypto.randomUUID(), LicenseId: license.licenseId });
    expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
    await expectRefused(response, 401, 'RuntimeTokenMissing');
  });

  it("a header that is no Bearer JWT is the gateway's refusal: 401, WWW-Authenticate, no body, a correlation id", async () => {
    const license = await sold();
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer abc', 'Bearer', `Bearer ${license.token} extra`, license.token, `Bearer ${'a'.repeat(5000)}.b.c`]) {
      const body = JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId });
      const response = await rawRequest(server.baseUrl, 'POST', PATH, body, { 'content-type': 'application/json', authorization });
      expect(response.status, authorization.slice(0, 30)).toBe(401);
      expect(response.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
      expect(response.text).toBe('');
      expect(response.headers['x-correlation-id']).toEqual(expect.any(String));
    }
  });

  it('a token signed by another key under the genuine kid is 401 RuntimeTokenInvalid', async () => {
    const license = await sold();
    const { kid } = decodeProtectedHeader(license.token);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ scope: 'license.runtime', lic: license.licenseId, seat: license.seatId })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience('service-runtime')
      .setSubject(license.codeId)
      .setIssuedAt()
      .sign(privateKey);
    const response = await authorize({ licenseId: license.licenseId, token: forged });
    expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
    await expectRefused(response, 401, 'RuntimeTokenInvalid');
    // The genuine token of the same license is accepted: only the signature differed.
    expect((await authorize(license)).status).toBe(200);
  });

  it("a token of the service's own key naming another issuer, another audience or lacking the runtime scope is 401 RuntimeTokenInvalid", async () => {
    const license = await sold();
    const cases: [string, string][] = [
      ['another issuer', await signedByService(license, { issuer: 'https://uat.example.test/licensing/runtime' })],
      ['another audience', await signedByService(license, { audience: 'checkout-api' })],
      ['no scope', await signedByService(license, { claims: { scope: undefined } })],
      ['another scope', await signedByService(license, { claims: { scope: 'checkout.purchase' } })],
    ];
    // Control: the same construction with the genuine claims is accepted.
    expect((await authorize({ licenseId: license.licenseId, token: await signedByService(license) })).status).toBe(200);
    for (const [label, token] of cases) {
      const response = await authorize({ licenseId: license.licenseId, token });
      expect(response.headers.get('www-authenticate'), label).toBe(WWW_AUTHENTICATE);
      expect(response.status, label).toBe(401);
      expect((await response.json()).Code, label).toBe('RuntimeTokenInvalid');
    }
  });

  it('alg none and HS256 tokens are 401 with WWW-Authenticate, never accepted', async () => {
    const license = await sold();
    const { kid } = decodeProtectedHeader(license.token);
    const now = Math.floor(Date.now() / 1000);
    const claims = { scope: 'license.runtime', lic: license.licenseId, seat: license.seatId, iss: issuer, aud: 'service-runtime', sub: license.codeId, iat: now };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsecured = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}`;
    const genuineSignature = license.token.split('.')[2]!;
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(new TextEncoder().encode('x'.repeat(32)));

    // alg none with an ApiError: a JWT with a signature segment that is not ES256.
    for (const token of [`${unsecured}.${genuineSignature}`, hs256]) {
      const response = await authorize({ licenseId: license.licenseId, token });
      expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
      await expectRefused(response, 401, 'RuntimeTokenInvalid');
    }
    // alg none in its RFC 7519 form (empty signature segment): refused 401 with WWW-Authenticate as well.
    const bare = await rawRequest(server.baseUrl, 'POST', PATH, JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId }), {
      'content-type': 'application/json',
      authorization: `Bearer ${unsecured}.`,
    });
    expect(bare.status).toBe(401);
    expect(bare.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    if (bare.text !== '') expect(JSON.parse(bare.text).Code).toBe('RuntimeTokenInvalid');
  });
});

describe('GenerateLicenseAuthorization: the credential and the license', () => {
  it('a genuine token whose sub names no license code is 403 CredentialUnknown', async () => {
    const license = await sold();
    const { token } = await signRuntimeToken({ db: database.db }, { credentialId: crypto.randomUUID(), licenseId: license.licenseId, seatId: license.seatId });
    await expectRefused(await authorize({ licenseId: license.licenseId, token }), 403, 'CredentialUnknown');
  });

  it('a genuine token naming a real code but another seat than the code is 403 CredentialUnknown', async () => {
    const minted = await mintLicense(database.db, { offering, buyerAccountId, correlationId: null, seatCount: 2 });
    const issued = await issueLicenseCode({ db: database.db }, { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, label: 'Seat 1' });
    const { token } = await signRuntimeToken({ db: database.db }, { credentialId: issued.credentialId, licenseId: minted.licenseId, seatId: minted.seatIds[1]! });
    await expectRefused(await authorize({ licenseId: minted.licenseId, token }), 403, 'CredentialUnknown');
  });

  it('a code revoked by its buyer is 403 CredentialRevoked; another code of the same seat keeps working', async () => {
    const license = await sold();
    const other = await issueLicenseCode({ db: database.db }, { licenseId: license.licenseId, seatId: license.seatId, label: 'Build agent' });
    const revoked = await revokeLicenseCodeByBuyer({ db: database.db }, { codeId: license.codeId, buyerAccountId });
    expect(revoked.id).toBe(license.codeId);
    await expectRefused(await authorize(license), 403, 'CredentialRevoked');
    expect((await authorize({ licenseId: license.licenseId, token: decodeLicenseCode(other.code)! })).status).toBe(200);
  });

  it("a LicenseId that is not the token's is 404 NotFound (never 403), whether it exists or not", async () => {
    const [mine, other] = [await sold(), await sold()];
    for (const LicenseId of [other.licenseId, crypto.randomUUID()]) {
      const response = await post(server.baseUrl, PATH, { RequestId: crypto.randomUUID(), LicenseId }, { authorization: `Bearer ${mine.token}` });
      await expectRefused(response, 404, 'NotFound');
    }
  });

  it('a retired seat is 403 AuthorizationDenied, Message starting SeatRetired', async () => {
    // A license keeps one live seat: retire the first of two.
    const minted = await mintLicense(database.db, { offering, buyerAccountId, correlationId: null, seatCount: 2 });
    const issued = await issueLicenseCode({ db: database.db }, { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, label: 'Seat 1' });
    const seat = { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, codeId: issued.credentialId, token: decodeLicenseCode(issued.code)! };
    const response = await refusedAfterChange(seat, () => database.db.seat.update({ where: { id: seat.seatId }, data: { retiredAt: new Date() } }), 'seat', seat.seatId);
    const body = await expectRefused(response, 403, 'AuthorizationDenied');
    expect(body.Message).toMatch(/^SeatRetired/);
  });

  it.each([
    ['Suspended', 'LicenseSuspended'],
    ['Cancelled', 'LicenseCancelled'],
    ['Paused', 'LicensePaused'],
    ['Expired', 'Expired'],
  ] as const)('a license %s is 403 AuthorizationDenied, Message starting %s', async (status, reason) => {
    const license = await sold();
    const response = await refusedAfterChange(
      license,
      () => database.db.license.update({ where: { id: license.licenseId }, data: { status } }),
      'license-status',
      license.licenseId,
    );
    const body = await expectRefused(response, 403, 'AuthorizationDenied');
    expect(body.Message).toMatch(new RegExp(`^${reason}`));
  });

  it('an Active trial whose term has ended is 403 AuthorizationDenied Expired, before any job moves it; a trial in term is authorized', async () => {
    const trialOffering = await createOffering(database.db, { id: offering.productId, sellerId: offering.sellerId }, {
      classification: LicenseClassification.Trial,
      interval: 14,
      intervalUnit: IntervalUnit.Day,
    });
    const ended = await sold(trialOffering, { now: new Date(Date.now() - 15 * 86_400_000) });
    const row = await database.db.license.findUniqueOrThrow({ where: { id: ended.licenseId } });
    expect(row.status).toBe('Active');
    expect(row.termEnd!.getTime()).toBeLessThan(Date.now());
    const body = await expectRefused(await authorize(ended), 403, 'AuthorizationDenied');
    expect(body.Message).toMatch(/^Expired/);

    const current = await sold(trialOffering);
    const answer = await authorize(current);
    expect(answer.status).toBe(200);
    expect((await answer.json()).LicenseClassification).toBe(LicenseClassification.Trial);
  });
});

describe('GenerateLicenseAuthorization: other credentials', () => {
  it('dub-apiKey and Ocp-Apim-Subscription-Key are ignored: a valid token with a real or a garbage key is answered the same', async () => {
    const license = await sold();
    const { key } = await createApiKey({ db: database.db }, { sellerId: offering.sellerId, label: 'backend' });
    for (const headers of [{ 'dub-apiKey': key, 'Ocp-Apim-Subscription-Key': 'a-subscription-key' }, { 'dub-apiKey': 'SVC_AK_garbage', 'Ocp-Apim-Subscription-Key': 'garbage' }]) {
      const response = await authorize(license, headers);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ LicenseId: license.licenseId, SeatId: license.seatId });
    }
  });

  it('an account API key alone reaches no runtime path: 401 RuntimeTokenMissing on both', async () => {
    const license = await sold();
    const { key } = await createApiKey({ db: database.db }, { sellerId: offering.sellerId, label: 'backend' });
    const headers = { 'dub-apiKey': key, 'Ocp-Apim-Subscription-Key': key };
    const answers = [
      await post(server.baseUrl, PATH, { RequestId: crypto.randomUUID(), LicenseId: license.licenseId }, headers),
      await post(
        server.baseUrl,
        '/consumption/runtime/messages',
        { LicenseId: license.licenseId, BatchId: crypto.randomUUID(), Items: [{ FeatureKey: 'render', Units: 1, TimeUtc: new Date().toISOString() }] },
        headers,
      ),
    ];
    for (const response of answers) {
      expect(response.headers.get('www-authenticate')).toBe(WWW_AUTHENTICATE);
      await expectRefused(response, 401, 'RuntimeTokenMissing');
    }
    expect(await database.db.usageBatch.count({ where: { licenseId: license.licenseId } })).toBe(0);
  });

  it('a runtime token is refused on POST /purchase/checkout (BuyerTokenInvalid) and as dub-apiKey on /licensing-mgmt (ApiKeyInvalid)', async () => {
    const license = await sold();
    const code = (await mintLicense(database.db, { offering, buyerAccountId, correlationId: null, seatCount: 1 })).code!;
    const purchase = await post(
      server.baseUrl,
      '/purchase/checkout',
      { RequestId: crypto.randomUUID(), OfferingId: offering.id, IssuerClientId: 'x' },
      { authorization: `Bearer ${license.token}` },
    );
    await expectRefused(purchase, 401, 'BuyerTokenInvalid');
    expect(await database.db.checkout.count({ where: { offeringId: offering.id } })).toBe(0);
    for (const credential of [license.token, code]) {
      const management = await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${license.licenseId}`, { headers: { 'dub-apiKey': credential } });
      await expectRefused(management, 403, 'ApiKeyInvalid');
    }
  });
});

describe('GenerateLicenseAuthorization: limits and entitlements', () => {
  it('the 4th authorization of a license within the window is 429 RateLimited with Retry-After (limit shrunk to 3 per 30 s); another license is not held back', async () => {
    const license = await sold();
    for (let i = 0; i < 3; i++) expect((await authorize(license, {}, limited.baseUrl)).status).toBe(200);
    const refused = await authorize(license, {}, limited.baseUrl);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    await expectRefused(refused, 429, 'RateLimited');
    // Per license: another license on the same instance is answered.
    expect((await authorize(await sold(), {}, limited.baseUrl)).status).toBe(200);
  });

  it("a seller's later edit of the offering's features does not change a license already sold; a license sold after it has the new values", async () => {
    const edited = await createOffering(database.db, { id: offering.productId, sellerId: offering.sellerId }, {
      classification: LicenseClassification.Subscription,
      priceMinor: 900,
      interval: 1,
      intervalUnit: IntervalUnit.Month,
    });
    await database.db.feature.create({ data: { offeringId: edited.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: IntervalUnit.Month, rateLimit: 120, accessLevel: 'Allowed' } });
    const before = await sold(edited);
    expect(featureOf(await (await authorize(before)).json(), 'render')).toMatchObject({ Allowance: 100, Remaining: 100, RateLimit: 120 });

    await database.db.feature.update({ where: { offeringId_key: { offeringId: edited.id, key: 'render' } }, data: { allowance: 5, rateLimit: 1 } });
    const after = await sold(edited);

    expect(featureOf(await (await authorize(before)).json(), 'render')).toMatchObject({ Allowance: 100, Remaining: 100, RateLimit: 120, RateWindowSeconds: 60 });
    expect(featureOf(await (await authorize(after)).json(), 'render')).toMatchObject({ Allowance: 5, Remaining: 5, RateLimit: 1, RateWindowSeconds: 60 });
    const snapshots = await database.db.licenseFeature.findMany({ where: { licenseId: { in: [before.licenseId, after.licenseId] } }, select: { licenseId: true, allowance: true, rateLimit: true } });
    expect(snapshots).toHaveLength(2);
    expect(snapshots.find((row) => row.licenseId === before.licenseId)).toMatchObject({ allowance: 100, rateLimit: 120 });
    expect(snapshots.find((row) => row.licenseId === after.licenseId)).toMatchObject({ allowance: 5, rateLimit: 1 });
  });
});

describe('GenerateLicenseAuthorization: several instances', () => {
  it('a code revoked through one instance is refused by another within one second of the revocation (both caches warm)', async () => {
    const license = await sold();
    // Both instances hold the code, its seat and license in their caches.
    expect((await authorize(license, {}, server.baseUrl)).status).toBe(200);
    expect((await authorize(license, {}, second.baseUrl)).status).toBe(200);

    await revokeLicenseCodeByBuyer({ db: database.db }, { codeId: license.codeId, buyerAccountId });
    const revokedAt = performance.now();
    let response = await authorize(license, {}, second.baseUrl);
    while (response.status === 200 && performance.now() - revokedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      response = await authorize(license, {}, second.baseUrl);
    }
    const elapsed = performance.now() - revokedAt;
    await expectRefused(response, 403, 'CredentialRevoked');
    expect(elapsed).toBeLessThanOrEqual(1000);
    // The first instance refuses it as well.
    await expectRefused(await authorize(license, {}, server.baseUrl), 403, 'CredentialRevoked');
  });
});
