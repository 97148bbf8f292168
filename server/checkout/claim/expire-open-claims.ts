import type { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { recordCheckoutFailed } from '../checkout-events';

/**
 * Ends the open claims `which` picks (a condition on "ClaimIntent") without their being accepted:
 * each is expired, the seller is told (`claim.expired`), and its checkout, still pending, fails with
 * `error` (`checkout.failed`). The update itself picks them, so a claim accepted meanwhile is left
 * alone. How many ended.
 */
export async function expireOpenClaims(tx: Tx, which: Prisma.Sql, error: string): Promise<number> {
  const ended = await tx.$queryRaw<{ id: string; checkoutId: string }[]>`
    UPDATE "ClaimIntent" SET "status" = 'expired' WHERE "status" = 'open' AND ${which} RETURNING "id", "checkoutId"`;
  for (const claim of ended) {
    const checkout = await tx.checkout.findUniqueOrThrow({ where: { id: claim.checkoutId }, select: { id: true, sellerId: true, offeringId: true, correlationId: true } });
    await recordEvent(tx, { sellerId: checkout.sellerId, type: 'claim.expired', data: { ClaimId: claim.id, OfferingId: checkout.offeringId, CorrelationId: checkout.correlationId } });
    const failed = await tx.checkout.updateMany({ where: { id: checkout.id, status: 'pending' }, data: { status: 'failed', error } });
    if (failed.count > 0) await recordCheckoutFailed(tx, checkout, error);
  }
  return ended.length;
}
