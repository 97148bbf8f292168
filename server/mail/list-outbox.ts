import type { EmailStatus } from '@/generated/prisma/enums';
import type { Db } from '../db';

export type RecordedEmailStatus = EmailStatus;

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: RecordedEmailStatus;
  /** Why it was not delivered: the last error of a `failed` (or retried) e-mail, the limit reached of a `withheld` one. */
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** The rendered bodies: kept only in dev-outbox mode (no SMTP_URL); null for e-mails delivered over SMTP and for `withheld` ones (in every mode). */
  text: string | null;
  html: string | null;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** The newest recorded e-mails of every status, newest first, for the operator's dev outbox. */
export async function listOutbox(ctx: { db: Db }, input: { limit: number }): Promise<OutboxEmail[]> {
  const take = Number.isFinite(input.limit) ? Math.min(Math.max(Math.trunc(input.limit), 1), MAX_LIMIT) : DEFAULT_LIMIT;
  return ctx.db.email.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      to: true,
      subject: true,
      kind: true,
      status: true,
      error: true,
      createdAt: true,
      sentAt: true,
      text: true,
      html: true,
    },
  });
}
