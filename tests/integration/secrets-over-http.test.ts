import crypto from 'node:crypto';
import os from 'node:os';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@/prisma/seed';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { portalSignIn, trpcMutation } from '../support/portal-session';
import { codeReader, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Secrets over HTTP against one server (SMTP delivery, DEV_OUTBOX=local, listening on every address):
// a revoked license code is not handed out again, the dev outbox is for this machine only, and a
// sign-in code leaves no copy in clear in the database.

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let nextCode: (email: string) => Promise<string>;

/** An IPv4 address of this machine that is not loopback: a request to it arrives from a non-loopback address. */
const otherAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  nextCode = codeReader(smtp);
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, DEV_OUTBOX: 'local', HOST: '0.0.0.0' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /purchase/checkout/{id} after the buyer revoked the code on the license page', () => {
  it('a license code its buyer revoked is no longer handed out: EncodedCredential null, Status still completed, and the sealed copy deleted', async () => {
    const email = 'revoking.buyer@example.com';
    const buyerToken = (await nativeSignIn(server.baseUrl, email, nextCode)).body.access_token as string;
    const auth = { authorization: `Bearer ${buyerToken}` };
    const created = await fetch(`${server.baseUrl}/purchase/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: DEMO_IDS.community, IssuerClientId: 'demo' }),
    });
    const { SessionId } = await created.json();
    const readResult = async () => (await fetch(`${server.baseUrl}/purchase/checkout/${SessionId}`, { headers: auth })).json();
    const before = await readResult();
    expect(before).toMatchObject({ Status: 'completed', EncodedCredential: expect.stringMatching(/^SVC_LIC_/) });
    const codeId = decodeJwt(decodeLicenseCode(before.EncodedCredential)!).sub!;

    // The license page: the same person signed in to the portal revokes the code.
    const cookie = await portalSignIn(server.baseUrl, email, nextCode);
    await trpcMutation(server.baseUrl, 'licenses.revokeCode', { codeId }, cookie);

    const after = await readResult();
    expect(after).toEqual({ ...before, EncodedCredential: null });
    expect(after.Status).toBe('completed');
    expect(after.LicenseId).toBe(before.LicenseId);
    expect((await database.db.checkout.findUniqueOrThrow({ where: { id: SessionId } })).credentialCiphertext).toBeNull();
  });
});

describe('/dev/outbox with DEV_OUTBOX=local', () => {
  it('answers this machine’s browsers', async () => {
    const response = await fetch(`${server.baseUrl}/dev/outbox`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('SMTP_URL is set');
    expect(page).toContain('E-mails, newest first');
    // Delivered over SMTP: the page lists the e-mails but has no body (no code) to show.
    expect(page).toContain('Body not kept');
  });

  it.skipIf(!otherAddress)('answers 404 (not 200) to a client on another address (runs when the machine has a non-loopback address)', async () => {
    const { port } = new URL(server.baseUrl);
    const response = await fetch(`http://${otherAddress}:${port}/dev/outbox`);
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('Page not found');
    expect(page).not.toContain('E-mails, newest first');
    expect(page).not.toContain('No e-mails yet');
  });
});

describe('a sign-in code over SMTP', () => {
  it('after a sign-in over HTTP no e-mail row and no job row holds the code in clear; the message that arrived over SMTP did', async () => {
    const email = 'no.code.at.rest@example.com';
    const { code, response } = await nativeSignIn(server.baseUrl, email, nextCode);
    expect(response.status).toBe(200);
    expect(smtp.messages.some((mail) => mail.to.includes(email) && mail.text.includes(code))).toBe(true);

    const rows = await eventually(async () => {
      const current = await database.db.email.findMany({ where: { to: email } });
      return current.length > 0 && current.every((row) => row.status === 'sent') ? current : undefined;
    }, 'the e-mail row is sent');
    expect(JSON.stringify(rows)).not.toContain(code);
    // The delivery jobs carry no body at all (the row kept it sealed, and dropped it once sent).
    const jobs = await database.db.$queryRaw<{ row: string }[]>`select j::text as "row" from pgboss.job j where name = 'deliver-email'`;
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job.row).not.toContain(code);
    for (const row of rows) expect(row.content).toBeNull();
  });
});
