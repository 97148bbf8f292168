import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReader } from '../support/sign-in';
import { portalSignIn, trpcMutation } from '../support/portal-session';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Several instances of the service on one PostgreSQL (and one Redis where the machine runs it, as
// CI's does): what one instance changes, the other honours within a second; limits count across
// both; a job runs once. DESIGN.md "Platform decisions".

let database: TestDatabase;
let smtp: TestSmtpServer;
let first: TestServer;
let second: TestServer;
const appSecret = crypto.randomBytes(32).toString('base64url');

async function within<T>(deadlineMs: number, probe: () => Promise<T | undefined>): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, elapsedMs: Date.now() - started };
    if (Date.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  const env = { APP_SECRET: appSecret, SMTP_URL: smtp.url, SEED_DEMO: 'false' };
  [first, second] = await Promise.all([startTestServer({ databaseUrl: database.url, env }), startTestServer({ databaseUrl: database.url, env })]);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await smtp?.stop();
  await database?.drop();
});

describe('two instances on one database', () => {
  let key: { id: string; key: string };
  let cookie: string;
  const email = `owner-${crypto.randomBytes(3).toString('hex')}@example.test`;

  it('an e-mail job is delivered once although both instances run a worker', async () => {
    cookie = await portalSignIn(first.baseUrl, email, codeReader(smtp), { registerAs: 'Two Instances Ltd' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const rows = await database.db.email.findMany({ where: { to: email } });
    expect(rows.map((row) => row.status)).toEqual(['sent']);
  });

  it('an API key revoked through one instance is refused through the other within one second', async () => {
    key = await trpcMutation(first.baseUrl, 'apiKeys.create', { label: 'backend' }, cookie);
    const read = (server: TestServer) => fetch(`${server.baseUrl}/licensing-mgmt/licenses?correlationId=tenant-1`, { headers: { 'dub-apiKey': key.key } });
    // The second instance has the key in its cache (kept up to 10 s) before the revocation.
    expect((await read(second)).status).toBe(200);
    await trpcMutation(first.baseUrl, 'apiKeys.revoke', { id: key.id }, cookie);
    const { value, elapsedMs } = await within(1000, async () => {
      const response = await read(second);
      return response.status === 200 ? undefined : response;
    });
    expect(value.status).toBe(403);
    expect((await value.json()).Code).toBe('ApiKeyInvalid');
    expect(elapsedMs).toBeLessThanOrEqual(1000);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two instances sharing Redis for limits (runs when REDIS_URL is set)', () => {
  let limitedA: TestServer;
  let limitedB: TestServer;
  const limit = 20;

  beforeAll(async () => {
    const env = { APP_SECRET: appSecret, SEED_DEMO: 'false', REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `t${crypto.randomBytes(4).toString('hex')}`, RATE_LIMIT_IP_PER_MINUTE: String(limit) };
    [limitedA, limitedB] = await Promise.all([startTestServer({ databaseUrl: database.url, env }), startTestServer({ databaseUrl: database.url, env })]);
  });
  afterAll(async () => {
    await Promise.all([limitedA?.stop(), limitedB?.stop()]);
  });

  it('the per-IP limit is counted across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const server = i % 2 === 0 ? limitedA : limitedB;
      statuses.push((await fetch(`${server.baseUrl}/purchase/nobody/offerings`)).status);
    }
    // Each instance has seen only half the limit, yet the next request to either is refused.
    expect(statuses.every((status) => status === 404)).toBe(true);
    for (const server of [limitedA, limitedB]) {
      const refused = await fetch(`${server.baseUrl}/purchase/nobody/offerings`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).Code).toBe('RateLimited');
    }
  });
});
