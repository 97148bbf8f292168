import type { Db } from '../db';
import { DomainError } from '../errors';
import { checkoutResultSchema, type CheckoutResult } from './checkout-result.schema';
import { expireClaimOf } from './claim/expire-claims';
import { liveCredential } from './get-checkout-result';

/** docs/api/embedded-checkout.md: a session's result is readable for 90 days after it was created; later it is an expired session (404). */
const SESSION_RESULT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * POST /licensing/checkout/session/result for the seller of the API key: its own embedded
 * checkouts, any status (a failed one answers 200 with Status failed and Error). Unknown, expired,
 * another seller's, or a buyer's purchase-API checkout (readable by that buyer only): NotFound.
 * On a tenant (seat-based) checkout the result names the seats; the license code only for one seat.
 */
export async function getSellerCheckoutResult(ctx: { db: Db }, input: { sessionId: string; sellerId: string; now?: Date }): Promise<CheckoutResult> {
  const now = input.now ?? new Date();
  const found = await ctx.db.checkout.findUnique({ where: { id: input.sessionId }, select: { id: true, sellerId: true, origin: true, createdAt: true, status: true } });
  if (!found || found.sellerId !== input.sellerId || found.origin !== 'embedded' || now.getTime() - found.createdAt.getTime() > SESSION_RESULT_RETENTION_MS) {
    throw new DomainError('NotFound', 'No checkout session with that id.');
  }
  // A claim past its seven days reads as failed even before the expiry job's next run.
  if (found.status === 'pending') await expireClaimOf(ctx, found.id, now);

  const checkout = await ctx.db.checkout.findUniqueOrThrow({
    where: { id: found.id },
    include: { offering: { select: { seatBased: true } }, license: { include: { seats: { orderBy: { createdAt: 'asc' }, select: { id: true } } } } },
  });
  const completed = checkout.status === 'completed';
  const seatIds = completed ? (checkout.license?.seats.map((seat) => seat.id) ?? []) : [];
  return checkoutResultSchema.parse({
    status: checkout.status,
    correlationId: completed ? checkout.correlationId : null,
    encodedCredential: completed && seatIds.length === 1 && checkout.credentialCiphertext ? await liveCredential(ctx, checkout.credentialCiphertext) : null,
    licenseId: completed ? (checkout.license?.id ?? null) : null,
    offeringId: completed ? checkout.offeringId : null,
    ...(checkout.offering.seatBased ? { seatIds: seatIds } : {}),
    error: checkout.status === 'failed' ? checkout.error : null,
  });
}
