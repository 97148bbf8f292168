import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { nativeSignIn, codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Production switches of `npm start` (NODE_ENV=production): APP_SECRET is required, the local
// processor (it takes no money) only with LOCAL_PROCESSOR_IN_PRODUCTION=true, the dev outbox off.

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `npm start` in production with the given variables (and none of this process's service configuration). */
async function startInProduction(variables: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-start-'));
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['APP_SECRET', 'APP_SECRET_PREVIOUS', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'LOCAL_PROCESSOR_IN_PRODUCTION', 'SMTP_URL']) delete environment[key];
  Object.assign(environment, {
    NODE_ENV: 'production',
    // Unreachable: the refusal must come before any database work.
    DATABASE_URL: `postgresql://postgres@127.0.0.1:${await closedPort()}/licensing`,
    DATA_DIR: dataDir,
    PORT: '0',
    ...variables,
  });
  const started = Date.now();
  // --dev: a start that got past its checks would fail at the database rather than build first.
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--dev'], { env: environment, encoding: 'utf8', timeout: 60_000 });
  const output = `${result.stdout}${result.stderr}`;
  const generatedSecret = fs.existsSync(path.join(dataDir, 'app-secret'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { status: result.status, output, elapsedMs: Date.now() - started, generatedSecret };
}

describe('npm start under NODE_ENV=production refuses, before any database work', () => {
  it('without APP_SECRET: a clear message, a non-zero exit, and no secret made up in DATA_DIR', async () => {
    const started = await startInProduction({ LOCAL_PROCESSOR_IN_PRODUCTION: 'true' });

    expect(started.status).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.output).toContain('APP_SECRET is required when NODE_ENV=production');
    expect(started.output).not.toMatch(/ECONNREFUSED|migration|building/i);
    expect(started.generatedSecret).toBe(false);
  });

  it('with the local processor live (no STRIPE_SECRET_KEY) and no opt-in: a message naming both ways out (Stripe, or LOCAL_PROCESSOR_IN_PRODUCTION=true)', async () => {
    const started = await startInProduction({ APP_SECRET: crypto.randomBytes(32).toString('base64url') });

    expect(started.status).not.toBe(0);
    expect(started.status).not.toBeNull();
    expect(started.output).toContain('local processor');
    expect(started.output).toContain('STRIPE_SECRET_KEY');
    expect(started.output).toContain('LOCAL_PROCESSOR_IN_PRODUCTION=true');
    expect(started.output).not.toMatch(/ECONNREFUSED|migration|building/i);
  });
});

describe('npm start under NODE_ENV=production with LOCAL_PROCESSOR_IN_PRODUCTION=true (a demo)', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startTestSmtpServer();
    server = await startTestServer({ databaseUrl: database.url, env: { NODE_ENV: 'production', LOCAL_PROCESSOR_IN_PRODUCTION: 'true', SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it('the start banner names the live processor: the local processor, taking no money', async () => {
    // The banner follows the "listening" line the server's start waits for.
    const banner = /Payments: +local processor \(demo: no money is taken\)/;
    for (let waited = 0; !banner.test(server.output()) && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toMatch(banner);
  });

  it('/dev/outbox answers 404 (not 200) when DEV_OUTBOX is false, as it is by default in production', async () => {
    const response = await fetch(`${server.baseUrl}/dev/outbox`);
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('Page not found');
    expect(page).not.toContain('E-mails, newest first');
    expect(page).not.toContain('No e-mails yet');
  });

  it('a paid checkout goes through the local processor: Pay settles it and the result carries the license code', async () => {
    const buyerToken = (await nativeSignIn(server.baseUrl, 'production.demo.buyer@example.com', codeReader(smtp))).body.access_token as string;
    const auth = { authorization: `Bearer ${buyerToken}` };
    const created = await fetch(`${server.baseUrl}/purchase/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: DEMO_IDS.lifetime, IssuerClientId: 'demo' }),
    });
    expect(created.status).toBe(200);
    const session = await created.json();
    expect(session.SessionUrl).toBe(`${server.baseUrl}/checkout/local/${session.SessionId}`);

    const paid = await fetch(`${session.SessionUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const result = await (await fetch(`${server.baseUrl}/purchase/checkout/${session.SessionId}`, { headers: auth })).json();
    expect(result).toMatchObject({ Status: 'completed', EncodedCredential: expect.stringMatching(/^SVC_LIC_/) });
  });
});
