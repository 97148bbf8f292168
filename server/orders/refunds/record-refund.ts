import type { Checkout } from '@/generated/prisma/client';
import { sellerDisplayName } from '../../catalog/seller-profile';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { revokeLicenseWithin } from '../../licensing/licenses/revoke-license';
import { recordRefundEmail } from '../../mail/refund-mail';
import { recordRefundCall } from '../../payments/processor-calls';
import type { RefundLicenseAction } from './refund.schema';

export interface RecordedRefund {
  refundId: string;
  /** Calls to the processor wait for the commit (the refund itself, a subscription's cancellation). */
  processorCalls: boolean;
  emailQueued: boolean;
}

/**
 * One refund of an order, inside the transaction that holds the order's row lock: the refund row,
 * the order's refunded total (a CHECK keeps it within what was paid), the license revoked or kept,
 * the seller's event (order.refunded), the buyer's e-mail, and, for a refund the seller asked for,
 * the call that makes it at the processor after the commit. A refund the processor already made
 * (its dashboard) is recorded as succeeded, with no call.
 */
export async function recordRefundWithin(
  tx: Tx,
  order: Checkout,
  input: { amountMinor: bigint; reason: string | null; source: 'seller' | 'processor'; licenseAction: RefundLicenseAction; now: Date },
): Promise<RecordedRefund> {
  const fromProcessor = input.source === 'processor';
  const refund = await tx.refund.create({
    data: {
      checkoutId: order.id,
      sellerId: order.sellerId,
      amountMinor: input.amountMinor,
      currency: order.currency,
      reason: input.reason,
      source: input.source,
      licenseAction: input.licenseAction,
      ...(fromProcessor ? { status: 'succeeded', settledAt: input.now } : {}),
    },
  });
  const updated = await tx.checkout.update({ where: { id: order.id }, data: { refundedMinor: { increment: input.amountMinor } }, include: { license: { select: { id: true } }, offering: true, seller: true, buyer: true } });
  const licenseId = updated.license?.id ?? null;
  let processorCalls = false;
  if (!fromProcessor && licenseId) {
    await recordRefundCall(tx, { id: refund.id, licenseId });
    processorCalls = true;
  }
  if (input.licenseAction === 'revoke' && licenseId) {
    const revoked = await revokeLicenseWithin(tx, { licenseId, reason: 'Refunded', by: fromProcessor ? 'processor' : 'seller', now: input.now });
    processorCalls ||= revoked.processorCall;
  }
  await recordEvent(tx, {
    sellerId: order.sellerId,
    type: 'order.refunded',
    licenseId,
    data: {
      OrderId: order.id,
      RefundId: refund.id,
      LicenseId: licenseId,
      AmountMinor: Number(input.amountMinor),
      RefundedMinor: Number(updated.refundedMinor),
      Currency: order.currency,
      License: input.licenseAction,
      Source: input.source,
    },
  });
  const to = updated.buyer?.email ?? updated.customerEmail;
  const email = to
    ? await recordRefundEmail(tx, {
        to,
        offeringName: updated.offering.name,
        sellerName: sellerDisplayName(updated.seller),
        checkoutId: order.id,
        amountMinor: Number(input.amountMinor),
        currency: order.currency,
        licenseRevoked: input.licenseAction === 'revoke' && licenseId !== null,
      })
    : null;
  return { refundId: refund.id, processorCalls, emailQueued: email?.status === 'queued' };
}
