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

/**
 * A refund of an order as the refund service records it (the Refund row and the order's refunded
 * total), at the time a test needs; a failed one gives its amount back to what is refundable.
 */
export async function createRefundRow(
  db: PrismaClient,
  checkout: { id: string; sellerId: string; currency: string },
  options: { amountMinor: number; createdAt?: Date; status?: 'pending' | 'succeeded' | 'failed'; source?: 'seller' | 'processor'; licenseAction?: 'revoke' | 'keep'; reason?: string | null },
) {
  const createdAt = options.createdAt ?? new Date();
  const status = options.status ?? 'succeeded';
  const refund = await db.refund.create({
    data: {
      checkoutId: checkout.id,
      sellerId: checkout.sellerId,
      amountMinor: BigInt(options.amountMinor),
      currency: checkout.currency,
      reason: options.reason ?? null,
      source: options.source ?? 'seller',
      licenseAction: options.licenseAction ?? 'keep',
      status,
      createdAt,
      settledAt: status === 'pending' ? null : createdAt,
    },
  });
  if (status !== 'failed') await db.checkout.update({ where: { id: checkout.id }, data: { refundedMinor: { increment: BigInt(options.amountMinor) } } });
  return refund;
}

/** A dispute the processor reported on an order (open unless closed with an outcome). */
export async function createDisputeRow(
  db: PrismaClient,
  checkout: { id: string; sellerId: string; currency: string },
  options: { amountMinor: number; licenseId?: string | null; reason?: string | null; openedAt?: Date; closed?: { outcome: 'won' | 'lost'; at: Date } },
) {
  return db.dispute.create({
    data: {
      checkoutId: checkout.id,
      sellerId: checkout.sellerId,
      licenseId: options.licenseId ?? null,
      processorDisputeId: `dp_${crypto.randomUUID()}`,
      amountMinor: BigInt(options.amountMinor),
      currency: checkout.currency,
      reason: options.reason ?? null,
      status: options.closed?.outcome ?? 'open',
      openedAt: options.openedAt ?? new Date(),
      closedAt: options.closed?.at ?? null,
    },
  });
}
