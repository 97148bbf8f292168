import { createElement } from 'react';
import type { Tx } from '../db';
import { env } from '../env';
import { formatEmailDate } from './email-date';
import { recordEmail, type SendEmailResult } from './send-email';

const TRIAL_REMINDER_EMAIL_KIND = 'trial-ending';

/** The buyer's reminder that a free trial ends soon, recorded in the caller's transaction; delivered after the commit. */
export async function recordTrialReminderEmail(
  db: Tx,
  input: { to: string; offeringName: string; sellerName: string; trialEnd: Date; priceLine: string; licenseId: string },
): Promise<SendEmailResult> {
  const { TrialEndingEmail } = await import('../../emails/trial-ending');
  const endsOn = formatEmailDate(input.trialEnd);
  return recordEmail(db, {
    to: input.to,
    kind: TRIAL_REMINDER_EMAIL_KIND,
    subject: `Your ${input.offeringName} trial ends on ${endsOn}`,
    template: createElement(TrialEndingEmail, {
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      endsOn,
      priceLine: input.priceLine,
      licensePageUrl: `${env().publicBaseUrl}/licenses#license-${input.licenseId}`,
    }),
  });
}
