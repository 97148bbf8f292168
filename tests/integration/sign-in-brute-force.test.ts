import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSignIn } from '../support/portal-session';
import { codeReader, form, PURCHASE_SCOPE } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// One-time codes cannot be flooded or guessed (docs/security.md): codes e-mailed to an address and
// codes tried for it are counted per address, whatever the way in (native endpoints, the portal,
// the sign-in page) and however many codes or sign-ins they are spread over; codes are stored as an
// HMAC under a key derived from APP_SECRET.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: TestServer;
let smtp: TestSmtpServer;
let nextCode: (email: string) => Promise<string>;
let authority: string;

const CODES_PER_HOUR = 10;
const TRIES_PER_HOUR = 10;
const TRIES_PER_CODE = 5;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  nextCode = codeReader(smtp);
  server = await startTestServer({
    databaseUrl: database.url,
    env: {
      SMTP_URL: smtp.url,
      APP_SECRET,
      SEED_DEMO: 'false',
      // The short burst limit (5 codes per 15 minutes) would refuse the sixth code first; these tests
      // are about the hourly numbers, and all of them sign in from 127.0.0.1.
      TEST_LIMITS: JSON.stringify({ signInCode: { points: 1000 }, signInStart: { points: 1000 } }),
    },
  });
  authority = `${server.baseUrl}/identity/oauth2/v2.0`;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const unique = (name: string) => `${name}-${crypto.randomBytes(3).toString('hex')}@example.com`;
const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email)).length;

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${authority}/${path}`, form({ client_id: 'service-app-client', ...fields }));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function initiate(email: string): Promise<string> {
  const started = await post('initiate', { username: email, challenge_type: 'oob redirect' });
  expect(started.status).toBe(200);
  return started.body.continuation_token;
}

const challenge = (continuationToken: string) => post('challenge', { continuation_token: continuationToken, challenge_type: 'oob redirect' });
const redeem = (continuationToken: string, oob: string) => post('token', { grant_type: 'oob', oob, continuation_token: continuationToken, scope: PURCHASE_SCOPE });

/** A sign-in with a code e-mailed: its continuation token and the code. */
async function codeSent(email: string): Promise<{ continuationToken: string; code: string }> {
  const sent = await challenge(await initiate(email));
  expect(sent.status).toBe(200);
  return { continuationToken: sent.body.continuation_token, code: await nextCode(email) };
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

function expectSlowDown(answer: { status: number; headers: Headers; body: { error: string } }) {
  expect(answer.status).toBe(429);
  expect(answer.body.error).toBe('slow_down');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('codes e-mailed per address (native sign-in: initiate, challenge, resend)', () => {
  it('the 11th code to one address within an hour is refused with slow_down, 429 and Retry-After, whether a resend or a new sign-in', async () => {
    const email = unique('flooded');
    let continuationToken = await initiate(email);
    for (let i = 0; i < CODES_PER_HOUR; i++) {
      // Resends (challenge again with the returned token) and new sign-ins draw on the same count.
      if (i % 3 === 2) continuationToken = await initiate(email);
      const sent = await challenge(continuationToken);
      expect(sent.status, `code ${i + 1}`).toBe(200);
      continuationToken = sent.body.continuation_token;
    }
    await expect.poll(() => mailsTo(email), { timeout: 15_000 }).toBe(CODES_PER_HOUR);

    const resend = await challenge(continuationToken);
    expectSlowDown(resend);
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    expectSlowDown(await challenge(await initiate(email)));
    expect(mailsTo(email)).toBe(CODES_PER_HOUR);

    // Another address is not affected.
    const other = unique('not-flooded');
    const { continuationToken: otherToken, code } = await codeSent(other);
    expect((await redeem(otherToken, code)).status).toBe(200);
  });

  it('a resend does not give a sign-in fresh tries: after five wrong codes no code is sent and the right one is refused', async () => {
    const email = unique('resender');
    const { continuationToken, code } = await codeSent(email);
    for (let i = 0; i < TRIES_PER_CODE; i++) expect((await redeem(continuationToken, wrongFor(code))).body.suberror).toBe('invalid_oob_value');
    const resend = await challenge(continuationToken);
    expect(resend.status).toBe(400);
    expect(resend.body).toMatchObject({ error: 'invalid_grant', suberror: 'attempts_exceeded' });
    expect(mailsTo(email)).toBe(1);
    expect((await redeem(continuationToken, code)).body.suberror).toBe('attempts_exceeded');
  });
});

describe('codes tried per address, across codes', () => {
  it('the 11th wrong code across several codes is refused with slow_down, and then the right code is refused too', async () => {
    const email = unique('guessed');
    for (let round = 0; round < TRIES_PER_HOUR / TRIES_PER_CODE; round++) {
      const { continuationToken, code } = await codeSent(email);
      for (let i = 0; i < TRIES_PER_CODE; i++) {
        const wrong = await redeem(continuationToken, wrongFor(code));
        expect(wrong.status).toBe(400);
        expect(wrong.body.suberror).toBe('invalid_oob_value');
      }
    }
    const { continuationToken, code } = await codeSent(email);
    expectSlowDown(await redeem(continuationToken, wrongFor(code)));
    const right = await redeem(continuationToken, code);
    expectSlowDown(right);
    expect(right.body.access_token).toBeUndefined();
    expect(await database.db.account.count({ where: { email } })).toBe(0);

    // Another address signs in as usual.
    const other = unique('not-guessed');
    const sent = await codeSent(other);
    expect((await redeem(sent.continuationToken, sent.code)).status).toBe(200);
  });

  it('forty wrong codes sent at once over three codes of one address: at most ten are checked', async () => {
    const email = unique('parallel');
    const sent = [await codeSent(email), await codeSent(email), await codeSent(email)];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const { continuationToken, code } = sent[i % sent.length]!;
        return redeem(continuationToken, wrongFor(code));
      }),
    );
    const checked = answers.filter((answer) => answer.body.suberror === 'invalid_oob_value').length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(TRIES_PER_HOUR);
    for (const answer of answers) expect([400, 429]).toContain(answer.status);
    // The budget is spent: even the right code of a sign-in with tries of its own left is refused.
    const rows = await database.db.oneTimeCode.findMany({ where: { email } });
    const withTriesLeft = sent.find(({ continuationToken }) => {
      const hash = crypto.createHash('sha256').update(continuationToken).digest('hex');
      return rows.some((row) => row.continuationTokenHash === hash && row.attempts < TRIES_PER_CODE);
    })!;
    expectSlowDown(await redeem(withTriesLeft.continuationToken, withTriesLeft.code));
  });
});

// ---------- the portal: tRPC auth.requestSignInCode and next-auth's credentials callback ----------

async function requestPortalCode(email: string) {
  const response = await fetch(`${server.baseUrl}/api/trpc/auth.requestSignInCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email } }),
  });
  return { status: response.status, body: await response.json() };
}

/** next-auth's credentials callback with a code; the error it reports (null when a session began). */
async function portalCallback(continuationToken: string, code: string): Promise<{ signedIn: boolean; error: string | null }> {
  const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const response = await fetch(`${server.baseUrl}/api/auth/callback/email-code`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrfToken, continuationToken, code, json: 'true' }).toString(),
  });
  const signedIn = response.headers.getSetCookie().some((cookie) => cookie.includes('session-token=') && !cookie.includes('session-token=;'));
  const body = await response.text();
  const url = body.startsWith('{') ? (JSON.parse(body) as { url?: string }).url : response.headers.get('location');
  return { signedIn, error: url ? new URL(url, server.baseUrl).searchParams.get('error') : null };
}

describe('the portal (tRPC code request, next-auth credentials callback)', () => {
  it('the 11th code requested for one address within an hour is refused with TOO_MANY_REQUESTS / RateLimited', async () => {
    const email = unique('portal-flooded');
    for (let i = 0; i < CODES_PER_HOUR; i++) expect((await requestPortalCode(email)).status, `code ${i + 1}`).toBe(200);
    const refused = await requestPortalCode(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error.json.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', apiCode: 'RateLimited' });
    expect(refused.body.error.json.message).toMatch(/Too many codes/);
    await expect.poll(() => mailsTo(email), { timeout: 15_000 }).toBe(CODES_PER_HOUR);
    expect((await requestPortalCode(unique('portal-other'))).status).toBe(200);
  });

  it('the 11th wrong code across several codes is refused with a clear message, then the right code too', async () => {
    const email = unique('portal-guessed');
    for (let round = 0; round < TRIES_PER_HOUR / TRIES_PER_CODE; round++) {
      const requested = await requestPortalCode(email);
      const code = await nextCode(email);
      for (let i = 0; i < TRIES_PER_CODE; i++) {
        const wrong = await portalCallback(requested.body.result.data.json.continuationToken, wrongFor(code));
        expect(wrong).toEqual({ signedIn: false, error: 'The code is not correct.' });
      }
    }
    const requested = await requestPortalCode(email);
    const continuationToken = requested.body.result.data.json.continuationToken;
    const code = await nextCode(email);
    const eleventh = await portalCallback(continuationToken, wrongFor(code));
    expect(eleventh.signedIn).toBe(false);
    expect(eleventh.error).toMatch(/^Too many wrong codes were entered for this address\. Try again in \d+ minutes?\.$/);
    const right = await portalCallback(continuationToken, code);
    expect(right.signedIn).toBe(false);
    expect(right.error).toMatch(/^Too many wrong codes/);

    // Another address signs in to the portal as usual.
    await expect(portalSignIn(server.baseUrl, unique('portal-fine'), nextCode)).resolves.toContain('session-token=');
  });
});

// ---------- the sign-in page of the browser flow ----------

function cookieOf(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie (status ${response.status})`);
  return cookie.split(';')[0]!;
}

async function startBrowserSignIn() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'service-app-client',
    response_type: 'code',
    redirect_uri: 'http://127.0.0.1:7777/',
    scope: PURCHASE_SCOPE,
    state: 'st',
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorized = await fetch(`${authority}/authorize?${query}`, { redirect: 'manual' });
  const request = new URL(authorized.headers.get('location')!).searchParams.get('request')!;
  return { request, binding: cookieOf(authorized, 'identity_binding') };
}

async function pageForm(path: 'email' | 'code', fields: Record<string, string>, cookie: string): Promise<Response> {
  return fetch(`${server.baseUrl}/identity/sign-in/${path}`, { ...form(fields), headers: { ...form(fields).headers, cookie }, redirect: 'manual' });
}

async function pageMessage(location: string): Promise<string> {
  const html = await (await fetch(new URL(location, server.baseUrl))).text();
  return /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
}

describe('the sign-in page', () => {
  it('says so when the address has had too many codes, and when it has had too many wrong ones', async () => {
    const flooded = unique('page-flooded');
    for (let i = 0; i < CODES_PER_HOUR; i++) await codeSent(flooded);
    const { request, binding } = await startBrowserSignIn();
    const refused = await pageForm('email', { request, email: flooded }, binding);
    expect(refused.status).toBe(303);
    const location = refused.headers.get('location')!;
    expect(new URL(location).searchParams.get('error')).toBe('slow_down');
    expect(await pageMessage(location)).toMatch(/Too many codes were sent to this address/);

    const guessed = unique('page-guessed');
    for (let round = 0; round < TRIES_PER_HOUR / TRIES_PER_CODE; round++) {
      const { continuationToken, code } = await codeSent(guessed);
      for (let i = 0; i < TRIES_PER_CODE; i++) await redeem(continuationToken, wrongFor(code));
    }
    const emailed = await pageForm('email', { request, email: guessed }, binding);
    expect(emailed.status).toBe(303);
    const code = await nextCode(guessed);
    const codeRefused = await pageForm('code', { request, code, to: 'p***@example.com' }, `${binding}; ${cookieOf(emailed, 'identity_continuation')}`);
    expect(codeRefused.status).toBe(303);
    const codeLocation = codeRefused.headers.get('location')!;
    expect(new URL(codeLocation).searchParams.get('error')).toBe('too-many-tries');
    expect(await pageMessage(codeLocation)).toMatch(/Too many wrong codes were entered for this address/);
  });
});

// ---------- codes at rest ----------

describe('one-time codes at rest', () => {
  it('a code is stored as HMAC-SHA256 under a key derived from APP_SECRET (HKDF), never as its sha256', async () => {
    const email = unique('at-rest');
    const { continuationToken, code } = await codeSent(email);
    const row = await database.db.oneTimeCode.findFirstOrThrow({ where: { email } });
    const key = Buffer.from(crypto.hkdfSync('sha256', APP_SECRET, 'licensing-service', 'hmac:sign-in-code', 32));
    const sha256 = crypto.createHash('sha256').update(code).digest('hex');
    expect(row.codeHash).not.toBe(sha256);
    expect(row.codeHash).toBe(crypto.createHmac('sha256', key).update(code).digest('hex'));
    // Hashing the million candidates finds nothing: no field of the row holds the code's sha256.
    expect(JSON.stringify(row)).not.toContain(sha256);
    expect((await redeem(continuationToken, code)).status).toBe(200);
  });
});
