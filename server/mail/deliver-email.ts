import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { env } from '../env';
import type { JobContext } from '../platform/jobs/registry';
import { logger } from '../platform/logging/logger';

/** The `deliver-email` job's data: the recorded e-mail to send (its row holds everything else). */
export const deliverEmailData = z.object({ emailId: z.string().min(1) });
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
    transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transportsBySmtpUrl.set(smtpUrl, transport);
  }
  return transport;
}

interface LockedEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  status: string;
  attempts: number;
}

type Attempted =
  | { outcome: 'sent' }
  | { outcome: 'skipped' }
  | { outcome: 'retry'; reason: string; email: LockedEmail }
  | { outcome: 'failed'; reason: string; email: LockedEmail };

/**
 * The `deliver-email` job: sends a recorded e-mail over SMTP (the worker instance's SMTP_URL) and
 * marks it `sent`. A failure is recorded on the row (error, attempts) and thrown, so the queue
 * retries with backoff; on the last allowed attempt the row is marked `failed` instead and nothing
 * is thrown. Jobs are delivered at least once, so a run that finds the row no longer `queued`, or
 * locked by a run in progress, sends nothing: one message per row.
 */
export async function deliverEmail(data: DeliverEmailData, ctx: JobContext): Promise<DeliverEmailOutcome> {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = env();
  const attempted = await ctx.db.$transaction(
    async (tx): Promise<Attempted> => {
      const [email] = await tx.$queryRaw<LockedEmail[]>`
        select "id", "to", "subject", "html", "text", "kind", "status"::text as "status", "attempts"
        from "Email" where "id" = ${data.emailId}
        for update skip locked`;
      if (!email || email.status !== 'queued') return { outcome: 'skipped' };
      try {
        if (!smtpUrl) throw new Error('SMTP_URL is not set in the instance that runs the job worker');
        await transportFor(smtpUrl).sendMail({ from, to: email.to, subject: email.subject, html: email.html, text: email.text });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await tx.email.update({
          where: { id: email.id },
          data: { error: reason, attempts: { increment: 1 }, ...(ctx.lastAttempt ? { status: 'failed' as const } : {}) },
        });
        return { outcome: ctx.lastAttempt ? 'failed' : 'retry', reason, email };
      }
      await tx.email.update({ where: { id: email.id }, data: { status: 'sent', sentAt: new Date(), error: null, attempts: { increment: 1 } } });
      return { outcome: 'sent' };
    },
    { timeout: DELIVERY_TRANSACTION_TIMEOUT_MS, maxWait: DELIVERY_TRANSACTION_MAX_WAIT_MS },
  );

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

function withoutAddress(text: string, address: string): string {
  if (!address) return text;
  return text.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '<recipient>');
}
