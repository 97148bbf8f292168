import crypto from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client';
import { CatalogStatus, LicenseClassification } from '../../server/catalog/catalog-enums';

const unique = () => crypto.randomBytes(4).toString('hex');

export async function createSeller(db: PrismaClient, data: Partial<{ issuerClientId: string; contactName: string | null; legalName: string | null; checkoutReady: boolean }> = {}) {
  return db.seller.create({ data: { issuerClientId: `seller-${unique()}`, contactName: 'Test Seller', legalName: 'Test Seller Ltd', ...data } });
}

export async function createProduct(db: PrismaClient, sellerId: string, data: Partial<{ name: string; status: number; platform: number }> = {}) {
  return db.product.create({ data: { sellerId, name: `Product ${unique()}`, description: 'A product', status: CatalogStatus.Active, ...data } });
}

export async function createOffering(
  db: PrismaClient,
  product: { id: string; sellerId: string },
  data: Partial<{ name: string; status: number; listed: boolean; classification: number; priceMinor: number | null; interval: number | null; intervalUnit: number | null; seatBased: boolean; currency: string }> = {},
) {
  return db.offering.create({
    data: {
      productId: product.id,
      sellerId: product.sellerId,
      name: `Offering ${unique()}`,
      status: CatalogStatus.Active,
      listed: true,
      classification: LicenseClassification.Perpetual,
      priceMinor: null,
      ...data,
    },
  });
}
