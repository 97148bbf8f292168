import type { Checkout } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { mintClaimToken } from './claim-token';

/** Spec "Limits": a claim link is valid for seven days. */
const CLAIM_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
export const CLAIM_EXPIRED_ERROR = 'Claim expired.';
const CLAIM_SUPERSEDED_ERROR = 'Replaced by a newer checkout for the same offering and address.';

/**
 * The free embedded checkout's claim intent, inside the transaction that created `checkout`: one
 * open intent per seller, offering and address (spec "Claim intent"). A newer checkout takes the
 * place of an older open one, whose checkout fails with CLAIM_SUPERSEDED_ERROR and whose links
 * stop working: the seller's latest request (its CorrelationId, its ReturnUrl) is the one the buyer
 * accepts. Creates for the same triple are serialised by a transaction-scoped advisory lock; the
 * partial unique index on open intents is the backstop.
 */
export async function openClaimIntent(tx: Tx, checkout: Checkout & { customerEmail: string }, now = new Date()): Promise<{ claimUrl: string; expiresAt: Date }> {
  const lockKey = `claim-intent:${checkout.sellerId}:${checkout.offeringId}:${checkout.customerEmail}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`;

  const older = await tx.claimIntent.findMany({
    where: { sellerId: checkout.sellerId, offeringId: checkout.offeringId, email: checkout.customerEmail, status: 'open' },
    select: { id: true, checkoutId: true },
  });
  if (older.length > 0) {
    await tx.claimIntent.updateMany({ where: { id: { in: older.map((intent) => intent.id) }, status: 'open' }, data: { status: 'superseded' } });
    await tx.checkout.updateMany({
      where: { id: { in: older.map((intent) => intent.checkoutId) }, status: 'pending' },
      data: { status: 'failed', error: CLAIM_SUPERSEDED_ERROR },
    });
  }
  const expiresAt = new Date(now.getTime() + CLAIM_VALIDITY_MS);
  const intent = await tx.claimIntent.create({
    data: { checkoutId: checkout.id, sellerId: checkout.sellerId, offeringId: checkout.offeringId, email: checkout.customerEmail, expiresAt, createdAt: now },
  });
  const { claimUrl } = await mintClaimToken(tx, intent.id);
  return { claimUrl, expiresAt };
}
