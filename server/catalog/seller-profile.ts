import type { Db } from '../db';

/** Spec rule 7: a seller is named by its contact name, else its legal name, else this phrase. */
export function sellerDisplayName(seller: { contactName: string | null; legalName: string | null }): string {
  return seller.contactName?.trim() || seller.legalName?.trim() || 'a seller on the service';
}

export async function findSellerProfile(ctx: { db: Db }, issuerClientId: string) {
  const seller = await ctx.db.seller.findUnique({ where: { issuerClientId } });
  return seller ? { issuerClientId: seller.issuerClientId, displayName: sellerDisplayName(seller), checkoutReady: seller.checkoutReady } : null;
}
