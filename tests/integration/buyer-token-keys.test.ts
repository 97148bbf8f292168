import crypto from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/server/db';
import { env, resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import { identityIssuer } from '@/server/identity/identity-config';
import { issueTokens } from '@/server/identity/issue-tokens';
import { verifyBuyerToken } from '@/server/identity/verify-buyer-token';
import { ensureSigningKeys } from '@/server/keys/signing-keys';
import { startInvalidationListener, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { touches, watchedClient } from '../support/watched-client';

// Buyer tokens of the built-in authority and its signing keys (spec "Versioning" 1): a kid no
// cached version has must not make every request read the database, and a failed read must not
// cost the keys a copy already holds.

const WITHIN_ONE_SECOND = { timeout: 1_000, interval: 20 };
let database: TestDatabase;
const saved = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url'), PUBLIC_BASE_URL: 'http://127.0.0.1:1' });
  delete process.env.BUYER_TOKEN_ISSUER;
  resetEnvForTests();
  await startInvalidationListener(database.url);
  await ensureSigningKeys({ db: database.db });
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await stopInvalidationListener();
  await database?.drop();
  process.env = saved;
  resetEnvForTests();
});

/** The database, counting statements on signing keys, and failing them on demand. */
function instrumentedDb() {
  const state = { reads: 0, failing: false };
  const db = watchedClient(database.url, (sql) => {
    if (!touches(sql, 'SigningKey')) return;
    state.reads += 1;
    if (state.failing) throw new Error('signing keys unreadable (test)');
  });
  cleanups.push(() => db.$disconnect());
  return { db, state };
}

// A copy of the modules throws its own copy of DomainError: compare by name and code.
const codeOf = (error: unknown) => (error instanceof Error && error.name === DomainError.name ? (error as DomainError).code : `thrown: ${String(error)}`);
const outcome = (promise: Promise<unknown>) => promise.then(() => 'accepted', codeOf);

async function buyerAccessToken(issue: typeof issueTokens, db: Db) {
  const account = await database.db.account.upsert({ where: { email: 'keys.buyer@example.com' }, create: { email: 'keys.buyer@example.com' }, update: {} });
  return (await issue({ db }, { account, clientId: 'service-app-client', scope: env().buyerTokenScope })).access_token;
}

/** Signed by a key the service never made, under a made-up kid: verification must look the kid up. */
async function tokenWithUnknownKid() {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT({ scp: 'checkout.purchase' })
    .setProtectedHeader({ alg: 'ES256', kid: `identity-${crypto.randomBytes(6).toString('hex')}` })
    .setIssuer(identityIssuer())
    .setAudience(env().buyerTokenAudience)
    .setSubject(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

/** A second copy of the modules, loaded apart (as Next loads its bundle, or as another instance runs). */
async function anotherCopy() {
  vi.resetModules();
  const copy = {
    ...(await import('@/server/keys/signing-keys')),
    ...(await import('@/server/identity/issue-tokens')),
    ...(await import('@/server/identity/verify-buyer-token')),
    ...(await import('@/server/platform/invalidation/invalidation')),
  };
  await copy.startInvalidationListener(database.url);
  cleanups.push(() => copy.stopInvalidationListener());
  return copy;
}

describe('buyer tokens with a kid no cached version has', () => {
  it('50 tokens with made-up kids reload the keys at most once, and a version rotated in elsewhere is accepted within the minute through its notice', async () => {
    const { db, state } = instrumentedDb();
    expect(await outcome(verifyBuyerToken({ db }, `Bearer ${await buyerAccessToken(issueTokens, db)}`))).toBe('accepted');

    state.reads = 0;
    const forged = await Promise.all(Array.from({ length: 50 }, () => tokenWithUnknownKid()));
    for (const token of forged) expect(await outcome(verifyBuyerToken({ db }, `Bearer ${token}`))).toBe('BuyerTokenInvalid');
    expect(state.reads).toBeLessThanOrEqual(1);

    // Another instance adds an identity version that signs at once; its tokens verify here well
    // within the minute in which the unknown-kid reload is spent.
    const other = await anotherCopy();
    const rotated = await other.rotateSigningKey({ db: database.db }, 'identity', { activateInSeconds: 0 });
    const token = await buyerAccessToken(other.issueTokens, database.db);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid).toBe(rotated.kid);
    await vi.waitFor(async () => expect(await outcome(verifyBuyerToken({ db }, `Bearer ${token}`))).toBe('accepted'), WITHIN_ONE_SECOND);
  });

  it('a reload the database fails keeps the keys held: signing goes on, known kids verify, unknown ones are refused as invalid', async () => {
    const copy = await anotherCopy();
    const { db, state } = instrumentedDb();
    const signing = await copy.getActiveSigningKey({ db }, 'identity');
    const token = await buyerAccessToken(copy.issueTokens, db);
    expect(await outcome(copy.verifyBuyerToken({ db }, `Bearer ${token}`))).toBe('accepted');

    state.failing = true;
    // Every cached key of this copy is dropped (as by a notice), then the database cannot be read.
    await copy.publishInvalidation({ db: database.db }, copy.SIGNING_KEY_TOPIC, 'identity');
    expect((await copy.getActiveSigningKey({ db }, 'identity')).kid).toBe(signing.kid);
    expect(await outcome(copy.verifyBuyerToken({ db }, `Bearer ${token}`))).toBe('accepted');
    expect(await outcome(copy.verifyBuyerToken({ db }, `Bearer ${await tokenWithUnknownKid()}`))).toBe('BuyerTokenInvalid');
    expect(state.reads).toBeGreaterThan(0);
  });
});
