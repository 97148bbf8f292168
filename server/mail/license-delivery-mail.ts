import { createElement } from 'react';
import { LicenseDeliveryEmail } from '../../emails/license-delivery';
import type { Db } from '../db';
import { env } from '../env';
import { sendEmail, type SendEmailResult } from './send-email';

export const LICENSE_DELIVERY_EMAIL_KIND = 'license-delivery';

/** The delivery e-mail after a paid checkout, linking the buyer to their license page. */
export async function sendLicenseDeliveryEmail(
  ctx: { db: Db },
  input: { to: string; offeringName: string; sellerName: string },
): Promise<SendEmailResult> {
  return sendEmail(ctx, {
    to: input.to,
    kind: LICENSE_DELIVERY_EMAIL_KIND,
    subject: `Your ${input.offeringName} license from ${input.sellerName}`,
    template: createElement(LicenseDeliveryEmail, { ...input, licensePageUrl: `${env().publicBaseUrl}/licenses` }),
  });
}
