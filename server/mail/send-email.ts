import { render } from '@react-email/render';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ReactElement } from 'react';
import type { EmailStatus } from '@/generated/prisma/enums';
import type { Db } from '../db';
import { env } from '../env';

export interface SendEmailInput {
  to: string;
  /** What the e-mail is for (`sign-in-code`, `claim-link`, …), kept on the row for the outbox and look-ups. */
  kind: string;
  subject: string;
  template: ReactElement;
}

export type SendEmailStatus = 'sent' | 'outbox' | 'failed';

export interface SendEmailResult {
  id: string;
  status: SendEmailStatus;
}

// One transport per SMTP URL for the life of the process; keyed by URL so a changed
// configuration (tests switch it) gets its own transport instead of a stale one.
const transportsBySmtpUrl = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transportsBySmtpUrl.get(smtpUrl);
  if (!transport) {
    // Bounded waits: a silent server must turn into a `failed` row, not a request hanging for minutes.
    transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transportsBySmtpUrl.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Renders the template, records the e-mail, then delivers it over SMTP when SMTP_URL is set or
 * keeps it in the dev outbox otherwise. A delivery failure is recorded on the row and logged,
 * never thrown: the caller's action (a sign-in, a claim) has already happened.
 */
export async function sendEmail(ctx: { db: Db }, input: SendEmailInput): Promise<SendEmailResult> {
  const [html, text] = await Promise.all([render(input.template), render(input.template, { plainText: true })]);
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = env();

  // Without SMTP the row is the delivery: it is written once, straight into the outbox.
  const initialStatus: EmailStatus = smtpUrl ? 'queued' : 'outbox';
  const email = await ctx.db.email.create({
    data: { to: input.to, subject: input.subject, kind: input.kind, html, text, status: initialStatus },
    select: { id: true },
  });
  if (!smtpUrl) return { id: email.id, status: 'outbox' };

  try {
    await transportFor(smtpUrl).sendMail({ from, to: input.to, subject: input.subject, html, text });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The address stays out of the log; the row (by id) holds it for the operator.
    console.error(`E-mail ${email.id} (${input.kind}) could not be delivered: ${reason}`);
    await ctx.db.email.update({ where: { id: email.id }, data: { status: 'failed', error: reason } });
    return { id: email.id, status: 'failed' };
  }
  await ctx.db.email.update({ where: { id: email.id }, data: { status: 'sent', sentAt: new Date() } });
  return { id: email.id, status: 'sent' };
}
