import { createElement } from 'react';
import type { SellerRole } from '@/generated/prisma/client';
import type { Tx } from '../db';
import { formatEmailDate } from './email-date';
import { recordEmail, type SendEmailResult } from './send-email';

const SELLER_INVITATION_EMAIL_KIND = 'seller-invitation';

/** The invitation e-mail, recorded in the transaction that opens (or resends) the invitation; delivered after the commit. */
export async function recordSellerInvitationEmail(
  db: Tx,
  input: { to: string; storeName: string; role: SellerRole; invitedBy: string; invitationUrl: string; expiresAt: Date },
): Promise<SendEmailResult> {
  const { SellerInvitationEmail } = await import('../../emails/seller-invitation');
  return recordEmail(db, {
    to: input.to,
    kind: SELLER_INVITATION_EMAIL_KIND,
    subject: `${input.invitedBy} invited you to ${input.storeName} as ${input.role}`,
    limit: 'invitationEmail',
    template: createElement(SellerInvitationEmail, {
      storeName: input.storeName,
      role: input.role,
      invitedBy: input.invitedBy,
      invitationUrl: input.invitationUrl,
      expiresOn: formatEmailDate(input.expiresAt),
    }),
  });
}
