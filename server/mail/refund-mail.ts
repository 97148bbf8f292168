import { createElement } from 'react';
import type { Tx } from '../db';
import { env } from '../env';
import { toBaseRate } from '../catalog/money';
import { recordEmail, type SendEmailResult } from './send-email';

const REFUND_EMAIL_KIND = 'refund-issued';

/** The buyer's e-mail about a refund, recorded in the refund's transaction; delivered after the commit. */
export async function recordRefundEmail(
  db: Tx,
  input: { to: string; offeringName: string; sellerName: string; checkoutId: string; amountMinor: number; currency: string; licenseRevoked: boolean },
): Promise<SendEmailResult> {
  const { RefundIssuedEmail } = await import('../../emails/refund-issued');
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: input.currency.toUpperCase() }).format(toBaseRate(input.amountMinor, input.currency) ?? 0);
  return recordEmail(db, {
    to: input.to,
    kind: REFUND_EMAIL_KIND,
    subject: `${input.sellerName} refunded ${amount} of your ${input.offeringName} purchase`,
    template: createElement(RefundIssuedEmail, {
      offeringName: input.offeringName,
      sellerName: input.sellerName,
      amount,
      licenseRevoked: input.licenseRevoked,
      receiptUrl: `${env().publicBaseUrl}/orders/${encodeURIComponent(input.checkoutId)}`,
    }),
  });
}
