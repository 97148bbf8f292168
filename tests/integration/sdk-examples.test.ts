import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { resetEnvForTests } from '@/server/env';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort, startTestServer, type TestServer } from '../support/test-server';

// The runnable examples (examples/*) against a started service, as their READMEs run them: the
// client library built to sdk/dist (npm run build builds it), each example a process of its own.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  const built = spawnSync(process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join('sdk', 'tsconfig.json')], { encoding: 'utf8' });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET, SEED_DEMO: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${script} did not print ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return pattern.exec(output)!;
  };
  return { child, exited, waitFor, output: () => output };
}

describe('examples', () => {
  it('desktop-app: signs in with the e-mailed code, buys, stores the code, activates the machine, authorizes, checks, reports usage, checks out a license file and runs from it offline', async () => {
    const email = `desktop-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const codeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-app-')), 'license-code');
    const app = run('examples/desktop-app/index.mjs', { LICENSING_BASE_URL: server.baseUrl, LICENSING_EMAIL: email, LICENSE_CODE_FILE: codeFile });
    await app.waitFor(/Code sent to .*: /);
    app.child.stdin.write(`${await codeReader(smtp)(email)}\n`);
    expect(await app.exited, app.output()).toBe(0);
    expect(app.output()).toMatch(/Device \S+ activated \(NodeLocked, 1 of any number of devices\)\nAuthorized until .*\n[\s\S]*editor: Allowed[\s\S]*License file checked out until [\s\S]*Usage reported\. Done\./);
    const licenseId = /License (\S+) stored/.exec(app.output())![1]!;
    expect(fs.readFileSync(codeFile, 'utf8')).toMatch(/^SVC_LIC_/);
    expect(await database.db.usageBatch.count({ where: { licenseId } })).toBe(1);
    // The device is known by the hash of its machine id only.
    const dataDir = path.dirname(codeFile);
    const machineId = `${os.hostname()}/${fs.readFileSync(path.join(dataDir, 'machine-id'), 'utf8').trim()}`;
    const devices = await database.db.device.findMany({ where: { licenseId } });
    expect(devices.map((device) => device.fingerprint)).toEqual([crypto.createHash('sha256').update(`licensing-device-v1\u0000com.example.desktop-app\u0000${machineId}`).digest('hex')]);
    expect(JSON.stringify(devices)).not.toContain(machineId);
    // Offline: the saved file, verified with the saved JWKS, in a process whose fetch fails (no network at all).
    const noNetwork = "--import=data:text/javascript,globalThis.fetch=async()=>{throw%20new%20Error('no%20network')}";
    const offline = run('examples/desktop-app/index.mjs', { LICENSING_BASE_URL: server.baseUrl, LICENSE_CODE_FILE: codeFile, LICENSING_OFFLINE: '1', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${noNetwork}`.trim() });
    expect(await offline.exited, offline.output()).toBe(0);
    expect(offline.output()).toMatch(/License file verified offline, valid until .*\n[\s\S]*editor: Allowed[\s\S]*Offline\. Done\./);
  });

  it('seller-backend: embedded checkout for a tenant, its seats synced when the verified checkout.completed webhook arrives, a forged one refused, and a request served by the seat chosen', async () => {
    const demo = await database.db.seller.findUniqueOrThrow({ where: { issuerClientId: 'demo' } });
    const { key } = await createApiKey({ db: database.db }, { sellerId: demo.id, label: 'example' });
    const port = await freePort();
    const storeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seller-backend-')), 'seats.json');
    // The seller adds the backend's /webhooks as an endpoint and gives the backend its secret.
    const endpoint = await fetch(`${server.baseUrl}/licensing-mgmt/webhook-endpoints`, {
      method: 'POST',
      headers: { 'dub-apiKey': key, 'content-type': 'application/json' },
      body: JSON.stringify({ Url: `http://127.0.0.1:${port}/webhooks`, EventTypes: ['checkout.completed', 'license.created', 'license.status_changed'] }),
    });
    expect(endpoint.status).toBe(201);
    const { Secret: webhookSecret } = (await endpoint.json()) as { Secret: string };
    const backend = run('examples/seller-backend/server.mjs', { LICENSING_BASE_URL: server.baseUrl, LICENSING_API_KEY: key, LICENSING_OFFERING: DEMO_IDS.team, SEAT_STORE_FILE: storeFile, PORT: String(port), LICENSING_WEBHOOK_SECRET: webhookSecret });
    await backend.waitFor(/Seller backend listening/);
    const call = async (route: string, body: unknown = {}) => {
      const response = await fetch(`http://127.0.0.1:${port}${route}`, { method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const checkout = await call('/tenants/acme/checkout', { email: 'owner@acme.test', seats: 2 });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    // The buyer pays on the hosted page (the local processor's Pay).
    expect((await fetch(`${server.baseUrl}/checkout/local/${checkout.body.sessionId as string}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    // The completed checkout arrives as a verified webhook, and the backend syncs the tenant by itself.
    await backend.waitFor(/synced tenant acme after checkout\.completed/);
    expect(Object.keys(JSON.parse(fs.readFileSync(storeFile, 'utf8')))).toHaveLength(2);
    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers: { 'webhook-id': 'msg_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' }, body: '{}' });
    expect(forged.status).toBe(400);
    const synced = await call('/tenants/acme/sync');
    expect(synced.body).toMatchObject({ status: 'Active', liveSeatIds: [expect.any(String), expect.any(String)] });
    expect(Object.keys(JSON.parse(fs.readFileSync(storeFile, 'utf8')))).toHaveLength(2);
    const used = await call('/tenants/acme/use', { feature: 'editor', units: 1 });
    expect(used).toMatchObject({ status: 200, body: { allowed: true, seatId: expect.any(String) } });
    backend.child.kill('SIGTERM');
    expect(await backend.exited).toBe(0);
  });
});
