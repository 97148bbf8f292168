import { toOfferingView } from '../../catalog/catalog-views';
import { classificationLabel, describePrice } from '../../catalog/describe-offering';
import { sellerDisplayName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { findClaimToken } from './claim-token';

/**
 * What a claim link stands for, as the claim page tells it:
 * - `open`: can be accepted now (by the account of `email`);
 * - `unknown`: no such link (mistyped, or never issued);
 * - `used`: this very link accepted the license already;
 * - `accepted`: the license was accepted through another link of the same checkout;
 * - `expired`: the seven days passed without an accept;
 * - `replaced`: the seller created a newer checkout for the same offering and address.
 */
export type ClaimState = 'open' | 'unknown' | 'used' | 'accepted' | 'expired' | 'replaced';

export interface ClaimView {
  state: ClaimState;
  details: {
    productName: string;
    offeringName: string;
    sellerName: string;
    kind: string;
    price: string;
    seats: number;
    features: { key: string; name: string; description: string }[];
    email: string;
    expiresAt: Date;
    /** The account that accepted it (states `used` and `accepted`). */
    acceptedByAccountId: string | null;
  } | null;
}

export async function getClaimView(ctx: { db: Db }, input: { token: string; now?: Date }): Promise<ClaimView> {
  const now = input.now ?? new Date();
  const row = await findClaimToken(ctx, input.token);
  if (!row) return { state: 'unknown', details: null };
  const { intent } = row;
  const offering = intent.offering;
  const details = {
    productName: offering.product.name,
    offeringName: offering.name,
    sellerName: sellerDisplayName(intent.seller),
    kind: classificationLabel(offering.classification),
    price: describePrice(toOfferingView(offering, intent.seller.issuerClientId)),
    seats: intent.checkout.quantity,
    features: offering.features.map((feature) => ({ key: feature.key, name: feature.displayName, description: feature.description })),
    email: intent.email,
    expiresAt: intent.expiresAt,
    acceptedByAccountId: intent.status === 'accepted' ? intent.checkout.buyerAccountId : null,
  };
  return { state: claimStateOf(row, now), details };
}

export function claimStateOf(
  row: { usedAt: Date | null; intent: { status: 'open' | 'accepted' | 'expired' | 'superseded'; expiresAt: Date } },
  now: Date,
): ClaimState {
  if (row.usedAt) return 'used';
  switch (row.intent.status) {
    case 'accepted':
      return 'accepted';
    case 'expired':
      return 'expired';
    case 'superseded':
      return 'replaced';
    default:
      return row.intent.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
  }
}
