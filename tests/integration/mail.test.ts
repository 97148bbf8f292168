import crypto from 'node:crypto';
import net from 'node:net';
import { createElement } from 'react';
import { SMTPServer } from 'smtp-server';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrismaClient } from '@/generated/prisma/client';
import { SignInCodeEmail } from '@/emails/sign-in-code';
import { seal } from '@/server/crypto/secret-box';
import { resetEnvForTests } from '@/server/env';
import { deliverDueEmails, DELIVER_EMAIL_MAX_ATTEMPTS, DELIVERY_LEASE_SECONDS, EMAIL_DELIVERY_BACKOFF, messageIdOf } from '@/server/mail/deliver-email';
import { EMAIL_CONTENT_SEAL_PURPOSE } from '@/server/mail/email-content';
import { listOutbox } from '@/server/mail/list-outbox';
import { sendEmail } from '@/server/mail/send-email';
import { sendSignInCodeEmail } from '@/server/mail/sign-in-code-mail';
import { enqueueJob, jobQueueDepth, startJobQueue, stopJobQueue } from '@/server/platform/jobs/job-queue';
import { JOBS } from '@/server/jobs';
import { logger } from '@/server/platform/logging/logger';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rememberProcessConfig } from '../support/process-config';
import { tcpRelay } from '../support/tcp-relay';
import { backoffSeconds } from '@/server/platform/backoff';

// E-mail delivery (docs/buyers-and-sellers.md "E-mail"): the Email row is the outbox, sent after its commit by the
// deliver-email job; a request never waits for SMTP and SMTP never runs inside a transaction. The
// queue runs in this process, with its worker, against this file's database; real SMTP servers on
// local ports receive, hold back or refuse the messages. Runs driven by a test call the job's own
// code (deliverDueEmails), with the clock moved on where a backoff or a lease must pass.

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'MAIL_FROM'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);

let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await stopJobQueue();
  await Promise.all([database?.drop(), smtp?.stop()]);
  restoreConfig();
});

/** The configuration sendEmail and the worker read, as the start script would set it; `smtpUrl: undefined` keeps mail in the outbox. */
function configure({ smtpUrl }: { smtpUrl: string | undefined }) {
  process.env.DATABASE_URL = database.url;
  process.env.APP_SECRET = 'test-app-secret-of-at-least-32-characters';
  process.env.MAIL_FROM = 'Licensing service <no-reply@licensing.test>';
  if (smtpUrl) process.env.SMTP_URL = smtpUrl;
  else delete process.env.SMTP_URL;
  resetEnvForTests();
}

/** The queue as tests run it: a worker in this process, retries at once, idle workers polling twice a second. */
const startFastJobQueue = (worker = true) =>
  startJobQueue({ databaseUrl: database.url, worker, jobs: JOBS, db: database.db, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 });

const ctx = () => ({ db: database.db });
const freshCode = () => String(crypto.randomInt(100_000, 1_000_000));
const freshAddress = () => `buyer-${crypto.randomBytes(4).toString('hex')}@example.test`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const emailRow = (id: string) => database.db.email.findUniqueOrThrow({ where: { id } });
const anEmail = (to: string, subject = 'Your sign-in code') => ({
  to,
  kind: 'sign-in-code',
  subject,
  template: createElement(SignInCodeEmail, { code: freshCode(), expiresInMinutes: 10 }),
});

/** Polls until `probe` returns a value (not undefined), or fails after `timeoutMs`. */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Fails instead of hanging when `promise` takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Every deliver-email job row (pg-boss's table and its archive), as text: none may hold a body. */
const deliverEmailJobRows = async () => {
  const rows = await database.db.$queryRaw<{ row: string }[]>`
    select j::text as "row" from pgboss.job j where name = 'deliver-email'
    union all
    select a::text as "row" from pgboss.archive a where name = 'deliver-email'`;
  return rows.map((row) => row.row);
};

/** A moment `seconds` from now, for runs that must find a backoff or a lease passed. */
const inSeconds = (seconds: number) => () => new Date(Date.now() + seconds * 1000);

async function listen(server: SMTPServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('error', () => {});
  return `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
}

const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** An SMTP server that holds every message at the end of its data until released: a slow server, under the test's control. */
async function startHoldingSmtpServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let dataArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (dataArrived = resolve));
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        dataArrived();
        void released.then(() => {
          accepted.push(session.envelope.rcptTo.map((recipient) => recipient.address).join(', '));
          callback();
        });
      });
    },
  });
  const url = await listen(server);
  return { url, accepted, arrived, release, stop: () => (release(), close(server)) };
}

/** An SMTP server that refuses every recipient with a temporary error quoting the address, as real servers do. */
async function startRefusingSmtpServer() {
  const state = { refusals: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      state.refusals++;
      callback(Object.assign(new Error(`Mailbox of <${address.address}> is busy, try again later`), { responseCode: 451 }));
    },
  });
  const url = await listen(server);
  return { url, state, stop: () => close(server) };
}

describe('e-mail delivery', () => {
  beforeAll(async () => {
    configure({ smtpUrl: smtp.url });
    await startFastJobQueue();
  });
  afterAll(async () => {
    await stopJobQueue();
  });

  it('with SMTP_URL set, a sign-in code e-mail is queued, delivered over SMTP by the worker with the code in its text (not its subject) and the Message-ID of its row, and its row becomes sent', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    const code = freshCode();

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 10 });

    expect(result.status).toBe('queued');
    const mail = await smtp.waitForMail((received) => received.to === to);
    expect(mail.subject).toBe('Your sign-in code');
    expect(codeIn(mail.text)).toBe(code);
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.messageId).toBe(messageIdOf(result.id));
    const row = await eventually(async () => {
      const current = await emailRow(result.id);
      return current.status === 'sent' ? current : undefined;
    }, 'the row is marked sent');
    expect(row).toMatchObject({ to, kind: 'sign-in-code', status: 'sent', error: null, attempts: 1, content: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('with SMTP_URL set, after a sign-in code is delivered no column of its e-mail row and no pg-boss job row holds the code in clear; the subject does not carry it; the message over SMTP does', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    const code = freshCode();

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 10 });

    const mail = await smtp.waitForMail((received) => received.to === to);
    expect(codeIn(mail.text)).toBe(code);
    expect(mail.subject).not.toContain(code);
    const row = await eventually(async () => {
      const current = await emailRow(result.id);
      return current.status === 'sent' ? current : undefined;
    }, 'the row is marked sent');
    expect(row).toMatchObject({ subject: 'Your sign-in code', html: null, text: null, content: null });
    expect(JSON.stringify(row)).not.toContain(code);
    for (const jobRow of await deliverEmailJobRows()) expect(jobRow).not.toContain(code);
  });

  it('while an e-mail waits for SMTP its row holds the body sealed under APP_SECRET, never in clear, and no job holds it', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      const code = freshCode();

      const result = await sendSignInCodeEmail(ctx(), { to: freshAddress(), code, expiresInMinutes: 10 });
      await within(10_000, holding.arrived, 'the worker delivering the message');

      const waiting = await emailRow(result.id);
      expect(waiting).toMatchObject({ status: 'queued', html: null, text: null, content: expect.stringMatching(/^v2\.[0-9a-f]{8}\./) });
      expect(JSON.stringify(waiting)).not.toContain(code);
      for (const jobRow of await deliverEmailJobRows()) expect(jobRow).not.toContain(code);
      holding.release();
      await eventually(async () => ((await emailRow(result.id)).status === 'sent' ? true : undefined), 'the row is marked sent');
    } finally {
      await holding.stop();
    }
  });

  it('a queued body that opens under no known APP_SECRET fails the e-mail at once with the reason, without retries', async () => {
    configure({ smtpUrl: smtp.url });
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const to = freshAddress();
    const content = seal(EMAIL_CONTENT_SEAL_PURPOSE, JSON.stringify({ html: '<p>x</p>', text: 'x' }), { current: 'another-instance-secret-of-32-characters', previous: [] });
    const email = await database.db.email.create({ data: { to, subject: 'Sealed elsewhere', kind: 'sign-in-code', status: 'queued', content } });

    expect(await deliverDueEmails(ctx())).toMatchObject({ failed: 1 });

    const failed = await emailRow(email.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, content: null });
    expect(failed.error).toMatch(/cannot be opened.*key id/);
    expect(await deliverDueEmails({ db: database.db, now: inSeconds(3600) })).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(0);
  });

  it('without SMTP_URL, the e-mail is kept in the outbox with the code readable in its text, and no job is queued', async () => {
    configure({ smtpUrl: undefined });
    const to = freshAddress();
    const code = freshCode();
    const receivedBefore = smtp.messages.length;
    const jobsBefore = (await deliverEmailJobRows()).length;

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 5 });

    expect(result.status).toBe('outbox');
    const row = await emailRow(result.id);
    expect(row).toMatchObject({ to, kind: 'sign-in-code', subject: 'Your sign-in code', status: 'outbox', sentAt: null, attempts: 0, content: null });
    expect(codeIn(row.text!)).toBe(code);
    expect(row.text).toMatch(/ignore this e-mail/);
    expect(row.html).toContain(code);
    expect(await deliverEmailJobRows()).toHaveLength(jobsBefore);
    expect(smtp.messages).toHaveLength(receivedBefore);
  });

  it('sending returns before delivery: the row is still queued while the SMTP server is receiving the message, and no transaction is open meanwhile', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });

      // The server holds every message until released: a send that waited for SMTP would never return.
      const result = await within(5_000, sendSignInCodeEmail(ctx(), { to: freshAddress(), code: freshCode(), expiresInMinutes: 10 }), 'sending the e-mail');

      expect(result.status).toBe('queued');
      await within(10_000, holding.arrived, 'the worker delivering the message');
      expect(holding.accepted).toHaveLength(0);
      expect((await emailRow(result.id)).status).toBe('queued');
      // SMTP is talking: no connection of this database sits in a transaction, and the row is not locked.
      const [activity] = await database.db.$queryRaw<{ open: number }[]>`
        select count(*)::int as "open" from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
      expect(activity?.open).toBe(0);
      await database.db.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ id: string }[]>`select "id" from "Email" where "id" = ${result.id} for update nowait`;
        expect(locked).toHaveLength(1);
      });

      holding.release();
      const row = await eventually(async () => {
        const current = await emailRow(result.id);
        return current.status === 'sent' ? current : undefined;
      }, 'the row is marked sent once the server accepts');
      expect(row.attempts).toBe(1);
      expect(holding.accepted).toHaveLength(1);
    } finally {
      await holding.stop();
    }
  });

  it(`a refused delivery is retried with backoff, counting attempts on the row, and after attempt ${DELIVER_EMAIL_MAX_ATTEMPTS} the row is failed with the reason`, async () => {
    const refusing = await startRefusingSmtpServer();
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const errored = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      configure({ smtpUrl: refusing.url });
      const to = freshAddress();

      const result = await sendEmail(ctx(), anEmail(to, 'Undeliverable'));
      expect(result.status).toBe('queued');
      // The worker's first attempt, then a retry not before its backoff.
      const first = await eventually(async () => {
        const current = await emailRow(result.id);
        return current.attempts === 1 && current.error ? current : undefined;
      }, 'the first attempt recorded');
      expect(first.status).toBe('queued');
      expect(first.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan((backoffSeconds(EMAIL_DELIVERY_BACKOFF, 1) - 5) * 1000);
      expect(first.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(backoffSeconds(EMAIL_DELIVERY_BACKOFF, 1) * 1000);
      // A run is planned for the moment the backoff ends, not left to the next minute's.
      const planned = await eventually(async () => {
        const [job] = await database.db.$queryRaw<{ startAfter: Date }[]>`
          select start_after as "startAfter" from pgboss.job where name = 'deliver-email' and singleton_key = 'deliver-email-follow-up' and state = 'created'`;
        return job;
      }, 'a run planned for the end of the backoff');
      expect(Math.abs(planned.startAfter.getTime() - first.nextAttemptAt.getTime())).toBeLessThan(1000);

      // Each later attempt once its backoff has passed (the clock moved on for this test's runs).
      let ahead = 0;
      for (let attempt = 2; attempt <= DELIVER_EMAIL_MAX_ATTEMPTS; attempt++) {
        ahead += backoffSeconds(EMAIL_DELIVERY_BACKOFF, attempt - 1) + 1;
        await deliverDueEmails({ db: database.db, now: inSeconds(ahead) });
      }
      const failed = await emailRow(result.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: DELIVER_EMAIL_MAX_ATTEMPTS, sentAt: null, html: null, text: null, content: null });
      expect(refusing.state.refusals).toBe(DELIVER_EMAIL_MAX_ATTEMPTS);
      expect(failed.error).toMatch(/451 .*busy/);

      // Every attempt but the last was logged as one to retry, in order.
      const retried = warned.mock.calls.map(([fields]) => fields as { emailId: string; attempt: number }).filter((fields) => fields.emailId === result.id);
      expect(retried).toEqual(Array.from({ length: DELIVER_EMAIL_MAX_ATTEMPTS - 1 }, (_, i) => expect.objectContaining({ attempt: i + 1 })));
      expect(errored).toHaveBeenCalledWith(expect.objectContaining({ emailId: result.id, attempt: DELIVER_EMAIL_MAX_ATTEMPTS }), expect.any(String));
      // The server's reply quotes the address; no log line and no row column does.
      expect(JSON.stringify([...warned.mock.calls, ...errored.mock.calls])).not.toContain(to);
      expect(failed.error).not.toContain(to);
    } finally {
      await refusing.stop();
    }
  });

  it('two runs at once send an e-mail once: the second finds it claimed; a run after it was sent finds nothing', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      // Recorded without asking for delivery: both runs below are this test's.
      const email = await database.db.email.create({
        data: { to: freshAddress(), subject: 'Twice?', kind: 'sign-in-code', html: '<p>x</p>', text: 'x', status: 'queued' },
      });

      const first = deliverDueEmails(ctx());
      await within(10_000, holding.arrived, 'the first run delivering');
      await expect(within(5_000, deliverDueEmails(ctx()), 'the second run')).resolves.toEqual({ sent: 0, retry: 0, failed: 0 });

      holding.release();
      await expect(first).resolves.toMatchObject({ sent: 1 });
      await expect(deliverDueEmails({ db: database.db, now: inSeconds(3600) })).resolves.toEqual({ sent: 0, retry: 0, failed: 0 });
      expect(holding.accepted).toHaveLength(1);
      // A row recorded with its body in the clear (before bodies were sealed) sends it, then keeps none.
      expect(await emailRow(email.id)).toMatchObject({ status: 'sent', attempts: 1, html: null, text: null });
    } finally {
      await holding.stop();
    }
  });

  it('an e-mail whose sender died mid-send is sent again once its lease lapses, with the same Message-ID', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    // As a dead sender leaves it: claimed once (attempts 1), never marked, its lease still running.
    const recorded = await database.db.email.create({ data: { to, subject: 'Caught by a crash', kind: 'sign-in-code', status: 'queued', html: '<p>x</p>', text: 'x' } });
    await database.db.email.update({ where: { id: recorded.id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() + DELIVERY_LEASE_SECONDS * 1000) } });

    expect(await deliverDueEmails(ctx())).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(await deliverDueEmails({ db: database.db, now: inSeconds(DELIVERY_LEASE_SECONDS + 1) })).toMatchObject({ sent: 1 });
    const mail = await smtp.waitForMail((received) => received.to === to);
    expect(mail.messageId).toBe(messageIdOf(recorded.id));
    expect(await emailRow(recorded.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('accepted by SMTP while the database fails: marking it sent is retried, the message is not sent again', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    const recorded = await database.db.email.create({ data: { to, subject: 'Bookkeeping', kind: 'sign-in-code', status: 'queued', html: '<p>x</p>', text: 'x' } });
    const update = database.db.email.updateMany.bind(database.db.email);
    let refused = 0;
    vi.spyOn(database.db.email, 'updateMany').mockImplementation(((args: Parameters<typeof update>[0]) => {
      if (args?.where?.id === recorded.id && refused < 2) {
        refused++;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return update(args);
    }) as never);

    expect(await deliverDueEmails(ctx())).toMatchObject({ sent: 1 });
    expect(refused).toBe(2);
    expect(await emailRow(recorded.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(1);
  });

  it('an e-mail whose row is erased while SMTP takes it (its recipient erased their account) ends the run at once instead of holding every e-mail behind it', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      const erased = await database.db.email.create({ data: { to: freshAddress(), subject: 'Erased on its way', kind: 'claim-link', status: 'queued', html: '<p>x</p>', text: 'x' } });
      const run = deliverDueEmails(ctx());
      await within(10_000, holding.arrived, 'the run delivering');
      await database.db.email.delete({ where: { id: erased.id } });
      holding.release();
      // Before, marking the vanished row sent was retried for 5 minutes, and every e-mail behind it waited.
      await expect(within(10_000, run, 'the run after the row was erased')).resolves.toMatchObject({ sent: 1 });
      expect(await database.db.email.findUnique({ where: { id: erased.id } })).toBeNull();
      expect(holding.accepted).toHaveLength(1);
    } finally {
      await holding.stop();
    }
  });

  it('the database cut (a real TCP cut) while SMTP takes the message: marking it sent is retried once the database is back, and the message is sent once', async () => {
    const holding = await startHoldingSmtpServer();
    const target = new URL(database.url);
    const relay = tcpRelay({ host: target.hostname, port: Number(target.port) });
    await relay.start();
    const relayed = new URL(database.url);
    relayed.port = String(relay.port());
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: relayed.toString(), max: 2 }) });
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      configure({ smtpUrl: holding.url });
      const to = freshAddress();
      const recorded = await database.db.email.create({ data: { to, subject: 'Through a cut', kind: 'sign-in-code', status: 'queued', html: '<p>x</p>', text: 'x' } });

      const run = deliverDueEmails({ db });
      await within(10_000, holding.arrived, 'the message reaching SMTP');
      await relay.cut();
      holding.release();
      // SMTP has accepted; the database is unreachable for half a second, then back on the same address.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await relay.start();

      await expect(within(15_000, run, 'the run')).resolves.toMatchObject({ sent: 1 });
      expect(holding.accepted).toHaveLength(1);
      expect(await emailRow(recorded.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await deliverDueEmails({ db: database.db, now: inSeconds(3600) })).toEqual({ sent: 0, retry: 0, failed: 0 });
      expect(holding.accepted).toHaveLength(1);
    } finally {
      await db.$disconnect().catch(() => {});
      await relay.cut().catch(() => {});
      await holding.stop();
    }
  });

  it('stopping the queue lets a running delivery finish before it closes', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      const result = await sendEmail(ctx(), anEmail(freshAddress()));
      await within(10_000, holding.arrived, 'the worker delivering the message');

      let stopped = false;
      const stopping = stopJobQueue().then(() => (stopped = true));
      // pg-boss looks at running jobs every 500 ms while it stops: it must still be waiting after that.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(stopped).toBe(false);

      holding.release();
      await within(10_000, stopping, 'stopping the queue');
      expect(await emailRow(result.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(holding.accepted).toHaveLength(1);
    } finally {
      await holding.stop();
    }
  });
});

describe('producers without a worker', () => {
  afterAll(async () => {
    await stopJobQueue();
  });

  it('an instance without a worker records the e-mail and leaves it waiting; a worker started later delivers it', async () => {
    configure({ smtpUrl: smtp.url });
    await startFastJobQueue(false);
    const to = freshAddress();

    const result = await sendEmail(ctx(), anEmail(to));

    expect(result.status).toBe('queued');
    expect((await jobQueueDepth())['deliver-email']).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await emailRow(result.id)).status).toBe('queued');
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(0);

    await stopJobQueue();
    await startFastJobQueue(true);
    await smtp.waitForMail((mail) => mail.to === to);
    await eventually(async () => ((await emailRow(result.id)).status === 'sent' ? true : undefined), 'the row is marked sent');
  });

  it('without a started job queue the e-mail is still recorded (asking for its delivery is logged, not thrown); the next run sends it', async () => {
    await stopJobQueue();
    configure({ smtpUrl: smtp.url });
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const to = freshAddress();

    await expect(enqueueJob('deliver-email', {})).rejects.toThrow(/job queue was never started/);
    const result = await sendEmail(ctx(), anEmail(to));

    expect(result.status).toBe('queued');
    expect(warned).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringMatching(/next scheduled run/));
    expect(await deliverDueEmails(ctx())).toMatchObject({ sent: 1 });
    await smtp.waitForMail((mail) => mail.to === to);
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
      subject: 'Your sign-in code',
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
