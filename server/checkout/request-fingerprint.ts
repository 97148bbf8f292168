import type { CheckoutOrigin } from '@/generated/prisma/client';
import { sha256Hex } from '../crypto/secrets';
import { DomainError } from '../errors';

/**
 * What a RequestId asks for. A replay must ask the same: same origin and caller (else 409
 * RequestIdInUse, spec rule 4), same offering, quantity, reference and address (else 409
 * RequestIdMismatch, spec rule 5). Where the buyer lands (SuccessUrl, CancelUrl, ReturnUrl,
 * OriginContext) is not part of the ask: a replay keeps the first request's.
 */
export interface CheckoutAsk {
  origin: CheckoutOrigin;
  sellerId: string;
  /** The signed-in buyer (purchase API); null on the embedded checkout. */
  buyerAccountId: string | null;
  offeringId: string;
  quantity: number;
  correlationId: string | null;
  /** The typed address of the embedded checkout (lower-cased); null on the purchase API. */
  customerEmail: string | null;
  /** The currency asked for (lower case), null for the default; the discount code (upper case), if any. */
  currency: string | null;
  discountCode: string | null;
}

export function requestFingerprint(ask: CheckoutAsk): string {
  // Fixed key order: the fingerprint is the same for the same ask whatever built the object.
  return sha256Hex(
    JSON.stringify([
      ask.origin,
      ask.sellerId,
      ask.buyerAccountId,
      ask.offeringId,
      ask.quantity,
      ask.correlationId,
      ask.customerEmail,
      // Appended only when asked, so a checkout opened before these existed keeps its fingerprint.
      ...(ask.currency !== null || ask.discountCode !== null ? [ask.currency, ask.discountCode] : []),
    ]),
  );
}

/** The checkout a RequestId already belongs to may answer this request only if it is the same ask. */
export function assertSameAsk(
  existing: { origin: CheckoutOrigin; sellerId: string; buyerAccountId: string | null; requestFingerprint: string | null },
  ask: CheckoutAsk,
): void {
  const sameCaller =
    existing.origin === ask.origin &&
    existing.sellerId === ask.sellerId &&
    // A paid embedded checkout gains its buyer at settlement: the caller there is the seller.
    (ask.origin === 'embedded' || existing.buyerAccountId === ask.buyerAccountId);
  if (!sameCaller) throw new DomainError('RequestIdInUse', 'This RequestId belongs to a checkout of another buyer or seller.');
  if (existing.requestFingerprint !== null && existing.requestFingerprint !== requestFingerprint(ask)) {
    throw new DomainError(
      'RequestIdMismatch',
      'This RequestId was used for a different request (offering, Quantity, CorrelationId, CustomerEmail, Currency or DiscountCode); send a new RequestId for a new purchase.',
    );
  }
}
