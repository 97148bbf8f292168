import type { ReactElement } from 'react';
import type { Db } from '../db';
import { env } from '../env';
import type { LimitName } from '../platform/limits/limit-table';
import { requestEmailDelivery } from './deliver-email';
import { sealEmailContent } from './email-content';

export interface SendEmailInput {
  to: string;
  /** What the e-mail is for (`sign-in-code`, `claim-link`, …), kept on the row for the outbox and look-ups. */
  kind: string;
  subject: string;
  template: ReactElement;
  /**
   * A limit counted per recipient when the e-mail is first sent (claim links: `claimEmail`);
   * refused, the e-mail is `withheld`. In the dev outbox nothing is sent, so nothing is limited.
   */
  limit?: LimitName;
}

/**
 * `queued`: recorded, waiting for the `deliver-email` job (the row becomes `sent` or `failed` later).
 * `outbox`: no SMTP_URL; the row is the delivery.
 */
export type SendEmailStatus = 'queued' | 'outbox';

export interface SendEmailResult {
  id: string;
  status: SendEmailStatus;
}

/**
 * Renders the template and records the e-mail, in the caller's transaction when `db` is one: the
 * e-mail commits with the change it tells of (a settled checkout), or not at all. With SMTP_URL set
 * the row waits for the `deliver-email` job (README "E-mail"); call requestEmailDelivery after the
 * commit so it goes at once. Without SMTP_URL it is kept in the dev outbox.
 *
 * Secrets at rest (README "Security"): bodies carry sign-in codes and claim links. Only the dev
 * outbox (no SMTP_URL) keeps them in the clear, since there the row is the delivery. With SMTP the
 * row keeps the body sealed under APP_SECRET (server/crypto/secret-box.ts) until it is sent or
 * failed, then drops it; kind, recipient, subject (never a secret), status and attempts stay.
 */
export async function recordEmail(db: Db, input: SendEmailInput): Promise<SendEmailResult> {
  // The renderer and the templates load at the first e-mail, not at start (they weigh ~40 MB resident).
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(input.template), render(input.template, { plainText: true })]);
  const smtp = Boolean(env().SMTP_URL);
  const email = await db.email.create({
    data: {
      to: input.to,
      subject: input.subject,
      kind: input.kind,
      ...(smtp ? { status: 'queued', content: sealEmailContent({ html, text }), limitName: input.limit ?? null } : { status: 'outbox', html, text }),
    },
    select: { id: true },
  });
  return { id: email.id, status: smtp ? 'queued' : 'outbox' };
}

/** Records the e-mail on its own and asks for its delivery at once (no request waits for SMTP). */
export async function sendEmail(ctx: { db: Db }, input: SendEmailInput): Promise<SendEmailResult> {
  const recorded = await recordEmail(ctx.db, input);
  if (recorded.status === 'queued') await requestEmailDelivery();
  return recorded;
}
