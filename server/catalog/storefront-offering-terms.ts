import type { Db } from '../db';

/** What the storefront page needs beyond the spec's offering view: seats and the repeat rule. */
export interface StorefrontOfferingTerms {
  id: string;
  classification: number;
  seatBased: boolean;
  allowRepeatPurchase: boolean;
}

export async function listStorefrontOfferingTerms(ctx: { db: Db }, sellerId: string, offeringIds: string[]): Promise<Map<string, StorefrontOfferingTerms>> {
  const rows = await ctx.db.offering.findMany({
    where: { sellerId, id: { in: offeringIds } },
    select: { id: true, classification: true, seatBased: true, allowRepeatPurchase: true },
  });
  return new Map(rows.map((row) => [row.id, row]));
}
