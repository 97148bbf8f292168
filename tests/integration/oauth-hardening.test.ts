import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReader, form, nativeSignIn, PURCHASE_SCOPE } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The OAuth details of the built-in authority (docs/security.md): scope checked before a refresh
// token is spent, refresh families end at an absolute time, a replayed authorization code revokes
// what it issued, sign-in starts are limited per client IP, and stale sign-in rows are cleaned.

const DAY_MS = 24 * 60 * 60 * 1000;
const FAMILY_DAYS = 90;
const STARTS_PER_MINUTE = 30;

let database: TestDatabase;
let server: TestServer;
let smtp: TestSmtpServer;
let nextCode: (email: string) => Promise<string>;
let authority: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  nextCode = codeReader(smtp);
  // TRUST_PROXY=1: the client IP is the last X-Forwarded-For entry, so a test can speak from several addresses.
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'false', TRUST_PROXY: '1' } });
  authority = `${server.baseUrl}/identity/oauth2/v2.0`;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const unique = (name: string) => `${name}-${crypto.randomBytes(3).toString('hex')}@example.com`;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const rowOf = (refreshToken: string) => database.db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(refreshToken) } });

async function refresh(refreshToken: string, scope?: string) {
  const fields: Record<string, string> = { client_id: 'service-app-client', grant_type: 'refresh_token', refresh_token: refreshToken };
  if (scope) fields.scope = scope;
  const response = await fetch(`${authority}/token`, form(fields));
  return { status: response.status, body: await response.json() };
}

async function signedIn(): Promise<string> {
  const { response, body } = await nativeSignIn(server.baseUrl, unique('refresher'), nextCode);
  expect(response.status).toBe(200);
  return body.refresh_token;
}

describe('refresh tokens', () => {
  it('a refresh asking for a scope it may not have is refused before the token is spent: the retry without it succeeds', async () => {
    const token = await signedIn();
    const wider = await refresh(token, `${PURCHASE_SCOPE} email`);
    expect(wider).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const unknown = await refresh(token, 'api://licensing/checkout.purchase bogus');
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect((await rowOf(token)).usedAt).toBeNull();

    const retried = await refresh(token);
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBeTruthy();
    expect((await refresh(retried.body.refresh_token)).status).toBe(200);
  });

  it('a refresh that narrows the scope still returns a successor carrying the family’s scope (RFC 6749 section 6)', async () => {
    const token = await signedIn();
    const narrowed = await refresh(token, 'api://licensing/checkout.purchase');
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('api://licensing/checkout.purchase');
    expect(narrowed.body.id_token).toBeUndefined();
    expect(narrowed.body.refresh_token).toBeTruthy();
    expect((await rowOf(narrowed.body.refresh_token)).scope).toBe(PURCHASE_SCOPE);
    const next = await refresh(narrowed.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.id_token).toBeTruthy();
  });

  it('a family ends 90 days after its first sign-in, whatever the rotations', async () => {
    const first = await signedIn();
    const firstRow = await rowOf(first);
    expect(firstRow.familyExpiresAt).not.toBeNull();
    expect(Math.abs(firstRow.familyExpiresAt!.getTime() - (firstRow.createdAt.getTime() + FAMILY_DAYS * DAY_MS))).toBeLessThan(5_000);

    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const successor = await rowOf(rotated.body.refresh_token);
    expect(successor.familyExpiresAt).toEqual(firstRow.familyExpiresAt);
    expect(successor.expiresAt.getTime()).toBeLessThanOrEqual(successor.familyExpiresAt!.getTime());

    await database.db.refreshToken.updateMany({ where: { familyId: firstRow.familyId }, data: { familyExpiresAt: new Date(Date.now() - 1000) } });
    const ended = await refresh(rotated.body.refresh_token);
    expect(ended).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a family stored without its end ends 90 days after its first token was created', async () => {
    const first = await signedIn();
    const rotated = await refresh(first);
    const { familyId } = await rowOf(first);
    await database.db.refreshToken.updateMany({ where: { familyId }, data: { familyExpiresAt: null } });

    // Younger than 90 days: the refresh works and the successor carries the family's end from now on.
    const youngStart = new Date(Date.now() - (FAMILY_DAYS - 1) * DAY_MS);
    await database.db.refreshToken.update({ where: { tokenHash: sha256(first) }, data: { createdAt: youngStart } });
    const young = await refresh(rotated.body.refresh_token);
    expect(young.status).toBe(200);
    expect((await rowOf(young.body.refresh_token)).familyExpiresAt).toEqual(new Date(youngStart.getTime() + FAMILY_DAYS * DAY_MS));

    // Older than 90 days: refused.
    await database.db.refreshToken.updateMany({ where: { familyId }, data: { familyExpiresAt: null } });
    await database.db.refreshToken.update({ where: { tokenHash: sha256(first) }, data: { createdAt: new Date(Date.now() - (FAMILY_DAYS + 1) * DAY_MS) } });
    expect(await refresh(young.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

// ---------- authorization code + PKCE through the sign-in page's forms ----------

function cookieOf(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie (status ${response.status})`);
  return cookie.split(';')[0]!;
}

const REDIRECT_URI = 'http://127.0.0.1:7777/';

function authorizeQuery(verifier: string, state = 'st') {
  return new URLSearchParams({
    client_id: 'service-app-client',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: PURCHASE_SCOPE,
    state,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
}

/** The browser flow as a browser would post its forms: returns the authorization code and its verifier. */
async function browserSignIn(email: string): Promise<{ code: string; verifier: string }> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const authorized = await fetch(`${authority}/authorize?${authorizeQuery(verifier)}`, { redirect: 'manual' });
  const request = new URL(authorized.headers.get('location')!).searchParams.get('request')!;
  const binding = cookieOf(authorized, 'identity_binding');
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    fetch(`${server.baseUrl}/identity/sign-in/${path}`, { ...form(fields), headers: { ...form(fields).headers, cookie }, redirect: 'manual' });
  const emailed = await post('email', { request, email }, binding);
  const coded = await post('code', { request, code: await nextCode(email) }, `${binding}; ${cookieOf(emailed, 'identity_continuation')}`);
  const callback = new URL(coded.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  return { code: callback.searchParams.get('code')!, verifier };
}

async function exchange(code: string, verifier: string) {
  const response = await fetch(
    `${authority}/token`,
    form({ client_id: 'service-app-client', grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI }),
  );
  return { status: response.status, body: await response.json() };
}

describe('authorization codes', () => {
  it('replaying a code is invalid_grant and revokes the refresh tokens issued from it, successors included (RFC 6749 4.1.2)', async () => {
    const { code, verifier } = await browserSignIn(unique('replayed'));
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    const issued = await rowOf(tokens.body.refresh_token);
    expect(issued.authorizationCodeId).not.toBeNull();
    const rotated = await refresh(tokens.body.refresh_token);
    expect(rotated.status).toBe(200);

    const replayed = await exchange(code, verifier);
    expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh(rotated.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await rowOf(rotated.body.refresh_token)).revokedAt).not.toBeNull();
  });
});

// ---------- sign-in starts per client IP ----------

describe('sign-in starts per client IP', () => {
  it('the 31st /authorize or /initiate from one IP within a minute is refused; another IP is not', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const ip = `203.0.113.${crypto.randomInt(1, 250)}`;
    const initiate = (address: string) =>
      fetch(`${authority}/initiate`, {
        ...form({ client_id: 'service-app-client', username: unique('starter'), challenge_type: 'oob redirect' }),
        headers: { ...form({}).headers, ...from(address) },
      });
    const authorize = (address: string) =>
      fetch(`${authority}/authorize?${authorizeQuery(crypto.randomBytes(32).toString('base64url'), 'limited')}`, { redirect: 'manual', headers: from(address) });

    const requestsBefore = await database.db.authorizationRequest.count();
    for (let i = 0; i < STARTS_PER_MINUTE / 2; i++) {
      expect((await initiate(ip)).status).toBe(200);
      const authorized = await authorize(ip);
      expect(authorized.headers.get('location')).toContain('/identity/sign-in?request=');
    }
    expect(await database.db.authorizationRequest.count()).toBe(requestsBefore + STARTS_PER_MINUTE / 2);

    const refused = await initiate(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe('temporarily_unavailable');
    // The browser request goes back to the app with the RFC 6749 4.1.2.1 error; nothing is stored.
    const authorizeRefused = await authorize(ip);
    expect(authorizeRefused.status).toBe(303);
    const location = new URL(authorizeRefused.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(location.searchParams.get('state')).toBe('limited');
    expect(await database.db.authorizationRequest.count()).toBe(requestsBefore + STARTS_PER_MINUTE / 2);

    // The other ways a sign-in starts count against the same address: the portal's code request
    // (tRPC) and the sign-in page's e-mail form.
    const portal = await fetch(`${server.baseUrl}/api/trpc/auth.requestSignInCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from(ip) },
      body: JSON.stringify({ json: { email: unique('portal-starter') } }),
    });
    expect(portal.status).toBe(429);
    expect((await portal.json()).error.json.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', apiCode: 'RateLimited' });

    const other = '198.51.100.7';
    const pending = await authorize(other);
    expect(pending.headers.get('location')).toContain('/identity/sign-in?request=');
    const request = new URL(pending.headers.get('location')!).searchParams.get('request')!;
    const emailForm = await fetch(`${server.baseUrl}/identity/sign-in/email`, {
      ...form({ request, email: unique('page-starter') }),
      headers: { ...form({}).headers, ...from(ip), cookie: cookieOf(pending, 'identity_binding') },
      redirect: 'manual',
    });
    expect(emailForm.status).toBe(303);
    expect(new URL(emailForm.headers.get('location')!).searchParams.get('error')).toBe('busy');

    expect((await initiate(other)).status).toBe(200);
  });
});

// ---------- clean-up of stale sign-in rows ----------

describe('clean-up of stale sign-in rows', () => {
  const JOB = 'clean-expired-sign-ins';

  it('is scheduled every five minutes in the job queue', async () => {
    const schedules = await database.db.$queryRawUnsafe<{ name: string; cron: string }[]>('select name, cron from pgboss.schedule');
    expect(schedules).toContainEqual({ name: JOB, cron: '*/5 * * * *' });
  });

  it('deletes expired sign-in requests, one-time codes, authorization codes, refresh tokens and sign-in links, and keeps live ones', async () => {
    const account = await database.db.account.create({ data: { email: unique('cleaned') } });
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const later = new Date(Date.now() + 10 * 60 * 1000);
    const marker = crypto.randomBytes(4).toString('hex');
    const request = (expiresAt: Date) =>
      database.db.authorizationRequest.create({
        data: { clientId: marker, redirectUri: REDIRECT_URI, scope: PURCHASE_SCOPE, codeChallenge: 'c', browserBindingHash: crypto.randomUUID(), expiresAt },
      });
    const oneTimeCode = (expiresAt: Date, usedAt: Date | null = null) =>
      database.db.oneTimeCode.create({ data: { email: account.email, clientId: marker, continuationTokenHash: crypto.randomUUID(), expiresAt, usedAt } });
    const authorizationCode = (expiresAt: Date, usedAt: Date | null = null) =>
      database.db.authorizationCode.create({
        data: { codeHash: crypto.randomUUID(), accountId: account.id, clientId: marker, redirectUri: REDIRECT_URI, scope: PURCHASE_SCOPE, codeChallenge: 'c', expiresAt, usedAt },
      });
    const refreshToken = (expiresAt: Date) =>
      database.db.refreshToken.create({ data: { tokenHash: crypto.randomUUID(), familyId: crypto.randomUUID(), accountId: account.id, clientId: marker, scope: PURCHASE_SCOPE, expiresAt } });

    const signInLink = (expiresAt: Date, usedAt: Date | null = null) =>
      database.db.signInLink.create({ data: { accountId: account.id, tokenHash: crypto.randomUUID(), path: `/${marker}`, expiresAt, usedAt } });

    const stale = await Promise.all([
      request(longAgo),
      oneTimeCode(longAgo),
      oneTimeCode(longAgo, longAgo),
      authorizationCode(longAgo),
      authorizationCode(longAgo, longAgo),
      refreshToken(longAgo),
      signInLink(longAgo),
      signInLink(longAgo, longAgo),
    ]);
    const live = await Promise.all([request(later), oneTimeCode(later), authorizationCode(later), refreshToken(later), signInLink(later)]);

    const boss = new PgBoss({ connectionString: database.url, max: 1, supervise: false, schedule: false });
    await boss.start();
    try {
      expect(await boss.send(JOB, { payload: {} })).toBeTruthy();
    } finally {
      await boss.stop({ graceful: false, wait: true, close: true });
    }

    const remaining = async () =>
      (
        await Promise.all([
          database.db.authorizationRequest.findMany({ where: { clientId: marker } }),
          database.db.oneTimeCode.findMany({ where: { clientId: marker } }),
          database.db.authorizationCode.findMany({ where: { clientId: marker } }),
          database.db.refreshToken.findMany({ where: { clientId: marker } }),
          database.db.signInLink.findMany({ where: { path: `/${marker}` } }),
        ])
      )
        .flat()
        .map((row) => row.id)
        .sort();
    await expect.poll(remaining, { timeout: 20_000, interval: 250 }).toEqual(live.map((row) => row.id).sort());
    expect(stale).toHaveLength(8);
  });
});
