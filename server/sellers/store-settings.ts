import type { Db } from '../db';
import { logoPathOf } from './seller-logo';
import { LOGO_MAX_BYTES, MAX_FORMER_ISSUER_CLIENT_IDS } from './seller.schema';
import { taxSettingsOf, type TaxSettings } from './tax-settings';

/** What the store settings page shows: the store's names, its logo, the ids it may still change to and its tax settings. */
interface StoreSettings {
  issuerClientId: string;
  storeName: string | null;
  contactName: string | null;
  legalName: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
  /** The logo's versioned address, or null without a logo. */
  logoPath: string | null;
  logoMaxBytes: number;
  /** The store's former ids, newest first (they keep answering for it). */
  formerIssuerClientIds: string[];
  issuerClientIdChangesLeft: number;
  tax: TaxSettings;
}

export async function getStoreSettings(ctx: { db: Db }, sellerId: string): Promise<StoreSettings> {
  const [seller, logo, formerIds] = await Promise.all([
    ctx.db.seller.findUniqueOrThrow({
      where: { id: sellerId },
      select: { issuerClientId: true, storeName: true, contactName: true, legalName: true, termsUrl: true, privacyUrl: true, taxCollection: true, taxBehavior: true, taxId: true, originAddress: true },
    }),
    ctx.db.sellerLogo.findUnique({ where: { sellerId }, select: { updatedAt: true } }),
    ctx.db.sellerFormerId.findMany({ where: { sellerId }, orderBy: { createdAt: 'desc' }, select: { issuerClientId: true } }),
  ]);
  const { taxCollection, taxBehavior, taxId, originAddress, ...names } = seller;
  return {
    ...names,
    logoPath: logoPathOf(seller.issuerClientId, logo),
    logoMaxBytes: LOGO_MAX_BYTES,
    formerIssuerClientIds: formerIds.map((former) => former.issuerClientId),
    issuerClientIdChangesLeft: MAX_FORMER_ISSUER_CLIENT_IDS - formerIds.length,
    tax: taxSettingsOf({ taxCollection, taxBehavior, taxId, originAddress }),
  };
}
