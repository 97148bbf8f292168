import crypto from 'node:crypto';
import net from 'node:net';
import { createElement } from 'react';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignInCodeEmail } from '@/emails/sign-in-code';
import { seal } from '@/server/crypto/secret-box';
import { resetEnvForTests } from '@/server/env';
import { deliverEmail } from '@/server/mail/deliver-email';
import { EMAIL_CONTENT_SEAL_PURPOSE } from '@/server/mail/email-content';
import { listOutbox } from '@/server/mail/list-outbox';
import { sendEmail } from '@/server/mail/send-email';
import { sendSignInCodeEmail } from '@/server/mail/sign-in-code-mail';
import { enqueueJob, jobQueueDepth, startJobQueue, stopJobQueue } from '@/server/platform/jobs/job-queue';
import { DELIVER_EMAIL_RETRY_DELAY_SECONDS, DELIVER_EMAIL_RETRY_LIMIT } from '@/server/mail/deliver-email';
import { JOBS } from '@/server/jobs';
import { logger } from '@/server/platform/logging/logger';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// E-mail delivery on the job queue (DESIGN.md "Platform decisions": a request never waits for
// SMTP). The queue runs in this process, with its worker, against this file's database; real SMTP
// servers on local ports receive, hold back or refuse the messages.

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
  await stopJobQueue();
  await Promise.all([database?.drop(), smtp?.stop()]);
  for (const key of CONFIG_KEYS) {
    if (configBefore[key] === undefined) delete process.env[key];
    else process.env[key] = configBefore[key];
  }
  resetEnvForTests();
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

interface DeliverEmailJob {
  state: string;
  retryCount: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  startsInSeconds: number;
}

/** The deliver-email jobs of one e-mail, as pg-boss keeps them, oldest first. */
const jobsOf = (emailId: string) =>
  database.db.$queryRaw<DeliverEmailJob[]>`
    select state::text as "state", retry_count as "retryCount", retry_limit as "retryLimit", retry_delay as "retryDelay",
      retry_backoff as "retryBackoff", extract(epoch from (start_after - now()))::float8 as "startsInSeconds"
    from pgboss.job where name = 'deliver-email' and data->'payload'->>'emailId' = ${emailId}
    order by created_on`;

/** Every column of the deliver-email job rows of one e-mail (pg-boss's table and its archive), as text. */
const jobRowsOf = async (emailId: string) => {
  const rows = await database.db.$queryRaw<{ row: string }[]>`
    select j::text as "row" from pgboss.job j where name = 'deliver-email' and data->'payload'->>'emailId' = ${emailId}
    union all
    select a::text as "row" from pgboss.archive a where name = 'deliver-email' and data->'payload'->>'emailId' = ${emailId}`;
  return rows.map((row) => row.row);
};

/** The payloads of the deliver-email jobs of one e-mail, oldest first. */
const jobPayloadsOf = async (emailId: string) => {
  const rows = await database.db.$queryRaw<{ payload: unknown }[]>`
    select data->'payload' as "payload" from pgboss.job where name = 'deliver-email' and data->'payload'->>'emailId' = ${emailId} order by created_on`;
  return rows.map((row) => row.payload);
};

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

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

describe('e-mail delivery on the job queue', () => {
  beforeAll(async () => {
    configure({ smtpUrl: smtp.url });
    await startFastJobQueue();
  });
  afterAll(async () => {
    await stopJobQueue();
  });

  it('with SMTP_URL set, a sign-in code e-mail is queued, delivered over SMTP by the worker with the code in its text (not its subject), and its row becomes sent', async () => {
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
    const row = await eventually(async () => {
      const current = await emailRow(result.id);
      return current.status === 'sent' ? current : undefined;
    }, 'the row is marked sent');
    expect(row).toMatchObject({ to, kind: 'sign-in-code', status: 'sent', error: null, attempts: 1 });
    expect(row.sentAt).toBeInstanceOf(Date);
    await eventually(async () => ((await jobsOf(result.id))[0]?.state === 'completed' ? true : undefined), 'the job completed');
    expect(await jobsOf(result.id)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('with SMTP_URL set, after a sign-in code is delivered no column of its e-mail row and no pg-boss job row holds the code in clear; the subject does not carry it; the message over SMTP does', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();
    const code = freshCode();

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 10 });

    const mail = await smtp.waitForMail((received) => received.to === to);
    expect(codeIn(mail.text)).toBe(code);
    expect(mail.html).toContain(code);
    expect(mail.subject).not.toContain(code);
    await eventually(async () => ((await jobsOf(result.id))[0]?.state === 'completed' ? true : undefined), 'the job completed');
    const row = await emailRow(result.id);
    expect(row).toMatchObject({ status: 'sent', subject: 'Your sign-in code', html: null, text: null });
    expect(JSON.stringify(row)).not.toContain(code);
    const jobRows = await jobRowsOf(result.id);
    expect(jobRows).toHaveLength(1);
    for (const jobRow of jobRows) expect(jobRow).not.toContain(code);
    // Once sent, not even the sealed body is left in the job's data.
    expect(await jobPayloadsOf(result.id)).toEqual([{ emailId: result.id }]);
  });

  it('while an e-mail waits for SMTP its row holds no body and the job holds it sealed under APP_SECRET, not in clear', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      const code = freshCode();

      const result = await sendSignInCodeEmail(ctx(), { to: freshAddress(), code, expiresInMinutes: 10 });
      await within(10_000, holding.arrived, 'the worker delivering the message');

      expect(await emailRow(result.id)).toMatchObject({ status: 'queued', html: null, text: null });
      expect(JSON.stringify(await emailRow(result.id))).not.toContain(code);
      const [payload] = await jobPayloadsOf(result.id);
      expect(payload).toEqual({ emailId: result.id, content: expect.stringMatching(/^v2\.[0-9a-f]{8}\./) });
      for (const jobRow of await jobRowsOf(result.id)) expect(jobRow).not.toContain(code);
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
    const email = await database.db.email.create({ data: { to, subject: 'Sealed elsewhere', kind: 'sign-in-code', status: 'queued' } });
    const content = seal(EMAIL_CONTENT_SEAL_PURPOSE, JSON.stringify({ html: '<p>x</p>', text: 'x' }), { current: 'another-instance-secret-of-32-characters', previous: [] });

    await enqueueJob('deliver-email', { emailId: email.id, content });

    const failed = await eventually(async () => {
      const current = await emailRow(email.id);
      return current.status === 'failed' ? current : undefined;
    }, 'the row is marked failed');
    expect(failed.error).toMatch(/cannot be opened.*key id/);
    expect(failed.attempts).toBe(0);
    await eventually(async () => ((await jobsOf(email.id))[0]?.state === 'completed' ? true : undefined), 'the job completed');
    expect(await jobsOf(email.id)).toEqual([expect.objectContaining({ state: 'completed', retryCount: 0 })]);
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(0);
  });

  it('without SMTP_URL, the e-mail is kept in the outbox with the code readable in its text, and no job is queued', async () => {
    configure({ smtpUrl: undefined });
    const to = freshAddress();
    const code = freshCode();
    const receivedBefore = smtp.messages.length;

    const result = await sendSignInCodeEmail(ctx(), { to, code, expiresInMinutes: 5 });

    expect(result.status).toBe('outbox');
    const row = await emailRow(result.id);
    expect(row).toMatchObject({ to, kind: 'sign-in-code', subject: 'Your sign-in code', status: 'outbox', sentAt: null, attempts: 0 });
    expect(codeIn(row.text!)).toBe(code);
    expect(row.text).toMatch(/ignore this e-mail/);
    expect(row.html).toContain(code);
    expect(await jobsOf(result.id)).toEqual([]);
    expect(smtp.messages).toHaveLength(receivedBefore);
  });

  it('sending returns before delivery: the row is still queued while the SMTP server is receiving the message', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });

      // The server holds every message until released: a send that waited for SMTP would never return.
      const result = await within(5_000, sendSignInCodeEmail(ctx(), { to: freshAddress(), code: freshCode(), expiresInMinutes: 10 }), 'sending the e-mail');

      expect(result.status).toBe('queued');
      expect((await emailRow(result.id)).status).toBe('queued');
      await within(10_000, holding.arrived, 'the worker delivering the message');
      expect(holding.accepted).toHaveLength(0);
      expect((await emailRow(result.id)).status).toBe('queued');

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

  it('a refused delivery is retried, counting attempts on the row, and after the last allowed attempt the row is failed with the reason', async () => {
    const refusing = await startRefusingSmtpServer();
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const errored = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      configure({ smtpUrl: refusing.url });
      const to = freshAddress();

      const result = await sendEmail(ctx(), anEmail(to, 'Undeliverable'));

      expect(result.status).toBe('queued');
      const failed = await eventually(async () => {
        const current = await emailRow(result.id);
        return current.status === 'failed' ? current : undefined;
      }, 'the row is marked failed after the last attempt');
      const allowedAttempts = DELIVER_EMAIL_RETRY_LIMIT + 1;
      expect(failed.attempts).toBe(allowedAttempts);
      expect(refusing.state.refusals).toBe(allowedAttempts);
      expect(failed.error).toMatch(/451 .*busy/);
      expect(failed.sentAt).toBeNull();
      expect(failed).toMatchObject({ html: null, text: null });
      // The last run ended the job itself (the row says failed); pg-boss did not fail it.
      // The row is written inside the last run; pg-boss marks the job completed right after it returns.
      await vi.waitFor(async () => expect(await jobsOf(result.id)).toEqual([expect.objectContaining({ state: 'completed', retryCount: DELIVER_EMAIL_RETRY_LIMIT })]), { timeout: 5_000, interval: 50 });
      // Failed for good: the sealed body left the job's data too.
      expect(await jobPayloadsOf(result.id)).toEqual([{ emailId: result.id }]);

      // Every attempt but the last was logged as one to retry, in order.
      const retried = warned.mock.calls.map(([fields]) => fields as unknown as { emailId: string; attempt: number });
      expect(retried).toEqual(Array.from({ length: DELIVER_EMAIL_RETRY_LIMIT }, (_, i) => expect.objectContaining({ emailId: result.id, attempt: i + 1 })));
      expect(errored).toHaveBeenCalledTimes(1);
      expect(errored).toHaveBeenCalledWith(expect.objectContaining({ emailId: result.id, attempt: allowedAttempts }), expect.any(String));
      // The server's reply quotes the address; no log line does.
      expect(JSON.stringify([...warned.mock.calls, ...errored.mock.calls])).not.toContain(to);
    } finally {
      await refusing.stop();
    }
  });

  it('the same e-mail enqueued twice is sent once', async () => {
    configure({ smtpUrl: smtp.url });
    const to = freshAddress();

    const result = await sendEmail(ctx(), anEmail(to));
    await enqueueJob('deliver-email', { emailId: result.id });

    const jobs = await eventually(async () => {
      const current = await jobsOf(result.id);
      return current.length === 2 && current.every((job) => job.state === 'completed') ? current : undefined;
    }, 'both jobs completed');
    expect(jobs).toHaveLength(2);
    expect((await emailRow(result.id)).status).toBe('sent');
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(1);

    // Redelivered later, after it was sent: still nothing more.
    await enqueueJob('deliver-email', { emailId: result.id });
    await eventually(async () => {
      const current = await jobsOf(result.id);
      return current.length === 3 && current.every((job) => job.state === 'completed') ? current : undefined;
    }, 'the third job completed');
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(1);
    expect((await emailRow(result.id)).attempts).toBe(1);
  });

  it('a run that finds the e-mail being delivered by another run skips it instead of sending it again', async () => {
    const holding = await startHoldingSmtpServer();
    try {
      configure({ smtpUrl: holding.url });
      // Recorded without a job: both runs below are this test's, none is the worker's.
      const email = await database.db.email.create({
        data: { to: freshAddress(), subject: 'Twice?', kind: 'sign-in-code', html: '<p>x</p>', text: 'x', status: 'queued' },
      });
      const run = { db: database.db, attempt: 1, lastAttempt: false };

      const first = deliverEmail({ emailId: email.id }, run);
      await within(10_000, holding.arrived, 'the first run delivering');
      // The first run is inside SMTP, holding the row: the second one overlaps it.
      await expect(within(5_000, deliverEmail({ emailId: email.id }, run), 'the second run')).resolves.toBe('skipped');
      expect(holding.accepted).toHaveLength(0);

      holding.release();
      await expect(first).resolves.toBe('sent');
      await expect(deliverEmail({ emailId: email.id }, run)).resolves.toBe('skipped');
      expect(holding.accepted).toHaveLength(1);
      // A row recorded with its body (before bodies left the table) sends it, then keeps none.
      expect(await emailRow(email.id)).toMatchObject({ status: 'sent', attempts: 1, html: null, text: null });
    } finally {
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
      expect(await jobsOf(result.id)).toEqual([expect.objectContaining({ state: 'completed' })]);
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

  it('an instance without a worker queues the e-mail and leaves it waiting; a worker started later delivers it', async () => {
    configure({ smtpUrl: smtp.url });
    await startFastJobQueue(false);
    const to = freshAddress();

    const result = await sendEmail(ctx(), anEmail(to));

    expect(result.status).toBe('queued');
    // (Other jobs of the registry have queues of their own.)
    expect((await jobQueueDepth())['deliver-email']).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await emailRow(result.id)).status).toBe('queued');
    expect(smtp.messages.filter((mail) => mail.to === to)).toHaveLength(0);

    await stopJobQueue();
    await startFastJobQueue(true);
    await smtp.waitForMail((mail) => mail.to === to);
    await eventually(async () => ((await emailRow(result.id)).status === 'sent' ? true : undefined), 'the row is marked sent');
    await eventually(async () => ((await jobQueueDepth())['deliver-email'] === 0 ? true : undefined), 'the queue is empty');
  });

  it('without a started job queue, enqueueing is refused with a clear error and a send records the e-mail as failed with the reason', async () => {
    await stopJobQueue();
    configure({ smtpUrl: smtp.url });
    vi.spyOn(logger, 'error').mockImplementation(() => {});

    await expect(enqueueJob('deliver-email', { emailId: crypto.randomUUID() })).rejects.toThrow(/job queue was never started/);
    const result = await sendEmail(ctx(), anEmail(freshAddress()));

    expect(result.status).toBe('failed');
    expect(await emailRow(result.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Not queued for delivery: .*never started/), sentAt: null });
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

// Last: it leaves a job waiting for its retry, minutes away.
describe('retry policy of the registry', () => {
  beforeAll(async () => {
    await startJobQueue({ databaseUrl: database.url, worker: true, jobs: JOBS, db: database.db });
  });
  afterAll(async () => {
    await stopJobQueue();
  });

  it('after a failed attempt the deliver-email job waits with exponential backoff from the base delay, up to the retry limit', async () => {
    configure({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    const result = await sendEmail(ctx(), anEmail(freshAddress()));

    const row = await eventually(async () => {
      const current = await emailRow(result.id);
      return current.attempts === 1 ? current : undefined;
    }, 'the first attempt recorded');
    expect(row.status).toBe('queued');
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    const [job] = await eventually(async () => {
      const jobs = await jobsOf(result.id);
      return jobs[0]?.state === 'retry' ? jobs : undefined;
    }, 'the job waiting for its retry');
    expect(job).toMatchObject({ retryLimit: DELIVER_EMAIL_RETRY_LIMIT, retryDelay: DELIVER_EMAIL_RETRY_DELAY_SECONDS, retryBackoff: true, retryCount: 0 });
    // pg-boss's backoff: the first retry waits between one and two base delays (with jitter).
    expect(job!.startsInSeconds).toBeGreaterThan(DELIVER_EMAIL_RETRY_DELAY_SECONDS - 5);
    expect(job!.startsInSeconds).toBeLessThanOrEqual(2 * DELIVER_EMAIL_RETRY_DELAY_SECONDS);
  });
});
