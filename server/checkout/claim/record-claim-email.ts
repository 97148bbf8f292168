import { createElement } from 'react';
import type { Tx } from '../../db';
import { formatEmailDate } from '../../mail/email-date';
import { recordEmail } from '../../mail/send-email';

export const CLAIM_EMAIL_KIND = 'claim-link';

/**
 * The claim e-mail (spec "Embedded checkout" rule 2), recorded in the transaction that opens the
 * claim (`db`), so an open claim never lacks its e-mail; the caller asks for its delivery after the
 * commit. At most 5 per address per hour across all sellers (limit `claimEmail`), decided here in
 * every mode (SMTP or the dev outbox) from the claim e-mails already recorded for the address, under
 * a lock per address held by this transaction (recordEmail): above that the checkout still succeeds
 * and the link is still returned; only the e-mail is recorded `withheld`, without a body, and never
 * delivered.
 */
export async function recordClaimEmail(
  db: Tx,
  input: { to: string; productName: string; offeringName: string; sellerName: string; claimUrl: string; expiresAt: Date },
): Promise<void> {
  const { ClaimLinkEmail } = await import('../../../emails/claim-link');
  await recordEmail(db, {
    to: input.to,
    kind: CLAIM_EMAIL_KIND,
    subject: `Accept your ${input.productName} license from ${input.sellerName}`,
    limit: 'claimEmail',
    template: createElement(ClaimLinkEmail, {
      productName: input.productName,
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      claimUrl: input.claimUrl,
      expiresOn: formatEmailDate(input.expiresAt),
    }),
  });
}
