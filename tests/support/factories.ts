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
  data: Partial<{ name: string; status: number; listed: boolean; classification: number; priceMinor: number | null; interval: number | null; intervalUnit: number | null; seatBased: boolean; currency: string; maxDevices: number | null; deviceMode: 'NodeLocked' | 'Floating' }> = {},
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

/**
 * A seller, a paid offering (one-time, or a monthly subscription) and a buyer's checkout waiting on
 * a Stripe Checkout Session, as the Stripe adapter leaves it before the webhook arrives.
 */
export async function createPendingStripeCheckout(
  db: PrismaClient,
  options: { quantity?: number; subscription?: boolean; processorSessionId?: string; stripeAccountId?: string | null } = {},
) {
  const created = await createSeller(db, { checkoutReady: true });
  const seller = options.stripeAccountId === undefined ? created : await db.seller.update({ where: { id: created.id }, data: { stripeAccountId: options.stripeAccountId } });
  const product = await createProduct(db, seller.id);
  const seatBased = (options.quantity ?? 1) > 1;
  const offering = await createOffering(
    db,
    product,
    options.subscription
      ? { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2, seatBased }
      : { classification: LicenseClassification.Perpetual, priceMinor: 4900, seatBased },
  );
  const buyer = await db.account.create({ data: { email: `buyer-${unique()}@example.test` } });
  const checkout = await db.checkout.create({
    data: {
      requestId: crypto.randomUUID(),
      origin: 'purchase',
      sellerId: seller.id,
      offeringId: offering.id,
      buyerAccountId: buyer.id,
      customerEmail: buyer.email,
      processor: 'stripe',
      processorSessionId: options.processorSessionId ?? `cs_test_${unique()}`,
      sessionUrl: 'https://checkout.stripe.test/c/pay/x',
      quantity: options.quantity ?? 1,
    },
  });
  return { seller, buyer, checkout };
}

/**
 * For files that buy the same offering many times, each purchase checking something else: lets one
 * buyer hold an offering more than once. The repeat rule itself is tested in held-license.test.ts.
 */
export async function allowRepeatPurchases(db: PrismaClient): Promise<void> {
  await db.offering.updateMany({ data: { allowRepeatPurchase: true } });
}
