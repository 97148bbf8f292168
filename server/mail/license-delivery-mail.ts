import { createElement } from 'react';
import type { Tx } from '../db';
import { env } from '../env';
import { mintSignInLink } from '../identity/sign-in-links';
import { recordEmail, type SendEmailResult } from './send-email';

export const LICENSE_DELIVERY_EMAIL_KIND = 'license-delivery';

/**
 * The delivery e-mail after a paid checkout, linking the buyer straight to the license codes (a
 * sign-in link to the license page's ?session=, single use, for an hour), to the license (its anchor
 * on the license page) and to the receipt. Recorded in the settlement's transaction (`db`), the link
 * with it; the caller asks for its delivery after the commit (requestEmailDelivery).
 */
export async function recordLicenseDeliveryEmail(
  db: Tx,
  input: { to: string; accountId: string; offeringName: string; sellerName: string; checkoutId: string; licenseId: string; downloads: { platform: string; url: string }[] },
): Promise<SendEmailResult> {
  const base = env().publicBaseUrl;
  const codesUrl = await mintSignInLink(db, { accountId: input.accountId, path: `/licenses?session=${encodeURIComponent(input.checkoutId)}` });
  const { LicenseDeliveryEmail } = await import('../../emails/license-delivery');
  return recordEmail(db, {
    to: input.to,
    kind: LICENSE_DELIVERY_EMAIL_KIND,
    subject: `Your ${input.offeringName} license from ${input.sellerName}`,
    template: createElement(LicenseDeliveryEmail, {
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      codesUrl,
      downloads: input.downloads.map(({ platform, url }) => ({ platform, url })),
      licensePageUrl: `${base}/licenses#license-${input.licenseId}`,
      receiptUrl: `${base}/orders/${encodeURIComponent(input.checkoutId)}`,
    }),
  });
}
