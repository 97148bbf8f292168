import type { ReactElement } from 'react';
import { withinTransaction, type Db, type Tx } from '../db';
import { env } from '../env';
import { limitRule, type LimitName } from '../platform/limits/limits';
import { logger } from '../platform/logging/logger';
import { recordRateLimitRefusal } from '../platform/metrics/metrics';
import { requestEmailDelivery } from './deliver-email';
import { sealEmailContent } from './email-content';

export interface SendEmailInput {
  to: string;
  /** What the e-mail is for (`sign-in-code`, `claim-link`, …), kept on the row for the outbox and look-ups. */
  kind: string;
  subject: string;
  template: ReactElement;
  /**
   * A limit of the limit table per recipient address (claim links: `claimEmail`), decided when the
   * e-mail is recorded, in every mode: counted from the e-mails already recorded under the limit for
   * the address. Over it, the e-mail is recorded `withheld`, without a body, and never delivered.
   */
  limit?: LimitName;
}

/**
 * `queued`: recorded, waiting for the `deliver-email` job (the row becomes `sent` or `failed` later).
 * `outbox`: no SMTP_URL; the row is the delivery.
 * `withheld`: the address reached the e-mail's limit; recorded without a body, never delivered.
 */
type SendEmailStatus = 'queued' | 'outbox' | 'withheld';

export interface SendEmailResult {
  id: string;
  status: SendEmailStatus;
}

interface RenderedEmail {
  to: string;
  kind: string;
  subject: string;
  delivery: { status: 'queued'; content: string } | { status: 'outbox'; html: string; text: string };
}

/**
 * Renders the template and records the e-mail, in the caller's transaction when `db` is one: the
 * e-mail commits with the change it tells of (a settled checkout), or not at all. With SMTP_URL set
 * the row waits for the `deliver-email` job (docs/buyers-and-sellers.md "E-mail"); call requestEmailDelivery after the
 * commit so it goes at once (only a `queued` one goes). Without SMTP_URL it is kept in the dev outbox.
 *
 * A limited e-mail (`input.limit`) is decided here, the same way in both modes (see recordLimited).
 *
 * Secrets at rest (docs/security.md): bodies carry sign-in codes and claim links. Only the dev
 * outbox (no SMTP_URL) keeps them in the clear, since there the row is the delivery. With SMTP the
 * row keeps the body sealed under APP_SECRET (server/crypto/secret-box.ts) until it is sent or
 * failed, then drops it; kind, recipient, subject (never a secret), status and attempts stay.
 */
export async function recordEmail(db: Tx, input: SendEmailInput): Promise<SendEmailResult> {
  // The renderer and the templates load at the first e-mail, not at start (they weigh ~40 MB resident).
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(input.template), render(input.template, { plainText: true })]);
  const email: RenderedEmail = {
    to: input.to,
    kind: input.kind,
    subject: input.subject,
    delivery: env().SMTP_URL ? { status: 'queued', content: sealEmailContent({ html, text }) } : { status: 'outbox', html, text },
  };
  const limit = input.limit;
  if (!limit) {
    const row = await db.email.create({ data: { to: email.to, subject: email.subject, kind: email.kind, ...email.delivery }, select: { id: true } });
    return { id: row.id, status: email.delivery.status };
  }
  // The lock below lasts until the transaction ends: inside the caller's, else in one of its own.
  return withinTransaction(db, (tx) => recordLimited(tx, limit, email));
}

/**
 * A limited e-mail, inside a transaction: recorded as usual while the address is within the limit,
 * else `withheld` (no body kept, in either mode, and nothing to deliver). The count is of the e-mails
 * recorded under the limit for the address within the limit's window that were not withheld, taken
 * under a transaction-scoped advisory lock per limit and address: concurrent e-mails to one address
 * (on any instance) are counted one after the other, each seeing the ones committed before it. No
 * limiter store (memory or Redis) is asked, so the limit holds in the dev outbox mode as with SMTP,
 * across instances and without Redis. The address is kept lower-cased, so its spellings count as one
 * and the count runs on the (to, kind, createdAt) index.
 */
async function recordLimited(tx: Tx, limit: LimitName, email: RenderedEmail): Promise<SendEmailResult> {
  const to = email.to.trim().toLowerCase();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email-limit:${limit}:${to}`}, 0))`;
  const { points, durationSeconds } = limitRule(limit);
  const now = new Date();
  const recorded = await tx.email.count({
    where: { to, kind: email.kind, limitName: limit, createdAt: { gt: new Date(now.getTime() - durationSeconds * 1000) }, status: { not: 'withheld' } },
  });
  const base = { to, subject: email.subject, kind: email.kind, limitName: limit, createdAt: now };
  if (recorded < points) {
    const row = await tx.email.create({ data: { ...base, ...email.delivery }, select: { id: true } });
    return { id: row.id, status: email.delivery.status };
  }
  const row = await tx.email.create({
    data: { ...base, status: 'withheld', error: `Withheld: the ${limit} limit of this address is reached.`, content: null, html: null, text: null },
    select: { id: true },
  });
  recordRateLimitRefusal(limit);
  logger.info({ emailId: row.id, kind: email.kind, limit }, 'e-mail withheld: the address reached its limit');
  return { id: row.id, status: 'withheld' };
}

/** Records the e-mail on its own and asks for its delivery at once (no request waits for SMTP). */
export async function sendEmail(ctx: { db: Db }, input: SendEmailInput): Promise<SendEmailResult> {
  const recorded = await recordEmail(ctx.db, input);
  if (recorded.status === 'queued') await requestEmailDelivery();
  return recorded;
}
