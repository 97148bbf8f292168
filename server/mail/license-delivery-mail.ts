import { createElement } from 'react';
import type { Db } from '../db';
import { env } from '../env';
import { sendEmail, type SendEmailResult } from './send-email';

export const LICENSE_DELIVERY_EMAIL_KIND = 'license-delivery';

/** The delivery e-mail after a paid checkout, linking the buyer to the license (its anchor on the license page) and to the receipt. */
export async function sendLicenseDeliveryEmail(
  ctx: { db: Db },
  input: { to: string; offeringName: string; sellerName: string; checkoutId: string; licenseId: string },
): Promise<SendEmailResult> {
  const base = env().publicBaseUrl;
  const { LicenseDeliveryEmail } = await import('../../emails/license-delivery');
  return sendEmail(ctx, {
    to: input.to,
    kind: LICENSE_DELIVERY_EMAIL_KIND,
    subject: `Your ${input.offeringName} license from ${input.sellerName}`,
    template: createElement(LicenseDeliveryEmail, {
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      licensePageUrl: `${base}/licenses#license-${input.licenseId}`,
      receiptUrl: `${base}/orders/${encodeURIComponent(input.checkoutId)}`,
    }),
  });
}
