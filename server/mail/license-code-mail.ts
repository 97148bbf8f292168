import { createElement } from 'react';
import type { Tx } from '../db';
import { recordEmail, type SendEmailResult } from './send-email';

/**
 * A license code the seller issued, e-mailed to the license's customer from the seller's license
 * page, recorded in the issuing transaction (the body is sealed at rest until sent, as every
 * e-mail's; never in a subject). Delivered after the commit.
 */
export async function recordLicenseCodeEmail(db: Tx, input: { to: string; offeringName: string; sellerName: string; label: string; code: string }): Promise<SendEmailResult> {
  const { LicenseCodeEmail } = await import('../../emails/license-code');
  return recordEmail(db, {
    to: input.to,
    kind: 'license-code',
    subject: `A license code for ${input.offeringName} from ${input.sellerName}`,
    template: createElement(LicenseCodeEmail, { offeringName: input.offeringName, sellerName: input.sellerName, label: input.label, code: input.code }),
  });
}
