import crypto from 'node:crypto';
import type { CheckoutOrigin, CheckoutStatus, LicenseStatus, PaymentProcessor, PrismaClient } from '../../generated/prisma/client';

// Orders (Checkout rows) and licenses written straight into the database with the times a test
// needs: the sales pages read history, and history cannot be made by waiting.

export interface OrderOptions {
  status?: CheckoutStatus;
  origin?: CheckoutOrigin;
  amountMinor?: number;
  currency?: string;
  quantity?: number;
  buyerEmail?: string | null;
  customerEmail?: string | null;
  correlationId?: string | null;
  processorSessionId?: string | null;
  /** Defaults to the local processor for a paid order, none for a free one. */
  processor?: PaymentProcessor;
  /** What Stripe reports on a completed session: its customer and, for a subscription, the subscription. */
  processorCustomerId?: string | null;
  processorSubscriptionId?: string | null;
  createdAt?: Date;
  /** For a completed order (defaults to createdAt), or the time a failed one failed (its updatedAt). */
  settledAt?: Date;
  withLicense?: boolean;
}

export async function createOrder(db: PrismaClient, offering: { id: string; sellerId: string; classification: number }, options: OrderOptions = {}) {
  const status = options.status ?? 'completed';
  const createdAt = options.createdAt ?? new Date();
  const settledAt = options.settledAt ?? createdAt;
  const buyer = options.buyerEmail ? await db.account.upsert({ where: { email: options.buyerEmail }, create: { email: options.buyerEmail }, update: {} }) : null;
  const checkout = await db.checkout.create({
    data: {
      requestId: crypto.randomUUID(),
      origin: options.origin ?? 'purchase',
      status,
      sellerId: offering.sellerId,
      offeringId: offering.id,
      buyerAccountId: buyer?.id ?? null,
      customerEmail: options.customerEmail === undefined ? (buyer?.email ?? null) : options.customerEmail,
      correlationId: options.correlationId ?? null,
      quantity: options.quantity ?? 1,
      amountMinor: options.amountMinor ?? 0,
      currency: options.currency ?? 'usd',
      processor: options.processor ?? ((options.amountMinor ?? 0) > 0 ? 'local' : 'none'),
      processorSessionId: options.processorSessionId ?? null,
      processorCustomerId: options.processorCustomerId ?? null,
      processorSubscriptionId: options.processorSubscriptionId ?? null,
      error: status === 'failed' ? 'The payment was declined.' : null,
      createdAt,
      updatedAt: status === 'pending' ? createdAt : settledAt,
      completedAt: status === 'completed' ? settledAt : null,
    },
  });
  const license =
    options.withLicense && status === 'completed'
      ? await createLicenseRow(db, offering, { buyerAccountId: buyer?.id ?? null, checkoutId: checkout.id, createdAt: settledAt, tenantId: options.origin === 'embedded' ? (options.correlationId ?? null) : null })
      : null;
  return { checkout, license, buyer };
}

export async function createLicenseRow(
  db: PrismaClient,
  offering: { id: string; sellerId: string; classification: number },
  options: { buyerAccountId?: string | null; checkoutId?: string; createdAt?: Date; status?: LicenseStatus; endedAt?: Date; tenantId?: string | null } = {},
) {
  const createdAt = options.createdAt ?? new Date();
  return db.license.create({
    data: {
      sellerId: offering.sellerId,
      offeringId: offering.id,
      buyerAccountId: options.buyerAccountId ?? null,
      checkoutId: options.checkoutId,
      classification: offering.classification,
      status: options.status ?? 'Active',
      termStart: createdAt,
      tenantId: options.tenantId ?? null,
      createdAt,
      updatedAt: options.endedAt ?? createdAt,
    },
  });
}
