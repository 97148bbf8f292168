import crypto from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { KEY_CACHE_SECONDS } from '@/server/keys/signing-keys';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { runAdminCommand } from '../support/admin-cli';
import { allowRepeatPurchases } from '../support/factories';
import { codeReader, form, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Signing key rotation as the operator runs it (`npm run admin -- rotate-signing-key`), against a
// running service: publish first, sign later (DESIGN.md "Platform decisions": signing keys). A new
// version is in the JWKS at once and signs only from its activation, so no code or token ever
// carries a kid the JWKS did not serve before it was made (spec "Versioning" 1).

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const WITHIN_ONE_SECOND = { timeout: 1_000, interval: 20 };
let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let buyerToken: string;
let refreshToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET } });
  // Codes are minted by buying the demo's free offering again and again.
  await allowRepeatPurchases(database.db);
  const signedIn = (await nativeSignIn(server.baseUrl, 'rotation.buyer@example.com', codeReader(smtp))).body;
  buyerToken = signedIn.access_token;
  refreshToken = signedIn.refresh_token;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const admin = (...args: string[]) => runAdminCommand({ DATABASE_URL: database.url, APP_SECRET }, ...args);

function rotation(result: { status: number | null; stdout: string; stderr: string }) {
  expect(result.stderr, result.stdout).toBe('');
  expect(result.status).toBe(0);
  const kid = /New \w+ signing key (\S+):/.exec(result.stdout)?.[1];
  const activatesAt = /It signs from (\S+) /.exec(result.stdout)?.[1];
  expect(kid && activatesAt, result.stdout).toBeTruthy();
  return { kid: kid!, activatesAt: new Date(activatesAt!).getTime() };
}

async function jwks(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]);
  return { kids: ((await response.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid), maxAge };
}
const RUNTIME_JWKS = '/licensing/runtime/.well-known/jwks';
const IDENTITY_JWKS = '/identity/discovery/v2.0/keys';

/** A license code minted by a free checkout (its runtime token's kid). */
async function mintCode(): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${buyerToken}` };
  const body = JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: DEMO_IDS.community, IssuerClientId: 'demo' });
  const created = await fetch(`${server.baseUrl}/purchase/checkout`, { method: 'POST', headers, body });
  expect(created.status).toBe(200);
  const { SessionId } = await created.json();
  const result = await (await fetch(`${server.baseUrl}/purchase/checkout/${SessionId}`, { headers })).json();
  expect(result.Status).toBe('completed');
  return decodeProtectedHeader(decodeLicenseCode(result.EncodedCredential)!).kid!;
}

/** Fresh buyer tokens from the built-in authority (refresh grant), their kid. */
async function refreshBuyerToken(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/identity/oauth2/v2.0/token`, form({ client_id: 'service-app-client', grant_type: 'refresh_token', refresh_token: refreshToken }));
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  refreshToken = body.refresh_token;
  buyerToken = body.access_token;
  return decodeProtectedHeader(body.access_token).kid!;
}

interface Minted {
  kid: string;
  /** The JWKS fetched over HTTP just before the code was asked for. */
  servedBefore: string[];
  startedAt: number;
  finishedAt: number;
}

describe('rotate-signing-key: publish first, sign later', () => {
  it('rotating while codes are minted: every code carries a kid the JWKS served before it was minted; from the activation on the new kid signs', async () => {
    const previousKid = await mintCode();
    const minted: Minted[] = [];
    let operatorDone = false;
    let activatesAt = Infinity;
    const operator = admin('rotate-signing-key', '--activate-in', '6').then((result) => {
      operatorDone = true;
      // Checked after the loop; an output without an activation time ends the loop at once.
      activatesAt = new Date(/It signs from (\S+) /.exec(result.stdout)?.[1] ?? 0).getTime() || 0;
      return result;
    });
    // Mint until a while after the activation (the operator's process takes seconds to start).
    while (!operatorDone || Date.now() < activatesAt + 1_500) {
      const servedBefore = (await jwks(RUNTIME_JWKS)).kids;
      const startedAt = Date.now();
      const kid = await mintCode();
      minted.push({ kid, servedBefore, startedAt, finishedAt: Date.now() });
    }
    const { kid: newKid } = rotation(await operator);

    for (const code of minted) expect(code.servedBefore, `${code.kid} minted at ${code.startedAt}`).toContain(code.kid);
    const beforeActivation = minted.filter((code) => code.finishedAt < activatesAt);
    const afterActivation = minted.filter((code) => code.startedAt > activatesAt + 500);
    expect(beforeActivation.length).toBeGreaterThan(0);
    expect(afterActivation.length).toBeGreaterThan(0);
    expect(new Set(beforeActivation.map((code) => code.kid))).toEqual(new Set([previousKid]));
    expect(new Set(afterActivation.map((code) => code.kid))).toEqual(new Set([newKid]));
    // The new version was served while the previous one still signed.
    expect(beforeActivation.some((code) => code.servedBefore.includes(newKid))).toBe(true);
  }, 120_000);

  it('by default the new version signs only after every cache of the JWKS expired; it is served at once, and the previous version keeps signing', async () => {
    const signing = await mintCode();
    const result = await admin('rotate-signing-key');
    const { kid, activatesAt } = rotation(result);
    const row = await database.db.signingKey.findUniqueOrThrow({ where: { kid } });
    expect(row.activatesAt.getTime()).toBe(activatesAt);

    const delaySeconds = (row.activatesAt.getTime() - row.createdAt.getTime()) / 1000;
    for (const path of [RUNTIME_JWKS, IDENTITY_JWKS]) {
      const { maxAge } = await jwks(path);
      expect(maxAge).toBeGreaterThan(0);
      // A client's copy (max-age) of a JWKS an instance served from its own cache (KEY_CACHE_SECONDS).
      expect(delaySeconds).toBeGreaterThan(maxAge + KEY_CACHE_SECONDS);
    }
    await vi.waitFor(async () => expect((await jwks(RUNTIME_JWKS)).kids).toContain(kid), WITHIN_ONE_SECOND);
    expect(await mintCode()).toBe(signing);
    expect(result.stdout).toContain(`until then ${signing} keeps signing`);
  }, 60_000);

  it("the identity authority's keys follow the same rule: served at once, signing from the activation, and its tokens are accepted", async () => {
    const previousKid = await refreshBuyerToken();
    const { kid, activatesAt } = rotation(await admin('rotate-signing-key', '--purpose', 'identity', '--activate-in', '5'));
    await vi.waitFor(async () => expect((await jwks(IDENTITY_JWKS)).kids).toContain(kid), WITHIN_ONE_SECOND);
    expect(activatesAt - Date.now()).toBeGreaterThan(1_000);
    expect(await refreshBuyerToken()).toBe(previousKid);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, activatesAt + 500 - Date.now())));
    expect(await refreshBuyerToken()).toBe(kid);
    // The purchase API accepts the new version's tokens (it verifies against the same keys).
    await mintCode();
  }, 60_000);

  it('the JWKS lists every version ever made, pending ones included, and never drops one', async () => {
    for (const [purpose, path] of [['runtime', RUNTIME_JWKS], ['identity', IDENTITY_JWKS]] as const) {
      const stored = (await database.db.signingKey.findMany({ where: { purpose } })).map((key) => key.kid);
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(new Set((await jwks(path)).kids)).toEqual(new Set(stored));
    }
  });

  it('--activate-in takes whole seconds only', async () => {
    for (const value of ['-1', 'soon', '1.5']) {
      const result = await admin('rotate-signing-key', '--activate-in', value);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--activate-in');
    }
  }, 60_000);
});
