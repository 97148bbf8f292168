import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import { verifyBuyerToken } from '@/server/identity/verify-buyer-token';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { touches, watchedClient } from '../support/watched-client';

// A second, independent issuer (like a Microsoft Entra External ID tenant): its own RS256 key and
// JWKS endpoint. The service trusts it through BUYER_TOKEN_* configuration alone, and finds the
// buyer's account by the token's (issuer, subject), never by an address the token merely states.
let database: TestDatabase;
let server: TestServer;
let issuerServer: http.Server;
let base: string;
let issuer: string;
let privateKey: CryptoKey;

const externalConfig = () => ({
  BUYER_TOKEN_ISSUER: issuer,
  BUYER_TOKEN_JWKS_URL: `${base}/tenant/discovery/v2.0/keys`,
  BUYER_TOKEN_AUDIENCE: 'api://licensing',
  BUYER_TOKEN_CLIENT_ID: 'service-app-client',
});

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'entra-key-1', alg: 'RS256', use: 'sig' }] };
  issuerServer = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url === '/tenant/discovery/v2.0/keys' ? jwks : {}));
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  issuer = `${base}/tenant/v2.0`;

  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { SEED_DEMO: 'false', ...externalConfig() } });
});

afterAll(async () => {
  await server?.stop();
  issuerServer?.close();
  await database?.drop();
});

function externalToken(claims: Record<string, unknown>, options: { issuer?: string; key?: CryptoKey; subject?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scp: 'checkout.purchase', azp: 'service-app-client', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'entra-key-1' })
    .setIssuer(options.issuer ?? issuer)
    .setAudience('api://licensing')
    .setSubject(options.subject ?? crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(options.key ?? privateKey);
}

const readSession = (token: string, sessionId: string = crypto.randomUUID()) =>
  fetch(`${server.baseUrl}/purchase/checkout/${sessionId}`, { headers: { authorization: `Bearer ${token}` } });

/** A checkout of the account: reading it answers 200 to its buyer only (403 CheckoutResultForbidden to any other). */
async function checkoutOf(accountId: string) {
  const seller = await createSeller(database.db);
  const offering = await createOffering(database.db, await createProduct(database.db, seller.id));
  return database.db.checkout.create({
    data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, buyerAccountId: accountId },
  });
}

const linksOf = (subject: string) => database.db.externalIdentity.findMany({ where: { issuer, subject } });

describe('an external sign-in authority, configured by BUYER_TOKEN_* alone', () => {
  it('accepts its tokens and creates the buyer account at first use, by a verified e-mail address', async () => {
    const subject = crypto.randomUUID();
    const response = await readSession(await externalToken({ email: 'Entra.Buyer@example.com', email_verified: true }, { subject }));
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe('NotFound');
    const account = await database.db.account.findUniqueOrThrow({ where: { email: 'entra.buyer@example.com' } });
    expect(await linksOf(subject)).toEqual([expect.objectContaining({ accountId: account.id })]);
  });

  it('a token of another client of that authority is 401 BuyerTokenInvalid', async () => {
    const response = await readSession(await externalToken({ email: 'x@example.com', email_verified: true, azp: 'another-client' }));
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('BuyerTokenInvalid');
  });

  it('a token without any e-mail address is 403 BuyerLinkFailed', async () => {
    const response = await readSession(await externalToken({}));
    expect(response.status).toBe(403);
    expect((await response.json()).Code).toBe('BuyerLinkFailed');
  });

  it('tokens of other issuers, including the built-in authority, are 401 BuyerTokenInvalid', async () => {
    const other = await generateKeyPair('RS256');
    const foreignKey = await readSession(await externalToken({ email: 'x@example.com', email_verified: true }, { key: other.privateKey }));
    expect((await foreignKey.json()).Code).toBe('BuyerTokenInvalid');
    const builtIn = await readSession(await externalToken({ email: 'x@example.com', email_verified: true }, { issuer: `${server.baseUrl}/identity` }));
    expect(builtIn.status).toBe(401);
    expect((await builtIn.json()).Code).toBe('BuyerTokenInvalid');
  });
});

describe('external accounts are linked by (issuer, subject), never by an unverified address (nOAuth)', () => {
  it("a token stating a victim's address without verifying it does not reach the victim's account: 403 BuyerLinkFailed, no link made", async () => {
    const victim = await database.db.account.create({ data: { email: 'victim@example.com' } });
    const victimCheckout = await checkoutOf(victim.id);
    const accountsBefore = await database.db.account.count();
    const attempts = [
      { email: 'victim@example.com' },
      { email: 'victim@example.com', email_verified: false },
      { email: 'victim@example.com', email_verified: 'true' },
      { emails: ['victim@example.com'] },
      { preferred_username: 'victim@example.com' },
      { preferred_username: 'victim@example.com', email_verified: true },
    ];
    for (const claims of attempts) {
      const subject = crypto.randomUUID();
      const response = await readSession(await externalToken(claims, { subject }), victimCheckout.id);
      expect({ claims, status: response.status }).toEqual({ claims, status: 403 });
      expect((await response.json()).Code).toBe('BuyerLinkFailed');
      expect(await linksOf(subject)).toEqual([]);
    }
    expect(await database.db.externalIdentity.count({ where: { accountId: victim.id } })).toBe(0);
    expect(await database.db.account.count()).toBe(accountsBefore);
  });

  it('a verified address links once; later tokens of that (issuer, subject) reach the same account whatever address they state', async () => {
    const owner = await database.db.account.create({ data: { email: 'linked.owner@example.com' } });
    const ownersCheckout = await checkoutOf(owner.id);
    const subject = crypto.randomUUID();

    const first = await readSession(await externalToken({ email: 'linked.owner@example.com', email_verified: true }, { subject }), ownersCheckout.id);
    expect(first.status).toBe(200);
    expect(await linksOf(subject)).toEqual([expect.objectContaining({ accountId: owner.id })]);

    for (const claims of [{ email: 'someone.else@example.com', email_verified: true }, { email: 'victim@example.com' }, { preferred_username: 'x@example.com' }, {}]) {
      const later = await readSession(await externalToken(claims, { subject }), ownersCheckout.id);
      expect({ claims, status: later.status }).toEqual({ claims, status: 200 });
    }
    expect(await linksOf(subject)).toHaveLength(1);
    expect(await database.db.account.count({ where: { email: 'someone.else@example.com' } })).toBe(0);

    // Another subject with the same verified address is a second way into the same account.
    const second = crypto.randomUUID();
    expect((await readSession(await externalToken({ email: 'linked.owner@example.com', email_verified: true }, { subject: second }), ownersCheckout.id)).status).toBe(200);
    expect(await database.db.externalIdentity.count({ where: { accountId: owner.id } })).toBe(2);
  });

  it('20 concurrent first requests of one (issuer, subject) over HTTP all succeed and make one link', async () => {
    const subject = crypto.randomUUID();
    const token = await externalToken({ email: 'concurrent.http@example.com', email_verified: true }, { subject });
    const responses = await Promise.all(Array.from({ length: 20 }, () => readSession(token)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(404));
    const account = await database.db.account.findUniqueOrThrow({ where: { email: 'concurrent.http@example.com' } });
    expect(await linksOf(subject)).toEqual([expect.objectContaining({ accountId: account.id })]);
  });
});

describe('the link rule in the service, with a barrier and with BUYER_TOKEN_ISSUER_VERIFIES_EMAIL', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url'), PUBLIC_BASE_URL: 'http://127.0.0.1:1', ...externalConfig() });
    resetEnvForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvForTests();
  });

  const outcome = (promise: Promise<unknown>) => promise.then((value) => value, (error: unknown) => (error instanceof DomainError ? error.code : error));

  it('concurrent first uses that all missed the link make one link, and every one reaches its account', async () => {
    const callers = 8;
    let arrived = 0;
    let open!: () => void;
    const barrier = new Promise<void>((resolve) => (open = resolve));
    // Every request waits here, after finding no link and before creating one, until all got here.
    const db = watchedClient(database.url, async (sql) => {
      if (!(sql.startsWith('INSERT') && touches(sql, 'ExternalIdentity'))) return;
      arrived += 1;
      if (arrived === callers) open();
      await Promise.race([barrier, new Promise((_, reject) => setTimeout(() => reject(new Error('the requests did not overlap')), 10_000))]);
    });
    const subject = crypto.randomUUID();
    const token = await externalToken({ email: 'concurrent.service@example.com', email_verified: true }, { subject });
    const buyers = await Promise.all(Array.from({ length: callers }, () => verifyBuyerToken({ db }, `Bearer ${token}`)));
    expect(arrived).toBe(callers);
    const account = await database.db.account.findUniqueOrThrow({ where: { email: 'concurrent.service@example.com' } });
    expect(buyers).toEqual(Array(callers).fill({ accountId: account.id, email: account.email }));
    expect(await linksOf(subject)).toHaveLength(1);
    await db.$disconnect();
  });

  it('without BUYER_TOKEN_ISSUER_VERIFIES_EMAIL only email with email_verified true links', async () => {
    expect(await outcome(verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ email: 'plain@example.com' })}`))).toBe('BuyerLinkFailed');
    expect(await outcome(verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ emails: ['plain@example.com'] })}`))).toBe('BuyerLinkFailed');
  });

  it('with BUYER_TOKEN_ISSUER_VERIFIES_EMAIL=true, email and emails[0] link unless the token says unverified; preferred_username never does', async () => {
    process.env.BUYER_TOKEN_ISSUER_VERIFIES_EMAIL = 'true';
    resetEnvForTests();
    try {
      const byEmail = await verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ email: 'issuer.verified@example.com' })}`);
      expect(byEmail.email).toBe('issuer.verified@example.com');
      const byEmails = await verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ emails: ['b2c.flow@example.com'] })}`);
      expect(byEmails.email).toBe('b2c.flow@example.com');
      const saysUnverified = await outcome(verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ email: 'victim@example.com', email_verified: false })}`));
      expect(saysUnverified).toBe('BuyerLinkFailed');
      const usernameOnly = await outcome(verifyBuyerToken({ db: database.db }, `Bearer ${await externalToken({ preferred_username: 'victim@example.com' })}`));
      expect(usernameOnly).toBe('BuyerLinkFailed');
    } finally {
      delete process.env.BUYER_TOKEN_ISSUER_VERIFIES_EMAIL;
      resetEnvForTests();
    }
  });
});
