import crypto from 'node:crypto';
import net from 'node:net';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignInCodeEmail } from '@/emails/sign-in-code';
import { resetEnvForTests } from '@/server/env';
import { listOutbox } from '@/server/mail/list-outbox';
import { sendEmail } from '@/server/mail/send-email';
import { sendSignInCodeEmail } from '@/server/mail/sign-in-code-mail';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'MAIL_FROM'] as const;
const configBefore = Object.fromEntries(CONFIG_KEYS.map((key) => [key, process.env[key]]));

let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await Promise.all([database?.drop(), smtp?.stop()]);
  for (const key of CONFIG_KEYS) {
    if (configBefore[key] === undefined) delete process.env[key];
    else process.env[key] = configBefore[key];
  }
  resetEnvForTests();
});

/** The configuration sendEmail reads, as the start script would set it; `smtpUrl: undefined` keeps mail in the outbox. */
function configure({ smtpUrl }: { smtpUrl: string | undefined }) {
  process.env.DATABASE_URL = database.url;
  process.env.APP_SECRET = 'test-app-secret-of-at-least-32-characters';
  process.env.MAIL_FROM = 'Licensing service <no-reply@licensing.test>';
  if (smtpUrl) process.env.SMTP_URL = smtpUrl;
  else delete process.env.SMTP_URL;
  resetEnvForTests();
}

const ctx = () => ({ db: database.db });
const freshCode = () => String(crypto.randomInt(100_000, 1_000_000));
const freshAddress = () => `buyer-${crypto.randomBytes(4).toString('hex')}@example.test`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('e-mail delivery', () => {
  it('with SMTP_URL set, a sign-in code e-mail is delivered over SMTP with the code in its subject and text, and recorded as sent', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    const code = freshCode();

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 10 });

    expect(result.status).toBe('sent');
    const mail = await smtp.waitForMail((received) => received.to === to);
    expect(mail.subject).toBe(`Your sign-in code: ${code}`);
    expect(codeIn(mail.text)).toBe(code);
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(code);
    const row = await database.db.email.findUniqueOrThrow({ where: { id: result.id } });
    expect(row).toMatchObject({ to, kind: 'sign-in-code', status: 'sent', error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('without SMTP_URL, the e-mail is kept in the outbox with the code readable in its text', async () => {
    configure({ smtpUrl: undefined });
    const to = freshAddress();
    const code = freshCode();
    const receivedBefore = smtp.messages.length;

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 5 });

    expect(result.status).toBe('outbox');
    const row = await database.db.email.findUniqueOrThrow({ where: { id: result.id } });
    expect(row).toMatchObject({ to, kind: 'sign-in-code', subject: `Your sign-in code: ${code}`, status: 'outbox', sentAt: null });
    expect(codeIn(row.text)).toBe(code);
    expect(row.text).toMatch(/ignore this e-mail/);
    expect(row.html).toContain(code);
    expect(smtp.messages).toHaveLength(receivedBefore);
  });

  it('when the SMTP server is unreachable, sending does not throw and the e-mail is recorded as failed with the reason', async () => {
    configure({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const to = freshAddress();

    const result = await sendEmail(ctx(), {
      to,
      kind: 'sign-in-code',
      subject: 'Undeliverable',
      template: createElement(SignInCodeEmail, { code: freshCode(), expiresInMinutes: 10 }),
    });

    expect(result.status).toBe('failed');
    const row = await database.db.email.findUniqueOrThrow({ where: { id: result.id } });
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.sentAt).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(result.id));
    expect(logged).not.toHaveBeenCalledWith(expect.stringContaining(to));
  });
});

describe('dev outbox listing', () => {
  it('lists the newest e-mails first, whatever their status, with their text and HTML', async () => {
    configure({ smtpUrl: undefined });
    const recorded = { to: freshAddress(), subject: 'Recorded earlier', kind: 'claim-link', html: '<p>hi</p>', text: 'hi' };
    await database.db.email.createMany({
      data: [
        { ...recorded, status: 'sent', sentAt: new Date() },
        { ...recorded, status: 'failed', error: 'connect ECONNREFUSED' },
      ],
    });
    const newest = await sendSignInCodeEmail(ctx(), { to: freshAddress(), code: freshCode(), expiresInMinutes: 10 });

    const emails = await listOutbox(ctx(), { limit: 50 });

    expect(emails[0]?.id).toBe(newest.id);
    expect(new Set(emails.map((email) => email.status))).toEqual(new Set(['sent', 'outbox', 'failed']));
    expect(emails[0]).toEqual({
      id: newest.id,
      to: expect.any(String),
      subject: expect.stringMatching(/^Your sign-in code: \d{6}$/),
      kind: 'sign-in-code',
      status: 'outbox',
      error: null,
      createdAt: expect.any(Date),
      sentAt: null,
      text: expect.stringMatching(/\b\d{6}\b/),
      html: expect.stringContaining('<html'),
    });
    expect(await listOutbox(ctx(), { limit: 1 })).toHaveLength(1);
  });
});
