import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { env } from '../env';
import { defineJob, type JobContext } from '../platform/jobs/job-definition';
import { defineSealedValues } from '../crypto/reseal-secrets';
import { SecretBoxError } from '../crypto/secret-box';
import { logger } from '../platform/logging/logger';
import { requireOnDemand } from '../platform/require-on-demand';
import { EMAIL_CONTENT_SEAL_PURPOSE, openEmailContent, type EmailContent } from './email-content';

/**
 * The `deliver-email` job's data: the recorded e-mail to send (its row holds recipient, subject and
 * kind) and its rendered body sealed under APP_SECRET (email-content.ts). The body is never on the
 * row of an e-mail sent over SMTP; rows recorded with their body (before it moved here) still send.
 */
export const deliverEmailData = z.object({ emailId: z.string().min(1), content: z.string().min(1).optional() });
export type DeliverEmailData = z.infer<typeof deliverEmailData>;

/** `skipped`: the row is gone, no longer queued, or being delivered by another run right now. */
export type DeliverEmailOutcome = 'sent' | 'failed' | 'skipped';

/** A delivery that failed and will be tried again; thrown so that the job queue retries it. */
export class EmailDeliveryError extends Error {
  override name = 'EmailDeliveryError';
}

// The row stays locked while SMTP talks; this bounds that, well beyond nodemailer's own timeouts
// and well within the job's expiry (registry), so a run never outlives its job.
const DELIVERY_TRANSACTION_TIMEOUT_MS = 3 * 60_000;
const DELIVERY_TRANSACTION_MAX_WAIT_MS = 10_000;

// One transport per SMTP URL for the life of the process; keyed by URL so a changed
// configuration (tests switch it) gets its own transport instead of a stale one.
const transportsBySmtpUrl = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transportsBySmtpUrl.get(smtpUrl);
  if (!transport) {
    // Bounded waits: a silent server must turn into a failed attempt, not a worker stuck for minutes.
    const { createTransport } = requireOnDemand<typeof import('nodemailer')>('nodemailer');
    transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transportsBySmtpUrl.set(smtpUrl, transport);
  }
  return transport;
}

interface LockedEmail {
  id: string;
  to: string;
  subject: string;
  html: string | null;
  text: string | null;
  kind: string;
  status: string;
  attempts: number;
}

type Attempted =
  | { outcome: 'sent' }
  | { outcome: 'skipped'; final: boolean }
  | { outcome: 'retry'; reason: string; email: LockedEmail }
  | { outcome: 'failed'; reason: string; email: LockedEmail };

/** The body to send: from the job's sealed content, else from a row recorded with its body. */
function contentOf(data: DeliverEmailData, email: LockedEmail): EmailContent | { unusable: string } {
  if (data.content) {
    try {
      return openEmailContent(data.content);
    } catch (error) {
      // Retrying cannot repair it: the secret it was sealed under is gone (APP_SECRET changed without APP_SECRET_PREVIOUS).
      const reason = error instanceof SecretBoxError ? error.message : 'malformed content';
      return { unusable: `The queued body cannot be opened: ${reason}` };
    }
  }
  if (email.html !== null && email.text !== null) return { html: email.html, text: email.text };
  return { unusable: 'The e-mail has no body to deliver.' };
}

/**
 * The `deliver-email` job: sends a recorded e-mail over SMTP (the worker instance's SMTP_URL) and
 * marks it `sent`. A failure is recorded on the row (error, attempts) and thrown, so the queue
 * retries with backoff; on the last allowed attempt the row is marked `failed` instead and nothing
 * is thrown. Jobs are delivered at least once, so a run that finds the row no longer `queued`, or
 * locked by a run in progress, sends nothing: one message per row. Once the e-mail is sent or
 * failed, no copy of its body is left: none on the row, and the sealed one leaves the job's data.
 */
export async function deliverEmail(data: DeliverEmailData, ctx: JobContext): Promise<DeliverEmailOutcome> {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = env();
  const attempted = await ctx.db.$transaction(
    async (tx): Promise<Attempted> => {
      const [email] = await tx.$queryRaw<LockedEmail[]>`
        select "id", "to", "subject", "html", "text", "kind", "status"::text as "status", "attempts"
        from "Email" where "id" = ${data.emailId}
        for update skip locked`;
      // Gone, or locked by a run in progress (which will finish it): nothing to do here.
      if (!email) return { outcome: 'skipped', final: false };
      if (email.status !== 'queued') return { outcome: 'skipped', final: true };
      const finished = { html: null, text: null };
      const content = contentOf(data, email);
      // A copy of the job without the body (enqueued again) that runs first leaves the e-mail to the
      // job that carries it, if one is still to run; only a body lost everywhere fails the e-mail.
      if ('unusable' in content && !data.content && (await bodyAwaitsInAnotherJob(tx, email.id))) return { outcome: 'skipped', final: false };
      if ('unusable' in content) {
        await tx.email.update({ where: { id: email.id }, data: { status: 'failed', error: content.unusable, ...finished } });
        return { outcome: 'failed', reason: content.unusable, email };
      }
      try {
        if (!smtpUrl) throw new Error('SMTP_URL is not set in the instance that runs the job worker');
        await transportFor(smtpUrl).sendMail({ from, to: email.to, subject: email.subject, html: content.html, text: content.text });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await tx.email.update({
          where: { id: email.id },
          data: { error: reason, attempts: { increment: 1 }, ...(ctx.lastAttempt ? { status: 'failed' as const, ...finished } : {}) },
        });
        return { outcome: ctx.lastAttempt ? 'failed' : 'retry', reason, email };
      }
      await tx.email.update({ where: { id: email.id }, data: { status: 'sent', sentAt: new Date(), error: null, attempts: { increment: 1 }, ...finished } });
      return { outcome: 'sent' };
    },
    { timeout: DELIVERY_TRANSACTION_TIMEOUT_MS, maxWait: DELIVERY_TRANSACTION_MAX_WAIT_MS },
  );

  if (attempted.outcome !== 'retry' && (attempted.outcome !== 'skipped' || attempted.final)) await dropSealedContent(ctx, data.emailId);
  if (attempted.outcome === 'sent' || attempted.outcome === 'skipped') return attempted.outcome;
  // The address stays out of the log (an SMTP reply often quotes it); the row, by id, holds it.
  const { email } = attempted;
  const reason = withoutAddress(attempted.reason, email.to);
  const fields = { emailId: email.id, kind: email.kind, attempt: ctx.attempt, reason };
  if (attempted.outcome === 'failed') {
    logger.error(fields, 'e-mail could not be delivered; no attempt is left, so it is marked failed');
    return 'failed';
  }
  logger.warn(fields, 'e-mail delivery failed; it will be retried');
  throw new EmailDeliveryError(`E-mail ${email.id} not delivered (attempt ${ctx.attempt}): ${reason}`);
}

/** Whether a deliver-email job that still has to run carries this e-mail's sealed body. */
async function bodyAwaitsInAnotherJob(tx: Pick<JobContext['db'], '$queryRaw'>, emailId: string): Promise<boolean> {
  const [found] = await tx.$queryRaw<{ found: boolean }[]>`
    select exists (
      select 1 from pgboss.job
      where name = 'deliver-email' and state in ('created', 'retry', 'active')
        and data->'payload'->>'emailId' = ${emailId} and data #> '{payload,content}' is not null
    ) as "found"`;
  return found?.found === true;
}

/**
 * pg-boss keeps completed jobs, with their data, for days (archived after 12 hours, deleted after
 * 7 days): once the e-mail is sent or failed, its sealed body leaves the data of every job that
 * delivers it. Best effort: what stays is sealed under APP_SECRET anyway.
 */
async function dropSealedContent(ctx: JobContext, emailId: string): Promise<void> {
  try {
    await ctx.db.$executeRaw`
      update pgboss.job set data = jsonb_set(data, '{payload}', (data->'payload') - 'content')
      where name = 'deliver-email' and data->'payload'->>'emailId' = ${emailId} and data #> '{payload,content}' is not null`;
  } catch (error) {
    logger.warn({ emailId, err: error }, 'deliver-email: the sealed body could not be dropped from the job data (it stays sealed)');
  }
}

function withoutAddress(text: string, address: string): string {
  if (!address) return text;
  return text.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '<recipient>');
}

/** Retries after the first failed delivery: 7 attempts in all. */
export const DELIVER_EMAIL_RETRY_LIMIT = 6;
/**
 * Base delay before the first retry, in seconds. With backoff the n-th retry waits between
 * base·2^(n-1) and base·2^n: 30-60 s, 1-2 min, 2-4 min, … about 32-64 minutes in all before the
 * e-mail is marked failed, enough to ride out an SMTP server's restart or a short outage.
 */
export const DELIVER_EMAIL_RETRY_DELAY_SECONDS = 30;

/** Sends one recorded e-mail (status `queued`) over SMTP. */
export const deliverEmailJob = defineJob({
  data: deliverEmailData,
  handle: deliverEmail,
  retry: { retryLimit: DELIVER_EMAIL_RETRY_LIMIT, retryDelay: DELIVER_EMAIL_RETRY_DELAY_SECONDS, retryBackoff: true },
  // Far beyond nodemailer's bounded timeouts and the delivery's own transaction bound (3 min).
  expireInSeconds: 10 * 60,
  concurrency: 4,
});

/** Bodies of e-mails waiting in deliver-email jobs (dropped once sent or failed), for re-sealing under a new APP_SECRET. */
export const sealedQueuedEmails = defineSealedValues({
  name: 'queuedEmails',
  label: 'queued e-mails',
  purpose: EMAIL_CONTENT_SEAL_PURPOSE,
  page: (db, after, limit) => db.$queryRaw<{ id: string; sealed: string }[]>`
    select id::text as "id", data #>> '{payload,content}' as "sealed"
    from pgboss.job
    where name = 'deliver-email' and data #> '{payload,content}' is not null and (${after ?? null}::uuid is null or id > ${after ?? null}::uuid)
    order by id limit ${limit}`,
  replace: (db, value, next) => db.$executeRaw`
    update pgboss.job set data = jsonb_set(data, '{payload,content}', to_jsonb(${next}::text))
    where name = 'deliver-email' and id = ${value.id}::uuid and data #>> '{payload,content}' = ${value.sealed}`,
});
