import type { Db } from '../db';
import { env } from '../env';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { logoPathOf } from '../sellers/seller-logo';

/** Spec rule 7: a seller is named by its contact name, else its legal name, else this phrase (claim page and e-mails). */
export function sellerDisplayName(seller: { contactName: string | null; legalName: string | null }): string {
  return seller.contactName?.trim() || seller.legalName?.trim() || 'a seller on the service';
}

/** The name buyers see on the storefront, the marketplace and receipts: the store name, else the rule above. */
export function storefrontName(seller: { storeName: string | null; contactName: string | null; legalName: string | null }): string {
  return seller.storeName?.trim() || sellerDisplayName(seller);
}

export interface SellerProfile {
  sellerId: string;
  /** The seller's current id; differs from the one asked for when that was a former id. */
  issuerClientId: string;
  current: boolean;
  displayName: string;
  checkoutReady: boolean;
  /** The logo's versioned address (logoPathOf), or null without a logo. */
  logoPath: string | null;
  /** The storefront's absolute address (PUBLIC_BASE_URL): share previews and canonical links are fetched by others. */
  storefrontUrl: string;
}

export async function findSellerProfile(ctx: { db: Db }, issuerClientId: string): Promise<SellerProfile | null> {
  const found = await findSellerByIssuerClientId(ctx, issuerClientId);
  if (!found) return null;
  const { seller, current } = found;
  const logo = await ctx.db.sellerLogo.findUnique({ where: { sellerId: seller.id }, select: { updatedAt: true } });
  return {
    sellerId: seller.id,
    issuerClientId: seller.issuerClientId,
    current,
    displayName: storefrontName(seller),
    checkoutReady: seller.checkoutReady,
    logoPath: logoPathOf(seller.issuerClientId, logo),
    storefrontUrl: `${env().publicBaseUrl}/marketplace/${encodeURIComponent(seller.issuerClientId)}`,
  };
}
