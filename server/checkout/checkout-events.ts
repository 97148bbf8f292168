import type { Checkout } from '@/generated/prisma/client';
import type { Tx } from '../db';
import { recordEvent } from '../events/record-event';

// The checkout events, recorded in the transaction that completes or fails the checkout (paid,
// free, and accepted claims alike).

export function recordCheckoutCompleted(tx: Tx, checkout: Pick<Checkout, 'id' | 'sellerId' | 'offeringId' | 'correlationId' | 'amountMinor' | 'currency' | 'origin' | 'discountCode' | 'discountMinor'>, minted: { licenseId: string; seatIds: string[] }) {
  return recordEvent(tx, {
    sellerId: checkout.sellerId,
    type: 'checkout.completed',
    licenseId: minted.licenseId,
    data: {
      SessionId: checkout.id,
      OfferingId: checkout.offeringId,
      LicenseId: minted.licenseId,
      SeatIds: minted.seatIds,
      CorrelationId: checkout.correlationId,
      AmountMinor: Number(checkout.amountMinor),
      Currency: checkout.currency,
      Origin: checkout.origin,
      DiscountCode: checkout.discountCode,
      DiscountMinor: Number(checkout.discountMinor),
    },
  });
}

export function recordCheckoutFailed(tx: Tx, checkout: Pick<Checkout, 'id' | 'sellerId' | 'offeringId' | 'correlationId'>, reason: string | null) {
  return recordEvent(tx, {
    sellerId: checkout.sellerId,
    type: 'checkout.failed',
    data: { SessionId: checkout.id, OfferingId: checkout.offeringId, CorrelationId: checkout.correlationId, Reason: reason },
  });
}
