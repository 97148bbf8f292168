import { recordCheckoutCompleted } from '../checkout-events';
import type { Db } from '../../db';
import { normalizeEmail } from '../../identity/accounts';
import { mintLicense } from '../../licensing/licenses/mint-license';
import { withSessionId } from '../checkout-core';
import { sealSaleCodes } from '../sale-codes';
import { findClaimToken } from './claim-token';
import { claimStateOf, type ClaimState } from './claim-view';
import { expireClaimOf } from './expire-claims';

/** Where a buyer goes after accepting when the seller gave no ReturnUrl. */
const BUYER_LICENSES_PATH = '/licenses';

export type AcceptClaimOutcome =
  | { outcome: 'accepted'; checkoutId: string; licenseId: string; landingUrl: string }
  | { outcome: 'wrong-account'; expectedEmail: string }
  | { outcome: 'refused'; state: Exclude<ClaimState, 'open'> };

/**
 * The buyer accepts a claim (spec "States": pending → completed when the account matches the
 * CustomerEmail address, within seven days). The license is created at that moment, in one
 * transaction with the intent, the token and the checkout: the open → accepted update is the guard,
 * so a double submit mints one license, and the second submit by the same account lands where the
 * first did. Another account is refused and nothing changes.
 */
export async function acceptClaim(ctx: { db: Db }, input: { token: string; accountId: string; accountEmail: string; now?: Date }): Promise<AcceptClaimOutcome> {
  const now = input.now ?? new Date();
  const row = await findClaimToken(ctx, input.token);
  if (!row) return { outcome: 'refused', state: 'unknown' };
  if (normalizeEmail(input.accountEmail) !== row.intent.email) return { outcome: 'wrong-account', expectedEmail: row.intent.email };

  const state = claimStateOf(row, now);
  if (state === 'expired' && row.intent.status === 'open') await expireClaimOf(ctx, row.intent.checkoutId, now);
  if (state !== 'open') return (await sameAccountAlreadyAccepted(ctx, row.intent.checkoutId, input.accountId)) ?? { outcome: 'refused', state };

  const accepted = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.claimIntent.updateMany({
      where: { id: row.intent.id, status: 'open', expiresAt: { gt: now } },
      data: { status: 'accepted', acceptedAt: now },
    });
    if (claimed.count === 0) return null;
    await tx.claimToken.update({ where: { id: row.id }, data: { usedAt: now } });
    const checkout = row.intent.checkout;
    const { features: _features, product: _product, ...offering } = row.intent.offering;
    const minted = await mintLicense(tx, {
      offering,
      buyerAccountId: input.accountId,
      correlationId: checkout.correlationId,
      tenantId: checkout.origin === 'embedded' ? checkout.correlationId : null,
      seatCount: checkout.quantity,
      codes: checkout.origin === 'embedded' ? 'one-seat-only' : 'every-seat',
      // A claim settles a checkout that charged nothing.
      unitPriceMinor: null,
      checkoutId: checkout.id,
      now,
    });
    const completed = await tx.checkout.update({
      where: { id: checkout.id },
      data: {
        status: 'completed',
        completedAt: now,
        buyerAccountId: input.accountId,
        credentialCiphertext: sealSaleCodes(minted.codes),
      },
    });
    await recordCheckoutCompleted(tx, completed, minted);
    return minted.licenseId;
  });
  if (accepted === null) {
    return (await sameAccountAlreadyAccepted(ctx, row.intent.checkoutId, input.accountId)) ?? { outcome: 'refused', state: 'accepted' };
  }
  return { outcome: 'accepted', checkoutId: row.intent.checkoutId, licenseId: accepted, landingUrl: landingUrlOf(row.intent.checkout) };
}

/** A double submit (or the back button) by the account that accepted: the same landing, nothing minted. */
async function sameAccountAlreadyAccepted(ctx: { db: Db }, checkoutId: string, accountId: string): Promise<AcceptClaimOutcome | null> {
  const checkout = await ctx.db.checkout.findUnique({ where: { id: checkoutId }, include: { license: { select: { id: true } } } });
  if (!checkout || checkout.status !== 'completed' || checkout.buyerAccountId !== accountId || !checkout.license) return null;
  return { outcome: 'accepted', checkoutId, licenseId: checkout.license.id, landingUrl: landingUrlOf(checkout) };
}

/** Spec: after the claim the buyer is sent to ReturnUrl?session_id=…; without one, to the license page. */
function landingUrlOf(checkout: { id: string; returnUrl: string | null }): string {
  // Without the seller's own page: the buyer's licenses, with this claim's license code on show.
  return checkout.returnUrl ? withSessionId(checkout.returnUrl, checkout.id) : `${BUYER_LICENSES_PATH}?session=${encodeURIComponent(checkout.id)}`;
}
