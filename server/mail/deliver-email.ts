import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db';
import { env } from '../env';
import { defineSealedValues } from '../crypto/reseal-secrets';
import { SecretBoxError } from '../crypto/secret-box';
import { backoffSeconds, type Backoff } from '../platform/backoff';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { enqueueJob } from '../platform/jobs/job-queue';
import { logger } from '../platform/logging/logger';
import { requireOnDemand } from '../platform/require-on-demand';
import { EMAIL_CONTENT_SEAL_PURPOSE, openEmailContent, type EmailContent } from './email-content';

// Delivery of recorded e-mails (docs/buyers-and-sellers.md "E-mail"). The Email row is the outbox: recorded (with its
// body sealed) in the transaction of what it tells of, then sent by the `deliver-email` job, which
// runs at once when asked after a commit and every minute for whatever is left. SMTP never runs
// inside a transaction or under a row lock: an e-mail is claimed in one statement that pushes its
// next attempt ahead by a lease longer than any SMTP conversation, then sent, then marked sent.
// - Accepted by SMTP, then the database fails: marking it sent is retried, the send is not.
// - The process dies mid-send: the e-mail is sent again once its lease lapses, with the same
//   Message-ID (derived from the row), so receivers can tell it is the same message.
// - Refused or unreachable: retried with backoff (30 s doubling), failed after the last attempt.

/** Attempts in all before an e-mail is failed: about 32 minutes of backoff, enough to ride out an SMTP server's restart. */
export const DELIVER_EMAIL_MAX_ATTEMPTS = 7;
/** 30 s before the second attempt, doubling for each attempt after (the last wait, after attempt 6, is 16 minutes). */
export const EMAIL_DELIVERY_BACKOFF: Backoff = { firstSeconds: 30, maxSeconds: 30 * 2 ** (DELIVER_EMAIL_MAX_ATTEMPTS - 2) };
/** How long a claimed e-mail is left to its sender: longer than the SMTP timeouts below allow a send to take (40 s). */
export const DELIVERY_LEASE_SECONDS = 45;
/** E-mails sent at the same time by one worker. */
const PARALLEL_SENDS = 4;
/** E-mails one run sends at most; the next run goes on. */
const SENDS_PER_RUN = 1000;
/**
 * How long marking a sent e-mail as sent is retried through a database outage (100 ms, doubling, at
 * most every 2 s): when the database is back this process records it within 2 s, long before
 * another run could claim it again (they run at most once a minute, or at the lease's end).
 */
const BOOKKEEPING_RETRY_MS = 5 * 60_000;
const BOOKKEEPING_BACKOFF: Backoff = { firstSeconds: 0.1, maxSeconds: 2 };

export type DeliverEmailOutcome = 'sent' | 'retry' | 'failed';

// One transport per SMTP URL for the life of the process; keyed by URL so a changed
// configuration (tests switch it) gets its own transport instead of a stale one.
const transportsBySmtpUrl = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transportsBySmtpUrl.get(smtpUrl);
  if (!transport) {
    // Bounded waits (40 s in all, within the lease): a silent server turns into a failed attempt, not a stuck worker.
    const { createTransport } = requireOnDemand<typeof import('nodemailer')>('nodemailer');
    transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transportsBySmtpUrl.set(smtpUrl, transport);
  }
  return transport;
}

/** The Message-ID of an e-mail: the same for every attempt, so a resend after a crash is recognisably the same message. */
export function messageIdOf(emailId: string): string {
  return `<${emailId}@${new URL(env().publicBaseUrl).hostname}>`;
}

interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  content: string | null;
  html: string | null;
  text: string | null;
  attempts: number;
}

/** Claims up to `limit` due e-mails in one statement (SKIP LOCKED: senders never wait on each other). */
async function claimDueEmails(db: Db, now: Date, limit: number): Promise<ClaimedEmail[]> {
  return db.$queryRaw<ClaimedEmail[]>`
    WITH due AS (
      SELECT "id" FROM "Email"
      WHERE "status" = 'queued' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE "Email" e
       SET "attempts" = e."attempts" + 1,
           "nextAttemptAt" = CAST(${now} AS timestamp(3)) + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
      FROM due WHERE e."id" = due."id"
    RETURNING e."id", e."to", e."subject", e."kind", e."content", e."html", e."text", e."attempts"`;
}

/** The body to send: the sealed one, else (rows recorded before bodies were sealed) the one in the clear. */
function contentOf(email: ClaimedEmail): EmailContent | { unusable: string } {
  if (email.content) {
    try {
      return openEmailContent(email.content);
    } catch (error) {
      // Retrying cannot repair it: the secret it was sealed under is gone (APP_SECRET changed without APP_SECRET_PREVIOUS).
      const reason = error instanceof SecretBoxError ? error.message : 'malformed content';
      return { unusable: `The queued body cannot be opened: ${reason}` };
    }
  }
  if (email.html !== null && email.text !== null) return { html: email.html, text: email.text };
  return { unusable: 'The e-mail has no body to deliver.' };
}

const FINISHED = { content: null, html: null, text: null };

/**
 * Marks a sent e-mail, retrying through a database blip: the message is out, only the bookkeeping is
 * repeated. A row that is gone (its recipient was erased while the message was on its way) has
 * nothing left to mark: that is no failure to retry, and the run goes on at once.
 */
async function markSent(db: Db, emailId: string, now: Date): Promise<void> {
  const giveUpAt = Date.now() + BOOKKEEPING_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.email.updateMany({ where: { id: emailId }, data: { status: 'sent', sentAt: now, error: null, ...FINISHED } });
      return;
    } catch (error) {
      if (Date.now() >= giveUpAt) {
        // Left queued: after its lease it is sent again, with the same Message-ID.
        logger.error({ err: error, emailId }, 'e-mail sent, but the database would not record it; it may go again (same Message-ID) after its lease');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoffSeconds(BOOKKEEPING_BACKOFF, attempt) * 1000));
    }
  }
}

/**
 * One claimed e-mail: sent, or its failure recorded (and retried later, or failed for good). A limit
 * (claim e-mails) was decided when the e-mail was recorded (send-email.ts): a queued one may go.
 */
async function deliverOne(db: Db, email: ClaimedEmail, now: () => Date): Promise<DeliverEmailOutcome> {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = env();
  const content = contentOf(email);
  if ('unusable' in content) {
    await db.email.updateMany({ where: { id: email.id }, data: { status: 'failed', error: content.unusable, ...FINISHED } });
    logger.error({ emailId: email.id, kind: email.kind, reason: content.unusable }, 'e-mail cannot be delivered; marked failed');
    return 'failed';
  }
  try {
    if (!smtpUrl) throw new Error('SMTP_URL is not set in the instance that runs the job worker');
    await transportFor(smtpUrl).sendMail({ from, to: email.to, subject: email.subject, html: content.html, text: content.text, messageId: messageIdOf(email.id) });
  } catch (error) {
    const last = email.attempts >= DELIVER_EMAIL_MAX_ATTEMPTS;
    // The address stays out of the log and the row (an SMTP reply often quotes it); the row, by id, holds it.
    const reason = withoutAddress(error instanceof Error ? error.message : String(error), email.to);
    const retryAt = new Date(now().getTime() + backoffSeconds(EMAIL_DELIVERY_BACKOFF, email.attempts) * 1000);
    await db.email.updateMany({ where: { id: email.id }, data: { error: reason, ...(last ? { status: 'failed', ...FINISHED } : { nextAttemptAt: retryAt }) } });
    const fields = { emailId: email.id, kind: email.kind, attempt: email.attempts, reason };
    if (last) logger.error(fields, 'e-mail could not be delivered; no attempt is left, so it is marked failed');
    else logger.warn(fields, 'e-mail delivery failed; it will be retried');
    return last ? 'failed' : 'retry';
  }
  await markSent(db, email.id, now());
  return 'sent';
}

/** Sends every due e-mail, a few at a time; returns what became of them. */
export async function deliverDueEmails(ctx: { db: Db; now?: () => Date }): Promise<Record<DeliverEmailOutcome, number>> {
  const now = ctx.now ?? (() => new Date());
  const outcomes: Record<DeliverEmailOutcome, number> = { sent: 0, retry: 0, failed: 0 };
  for (let handled = 0; handled < SENDS_PER_RUN; ) {
    const claimed = await claimDueEmails(ctx.db, now(), PARALLEL_SENDS);
    if (claimed.length === 0) break;
    handled += claimed.length;
    for (const outcome of await Promise.all(claimed.map((email) => deliverOne(ctx.db, email, now)))) outcomes[outcome]++;
  }
  await followUpAtNextDue(ctx.db, now());
  return outcomes;
}

/**
 * What waits for a lease or a backoff to pass within the next minute gets a run at that moment
 * (one such run waits at a time), rather than at the next minute's: a retry comes when its backoff
 * ends, and an e-mail whose sender died mid-send goes again as its lease lapses.
 */
async function followUpAtNextDue(db: Db, now: Date): Promise<void> {
  const next = await db.email.findFirst({ where: { status: 'queued', nextAttemptAt: { gt: now, lte: new Date(now.getTime() + 60_000) } }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true } });
  if (!next) return;
  try {
    await enqueueJob('deliver-email', {}, { startAfter: next.nextAttemptAt, singletonKey: 'deliver-email-follow-up' });
  } catch (error) {
    logger.warn({ err: error }, 'e-mail: could not plan the next delivery run; the minute\'s run takes it');
  }
}

/**
 * After the commit of a recorded e-mail: the job runs now rather than at its next minute. A failure
 * here loses nothing (the e-mail is recorded; the minute's run sends it).
 */
export async function requestEmailDelivery(): Promise<void> {
  try {
    await enqueueJob('deliver-email', {});
  } catch (error) {
    logger.warn({ err: error }, 'e-mail: could not start the delivery job now; its next scheduled run sends it');
  }
}

function withoutAddress(text: string, address: string): string {
  if (!address) return text;
  return text.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '<recipient>');
}

// Jobs queued by earlier versions carry { emailId, content }: they run this sweep too (their
// bodies were moved to the rows by the migration that made the rows the outbox).
export const deliverEmailData = z.object({ emailId: z.string().optional(), content: z.string().optional() });

/** Every minute, and at once after an e-mail is recorded: the e-mails that are due. */
export const deliverEmailJob = defineScheduledSweep({
  data: deliverEmailData,
  cron: '* * * * *',
  expireInSeconds: 15 * 60,
  run: (ctx) => deliverDueEmails(ctx),
});

/** Bodies of e-mails waiting for SMTP (dropped once sent or failed), for re-sealing under a new APP_SECRET. */
export const sealedQueuedEmails = defineSealedValues({
  name: 'queuedEmails',
  label: 'queued e-mails',
  purpose: EMAIL_CONTENT_SEAL_PURPOSE,
  page: async (db, after, limit) =>
    (await db.email.findMany({ where: { content: { not: null }, ...(after ? { id: { gt: after } } : {}) }, select: { id: true, content: true }, orderBy: { id: 'asc' }, take: limit })).map((email) => ({
      id: email.id,
      sealed: email.content!,
    })),
  replace: async (db, value, next) => (await db.email.updateMany({ where: { id: value.id, content: value.sealed }, data: { content: next } })).count,
});
