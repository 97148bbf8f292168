import crypto from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { resetEnvForTests } from '@/server/env';
import { rotateSigningKey } from '@/server/keys/signing-keys';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { allowRepeatPurchases, createOffering, createProduct, createSeller } from '../support/factories';
import { codeReader, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let buyerToken: string;
let otherBuyerToken: string;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

async function startServer(port?: number) {
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET }, port });
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  await startServer();
  await allowRepeatPurchases(database.db);
  const nextCode = codeReader(smtp);
  buyerToken = (await nativeSignIn(server.baseUrl, 'checkout.buyer@example.com', nextCode)).body.access_token;
  otherBuyerToken = (await nativeSignIn(server.baseUrl, 'other.checkout.buyer@example.com', nextCode)).body.access_token;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

function postCheckout(body: unknown, token: string | null = buyerToken) {
  return fetch(`${server.baseUrl}/purchase/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const readResult = (sessionId: string, token = buyerToken) =>
  fetch(`${server.baseUrl}/purchase/checkout/${sessionId}`, { headers: { authorization: `Bearer ${token}` } });

const checkoutFor = (offeringId: string, extra: Record<string, unknown> = {}) => ({ RequestId: crypto.randomUUID(), OfferingId: offeringId, IssuerClientId: 'demo', ...extra });

async function verifyRuntimeToken(code: string) {
  const token = decodeLicenseCode(code)!;
  const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/licensing/runtime/.well-known/jwks`));
  return { token, ...(await jwtVerify(token, jwks, { issuer: `${server.baseUrl}/licensing/runtime`, audience: 'service-runtime', algorithms: ['ES256'] })) };
}

describe('POST /purchase/checkout: free offerings complete at creation', () => {
  it('a free checkout is completed on the first read with an SVC_LIC_ code whose runtime token verifies against the JWKS over HTTP', async () => {
    const created = await postCheckout(checkoutFor(DEMO_IDS.community, { CorrelationId: 'my-ref-1' }));
    expect(created.status).toBe(200);
    const session = await created.json();
    expect(session).toEqual({ SessionId: expect.any(String), SessionUrl: null });

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBeNull();
    const result = await read.json();
    expect(result).toMatchObject({ Status: 'completed', CorrelationId: 'my-ref-1', OfferingId: DEMO_IDS.community, Error: null });
    expect(result.LicenseId).toEqual(expect.any(String));
    expect(result.EncodedCredential).toMatch(/^SVC_LIC_[A-Za-z0-9_-]+$/);

    const { payload, protectedHeader } = await verifyRuntimeToken(result.EncodedCredential);
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ aud: 'service-runtime', scope: 'license.runtime', lic: result.LicenseId });
    const code = await database.db.licenseCode.findUniqueOrThrow({ where: { id: payload.sub! }, include: { signingKey: true, seat: true } });
    expect(code.secretHash).toBe(sha256(result.EncodedCredential));
    expect(code.signingKey.kid).toBe(protectedHeader.kid);
    expect(code.seat.licenseId).toBe(result.LicenseId);
    expect(payload.seat).toBe(code.seatId);

    // The code is not stored in the clear anywhere.
    const checkoutRow = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
    expect(JSON.stringify(checkoutRow, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(result.EncodedCredential);
  });

  it('a trial completes at creation too, with a term that ends after the trial length', async () => {
    const session = await (await postCheckout(checkoutFor(DEMO_IDS.trial))).json();
    const result = await (await readResult(session.SessionId)).json();
    expect(result.Status).toBe('completed');
    const license = await database.db.license.findUniqueOrThrow({ where: { id: result.LicenseId } });
    expect(license.classification).toBe(0);
    expect(license.termEnd!.getTime() - license.termStart.getTime()).toBe(14 * 86_400_000);
  });
});

describe('POST /purchase/checkout: paid offerings', () => {
  it('returns the local processor page; the result is pending with Retry-After: 3', async () => {
    const session = await (await postCheckout(checkoutFor(DEMO_IDS.monthly, { OriginContext: 'mobile_app' }))).json();
    expect(session.SessionUrl).toBe(`${server.baseUrl}/checkout/local/${session.SessionId}?ui=mobile`);
    const read = await readResult(session.SessionId);
    expect(read.headers.get('retry-after')).toBe('3');
    expect(await read.json()).toEqual({ Status: 'pending', CorrelationId: null, EncodedCredential: null, LicenseId: null, OfferingId: null, Error: null });
  });

  it('20 concurrent POSTs with one RequestId create exactly one checkout, all 200 with the same SessionId', async () => {
    const body = checkoutFor(DEMO_IDS.monthly);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postCheckout(body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const sessions = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(1);
    expect(sessions.every((session) => session.SessionUrl === sessions[0].SessionUrl && session.SessionUrl !== null)).toBe(true);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
  });

  it('20 concurrent free POSTs with one RequestId mint exactly one license and all answer 200 with its session (none 409: a twin that finds the license its twin just minted is the same request)', async () => {
    const body = checkoutFor(DEMO_IDS.community);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postCheckout(body)));
    const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.json() })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { requestId: body.RequestId } });
    expect(new Set(answers.map((answer) => answer.body.SessionId))).toEqual(new Set([checkout.id]));
    expect(await database.db.license.count({ where: { checkoutId: checkout.id } })).toBe(1);
  });

  it('20 concurrent free POSTs with one RequestId for an offering bought once per buyer: all 200 with one session, none 409 AlreadyLicensed (the license a twin minted is this request\'s own)', async () => {
    // Five rounds, each on a fresh offering without repeat purchases, so each round races anew.
    const demo = await database.db.seller.findUniqueOrThrow({ where: { issuerClientId: 'demo' }, include: { products: { take: 1 } } });
    for (let round = 0; round < 5; round++) {
      const offering = await createOffering(database.db, demo.products[0]!);
      const body = checkoutFor(offering.id);
      const responses = await Promise.all(Array.from({ length: 20 }, () => postCheckout(body)));
      const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.json() })));
      expect(answers.map((answer) => `${answer.status} ${answer.body.Code ?? ''}`.trim())).toEqual(Array(20).fill('200'));
      const checkout = await database.db.checkout.findUniqueOrThrow({ where: { requestId: body.RequestId } });
      expect(new Set(answers.map((answer) => answer.body.SessionId))).toEqual(new Set([checkout.id]));
      expect(await database.db.license.count({ where: { offeringId: offering.id } })).toBe(1);
    }
    // A new request (another RequestId) for what the buyer now holds is refused as before.
    const again = await postCheckout(checkoutFor((await database.db.offering.findFirstOrThrow({ where: { allowRepeatPurchase: false, sellerId: demo.id } })).id));
    expect([again.status, (await again.json()).Code]).toEqual([409, 'AlreadyLicensed']);
  });

  it('a repeated request by the same buyer returns the existing checkout; by another buyer it is 409 RequestIdInUse', async () => {
    const body = checkoutFor(DEMO_IDS.lifetime);
    const first = await (await postCheckout(body)).json();
    const again = await postCheckout(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const stolen = await postCheckout(body, otherBuyerToken);
    expect(stolen.status).toBe(409);
    expect((await stolen.json()).Code).toBe('RequestIdInUse');
  });

  it('the same RequestId by the same buyer asking for another offering or CorrelationId is 409 RequestIdMismatch, and nothing more is created', async () => {
    const body = checkoutFor(DEMO_IDS.lifetime, { CorrelationId: 'order-1' });
    expect((await postCheckout(body)).status).toBe(200);
    const before = await database.db.checkout.count();
    for (const changed of [{ ...body, OfferingId: DEMO_IDS.monthly }, { ...body, CorrelationId: 'order-2' }]) {
      const response = await postCheckout(changed);
      expect(response.status).toBe(409);
      expect((await response.json()).Code).toBe('RequestIdMismatch');
    }
    expect(await database.db.checkout.count()).toBe(before);
    // A new landing URL is not a new ask: the replay answers with the first checkout.
    expect((await postCheckout({ ...body, SuccessUrl: 'https://app.example/elsewhere' })).status).toBe(200);
  });

  it('the same RequestId for another seller is 409 RequestIdInUse', async () => {
    const seller = await createSeller(database.db, { checkoutReady: true });
    const offering = await createOffering(database.db, await createProduct(database.db, seller.id));
    const body = checkoutFor(DEMO_IDS.lifetime);
    await postCheckout(body);
    const response = await postCheckout({ ...body, OfferingId: offering.id, IssuerClientId: seller.issuerClientId });
    expect(response.status).toBe(409);
    expect((await response.json()).Code).toBe('RequestIdInUse');
  });

  it('a paid offering of a seller that is not checkout-ready is 400 CheckoutFailed; its free offerings still complete', async () => {
    const seller = await createSeller(database.db, { checkoutReady: false });
    const product = await createProduct(database.db, seller.id);
    const paid = await createOffering(database.db, product, { priceMinor: 500 });
    const free = await createOffering(database.db, product, { priceMinor: null });
    const refused = await postCheckout({ RequestId: crypto.randomUUID(), OfferingId: paid.id, IssuerClientId: seller.issuerClientId });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.Code).toBe('CheckoutFailed');
    expect(body.Message).toMatch(/paid checkouts/);
    const completed = await postCheckout({ RequestId: crypto.randomUUID(), OfferingId: free.id, IssuerClientId: seller.issuerClientId });
    expect(completed.status).toBe(200);
    expect((await readResult((await completed.json()).SessionId).then((r) => r.json())).Status).toBe('completed');
  });

  it.each([
    ['an unlisted offering', () => checkoutFor(DEMO_IDS.draft)],
    ['an unknown offering', () => checkoutFor('nope')],
    ['an unknown seller', () => checkoutFor(DEMO_IDS.community, { IssuerClientId: 'nobody' })],
  ])('%s is 400 CheckoutFailed and creates nothing', async (_name, body) => {
    const request = body();
    const response = await postCheckout(request);
    expect(response.status).toBe(400);
    expect((await response.json()).Code).toBe('CheckoutFailed');
    expect(await database.db.checkout.count({ where: { requestId: request.RequestId } })).toBe(0);
  });
});

describe('POST /purchase/checkout: errors', () => {
  it('a body of { is 400 InvalidPayload', async () => {
    const response = await postCheckout('{');
    expect(response.status).toBe(400);
    expect((await response.json()).Code).toBe('InvalidPayload');
  });

  it('no bearer is 401 BuyerTokenMissing', async () => {
    const response = await postCheckout(checkoutFor(DEMO_IDS.community), null);
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('BuyerTokenMissing');
  });

  it.each([
    ['RequestId', { RequestId: undefined }, 'Required'],
    ['RequestId', { RequestId: 'not-a-guid' }, 'InvalidFormat'],
    ['OfferingId', { OfferingId: undefined }, 'Required'],
    ['IssuerClientId', { IssuerClientId: undefined }, 'Required'],
    ['CorrelationId', { CorrelationId: 'c'.repeat(129) }, 'TooLong'],
    ['SuccessUrl', { SuccessUrl: '/relative/path' }, 'Invalid'],
    ['SuccessUrl', { SuccessUrl: 'ftp://example.com/x' }, 'Invalid'],
    ['CancelUrl', { CancelUrl: 'javascript:alert(1)' }, 'Invalid'],
    ['OriginContext', { OriginContext: 'desktop' }, 'InvalidValue'],
  ])('%s failing (%j) is 400 ValidationError with a Detail for that field', async (field, override, detailCode) => {
    const response = await postCheckout({ ...checkoutFor(DEMO_IDS.community), ...override });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.Code).toBe('ValidationError');
    expect(body.Details).toContainEqual({ Code: detailCode, Message: expect.any(String), Field: field });
  });

  it.each([
    ['a NUL', '{"CorrelationId":"order-\\u0000-1"}'],
    ['a lone surrogate', '{"CorrelationId":"ref-\\ud800"}'],
  ])('a string field holding %s is 400 ValidationError naming the field, and no checkout is made', async (_what, fragment) => {
    const requestId = crypto.randomUUID();
    const body = JSON.stringify(checkoutFor(DEMO_IDS.community, { RequestId: requestId })).replace(/}$/, `,${fragment.slice(1)}`);
    const response = await postCheckout(body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.Code).toBe('ValidationError');
    expect(answer.Details).toEqual([{ Code: 'InvalidFormat', Message: expect.any(String), Field: 'CorrelationId' }]);
    expect(await database.db.checkout.count({ where: { requestId } })).toBe(0);
  });

  it('a camelCase twin of a field does not count: only PascalCase keys are read', async () => {
    const { RequestId: _dropped, ...rest } = checkoutFor(DEMO_IDS.community);
    const response = await postCheckout({ ...rest, requestId: crypto.randomUUID() });
    expect(response.status).toBe(400);
    expect((await response.json()).Details).toContainEqual({ Code: 'Required', Message: expect.any(String), Field: 'RequestId' });
  });

  it('CorrelationId of exactly 128 characters is accepted', async () => {
    expect((await postCheckout(checkoutFor(DEMO_IDS.community, { CorrelationId: 'c'.repeat(128) }))).status).toBe(200);
  });
});

describe('GET /purchase/checkout/{sessionId}', () => {
  it('another buyer gets 403 CheckoutResultForbidden; an unknown session 404 NotFound', async () => {
    const session = await (await postCheckout(checkoutFor(DEMO_IDS.community))).json();
    const other = await readResult(session.SessionId, otherBuyerToken);
    expect(other.status).toBe(403);
    expect((await other.json()).Code).toBe('CheckoutResultForbidden');
    const unknown = await readResult(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).Code).toBe('NotFound');
  });
});

describe('runtime signing keys', () => {
  it('discovery names the issuer and the JWKS; the JWKS holds only public keys', async () => {
    const config = await (await fetch(`${server.baseUrl}/licensing/runtime/.well-known/openid-configuration`)).json();
    expect(config.issuer).toBe(`${server.baseUrl}/licensing/runtime`);
    expect(config.jwks_uri).toBe(`${server.baseUrl}/licensing/runtime/.well-known/jwks`);
    const jwks = await (await fetch(config.jwks_uri)).json();
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(key.d).toBeUndefined();
    }
  });

  it('after a rotation new codes use the new version and codes signed by the older one keep verifying', async () => {
    const before = (await (await readResult((await (await postCheckout(checkoutFor(DEMO_IDS.community))).json()).SessionId)).json()).EncodedCredential;
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();
    Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET });
    resetEnvForTests();
    const { kid } = await rotateSigningKey({ db: database.db }, 'runtime', { activateInSeconds: 0 });
    await startServer(port);

    const after = (await (await readResult((await (await postCheckout(checkoutFor(DEMO_IDS.community))).json()).SessionId)).json()).EncodedCredential;
    expect(decodeProtectedHeader(decodeLicenseCode(after)!).kid).toBe(kid);
    expect(decodeProtectedHeader(decodeLicenseCode(before)!).kid).not.toBe(kid);
    const jwks = await (await fetch(`${server.baseUrl}/licensing/runtime/.well-known/jwks`)).json();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(2);
    await expect(verifyRuntimeToken(before)).resolves.toBeTruthy();
    await expect(verifyRuntimeToken(after)).resolves.toBeTruthy();
  }, 90_000);
});
