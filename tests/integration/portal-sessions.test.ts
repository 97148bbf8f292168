import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessionsOf } from '@/server/identity/browser-sessions';
import { portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Portal sessions are rows (BrowserSession) that every request reads: a person lists their own,
// signs one or all others out, and a session ended anywhere (signing out, removal from a seller) is
// refused at its next request on every instance. Two service processes share one database here.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let smtp: TestSmtpServer;
let first: TestServer;
let second: TestServer;
let nextCode: (email: string) => Promise<string>;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  const env = { APP_SECRET, SMTP_URL: smtp.url, SEED_DEMO: 'false' };
  // One after the other: the first start may build the app, which the second then finds current.
  first = await startTestServer({ databaseUrl: database.url, env });
  second = await startTestServer({ databaseUrl: database.url, env });
  nextCode = codeReader(smtp);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await smtp?.stop();
  await database?.drop();
});

async function call(server: TestServer, procedure: string, cookie: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
  const url = `${server.baseUrl}/api/trpc/${procedure}`;
  const response =
    method === 'GET'
      ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input ?? null }))}`, { headers: { cookie } })
      : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ json: input ?? null }) });
  const body = await response.json();
  return { status: response.status, data: body.result?.data?.json, error: body.error?.json };
}

const me = (server: TestServer, cookie: string) => call(server, 'portal.me', cookie, undefined, 'GET');
const sessionsOf = (email: string) => database.db.browserSession.findMany({ where: { account: { email } }, orderBy: { createdAt: 'asc' } });

async function signedInTwice(email: string, registerAs?: string) {
  const laptop = await portalSignIn(first.baseUrl, email, nextCode, { registerAs });
  const phone = await portalSignIn(second.baseUrl, email, nextCode);
  return { laptop, phone };
}

describe('portal sessions', () => {
  it('records each sign-in as a live session with its address, and lists the person’s own, the current one marked', async () => {
    const { laptop } = await signedInTwice('two.browsers@example.com');
    await portalSignIn(first.baseUrl, 'someone.else@example.com', nextCode);
    const rows = await sessionsOf('two.browsers@example.com');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ endedAt: null, endReason: null });
      expect(row.ipAddress).toMatch(/127\.0\.0\.1|::1/);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 60 * 60 * 1000);
    }
    const listed = await call(first, 'sessions.list', laptop, undefined, 'GET');
    expect(listed.status).toBe(200);
    expect(listed.data.map((session: { id: string }) => session.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(listed.data.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  });

  it('signs every other session out: the other browser is signed out at its next request on either instance, this one stays', async () => {
    const { laptop, phone } = await signedInTwice('sign.out.others@example.com');
    expect((await me(second, phone)).data).toMatchObject({ email: 'sign.out.others@example.com' });

    const ended = await call(first, 'sessions.endOthers', laptop);
    expect(ended).toMatchObject({ status: 200, data: { ended: 1 } });

    expect((await me(first, phone)).data).toBeNull();
    expect((await me(second, phone)).data).toBeNull();
    expect((await call(second, 'sessions.list', phone, undefined, 'GET')).status).toBe(401);
    expect((await me(second, laptop)).data).toMatchObject({ email: 'sign.out.others@example.com' });
    const rows = await sessionsOf('sign.out.others@example.com');
    expect(rows.map((row) => row.endReason).sort()).toEqual(['signed_out_elsewhere', null].sort());
  });

  it('signs one other session out by its id, refuses the current one and another person’s, and changes nothing then', async () => {
    const { laptop, phone } = await signedInTwice('one.by.one@example.com');
    const stranger = await portalSignIn(first.baseUrl, 'stranger@example.com', nextCode);
    const [laptopRow, phoneRow] = await sessionsOf('one.by.one@example.com');
    const [strangerRow] = await sessionsOf('stranger@example.com');

    expect(await call(first, 'sessions.end', laptop, { sessionId: laptopRow!.id })).toMatchObject({ status: 400, error: { data: { apiCode: 'ValidationError' } } });
    expect(await call(first, 'sessions.end', laptop, { sessionId: strangerRow!.id })).toMatchObject({ status: 404, error: { data: { apiCode: 'NotFound' } } });
    expect((await me(first, stranger)).data).toMatchObject({ email: 'stranger@example.com' });
    expect(await database.db.browserSession.count({ where: { account: { email: { in: ['one.by.one@example.com', 'stranger@example.com'] } }, endedAt: { not: null } } })).toBe(0);

    expect((await call(first, 'sessions.end', laptop, { sessionId: phoneRow!.id })).status).toBe(200);
    expect((await me(second, phone)).data).toBeNull();
    expect((await me(first, laptop)).data).toMatchObject({ email: 'one.by.one@example.com' });
  });

  it('signing out ends the session’s row, so the same cookie replayed afterwards is signed out', async () => {
    const cookie = await portalSignIn(first.baseUrl, 'signs.out@example.com', nextCode);
    const csrf = await fetch(`${first.baseUrl}/api/auth/csrf`, { headers: { cookie } });
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const signOut = await fetch(`${first.baseUrl}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
    });
    expect(signOut.status).toBeLessThan(400);
    const [row] = await sessionsOf('signs.out@example.com');
    expect(row).toMatchObject({ endReason: 'signed_out' });
    expect((await me(second, cookie)).data).toBeNull();
  });

  it('a member’s sessions ended with their removal are refused at their next request on every instance', async () => {
    const { laptop, phone } = await signedInTwice('removed.member@example.com', 'Removal Store');
    expect((await call(second, 'portal.overview', phone, undefined, 'GET')).status).toBe(200);
    const account = await database.db.account.findUniqueOrThrow({ where: { email: 'removed.member@example.com' } });
    // Each sign-in of a member is in the seller's audit log, with where it came from.
    const signIns = await database.db.auditEntry.findMany({ where: { action: 'member.signed_in', actorId: account.id } });
    expect(signIns).toHaveLength(2);
    expect(signIns[0]).toMatchObject({ actorLabel: 'removed.member@example.com', actorRole: 'Owner', surface: 'Portal' });
    expect(signIns[0]!.ipAddress).toMatch(/127\.0\.0\.1|::1/);

    await database.db.$transaction((tx) => endSessionsOf(tx, account.id, 'member_removed'));

    expect((await call(first, 'portal.overview', laptop, undefined, 'GET')).status).toBe(401);
    expect((await call(second, 'portal.overview', phone, undefined, 'GET')).status).toBe(401);
    expect((await sessionsOf('removed.member@example.com')).map((row) => row.endReason)).toEqual(['member_removed', 'member_removed']);
  });
});
