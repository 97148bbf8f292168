import type { ReactElement } from 'react';
import type { Db } from '../db';
import { env } from '../env';
import { enqueueJob } from '../platform/jobs/job-queue';
import { logger } from '../platform/logging/logger';
import { sealEmailContent } from './email-content';

export interface SendEmailInput {
  to: string;
  /** What the e-mail is for (`sign-in-code`, `claim-link`, …), kept on the row for the outbox and look-ups. */
  kind: string;
  subject: string;
  template: ReactElement;
}

/**
 * `queued`: recorded and handed to the `deliver-email` job (the row becomes `sent` or `failed` later).
 * `outbox`: no SMTP_URL; the row is the delivery. `failed`: the job could not be queued (the row says why).
 */
export type SendEmailStatus = 'queued' | 'outbox' | 'failed';

export interface SendEmailResult {
  id: string;
  status: SendEmailStatus;
}

/**
 * Renders the template and records the e-mail. With SMTP_URL set the `deliver-email` job sends it
 * (with retries) and this returns at once: no request waits for SMTP. Without SMTP_URL it is kept in
 * the dev outbox. Nothing is thrown once the row exists: the caller's action (a sign-in, a
 * purchase) has already happened, and the row tells the operator what became of the e-mail.
 *
 * Secrets at rest (README "Security"): bodies carry sign-in codes and claim links. Only the dev
 * outbox (no SMTP_URL) keeps them on the row, since there the row is the delivery. With SMTP the row
 * keeps kind, recipient, subject (never a secret), status, attempts, error and times; the rendered
 * body travels in the job's data sealed under APP_SECRET (server/crypto/secret-box.ts), and the
 * job drops it once the e-mail is sent or failed.
 */
export async function sendEmail(ctx: { db: Db }, input: SendEmailInput): Promise<SendEmailResult> {
  // The renderer and the templates load at the first e-mail, not at start (they weigh ~40 MB resident).
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(input.template), render(input.template, { plainText: true })]);
  const smtpUrl = env().SMTP_URL;

  // Without SMTP the row is the delivery: it is written once, straight into the outbox.
  const email = await ctx.db.email.create({
    data: { to: input.to, subject: input.subject, kind: input.kind, status: smtpUrl ? 'queued' : 'outbox', ...(smtpUrl ? {} : { html, text }) },
    select: { id: true },
  });
  if (!smtpUrl) return { id: email.id, status: 'outbox' };

  try {
    await enqueueJob('deliver-email', { emailId: email.id, content: sealEmailContent({ html, text }) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The address stays out of the log; the row (by id) holds it for the operator.
    logger.error({ emailId: email.id, kind: input.kind, reason }, 'e-mail could not be queued for delivery; marked failed');
    await ctx.db.email.update({ where: { id: email.id }, data: { status: 'failed', error: `Not queued for delivery: ${reason}` } });
    return { id: email.id, status: 'failed' };
  }
  return { id: email.id, status: 'queued' };
}
