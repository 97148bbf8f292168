import { createElement } from 'react';
import type { Db } from '../../db';
import { tryConsumeLimit } from '../../platform/limits/limits';
import { logger } from '../../platform/logging/logger';
import { sendEmail } from '../../mail/send-email';

export const CLAIM_EMAIL_KIND = 'claim-link';

export type ClaimEmailOutcome = 'sent' | 'withheld';

/**
 * The claim e-mail (spec "Embedded checkout" rule 2), through the job queue. At most 5 per address
 * per hour across all sellers (limit `claimEmail`): above that the checkout still succeeds and the
 * link is still returned; only the e-mail is withheld.
 */
export async function sendClaimEmail(
  ctx: { db: Db },
  input: { to: string; productName: string; offeringName: string; sellerName: string; claimUrl: string; expiresAt: Date },
): Promise<ClaimEmailOutcome> {
  const allowance = await tryConsumeLimit('claimEmail', input.to);
  if (!allowance.allowed) {
    logger.info({ kind: CLAIM_EMAIL_KIND }, 'claim e-mail withheld: the address reached its hourly limit');
    return 'withheld';
  }
  const { ClaimLinkEmail } = await import('../../../emails/claim-link');
  await sendEmail(ctx, {
    to: input.to,
    kind: CLAIM_EMAIL_KIND,
    subject: `Accept your ${input.productName} license from ${input.sellerName}`,
    template: createElement(ClaimLinkEmail, {
      productName: input.productName,
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      claimUrl: input.claimUrl,
      expiresOn: input.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    }),
  });
  return 'sent';
}
