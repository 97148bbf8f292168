import type { Tx } from '../db';

/** Why a portal session ended (BrowserSession.endReason). */
export type SessionEndReason = 'signed_out' | 'signed_out_elsewhere' | 'member_removed' | 'account_erased';

/**
 * Ends every live portal session of `accountId` inside the caller's transaction: from its commit,
 * the next request of any of them is signed out on every instance (each request reads its session's row).
 */
export async function endSessionsOf(tx: Tx, accountId: string, reason: SessionEndReason, options: { except?: string } = {}): Promise<number> {
  const ended = await tx.browserSession.updateMany({
    where: { accountId, endedAt: null, ...(options.except ? { id: { not: options.except } } : {}) },
    data: { endedAt: new Date(), endReason: reason },
  });
  return ended.count;
}
