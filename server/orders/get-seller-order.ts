import type { LicenseStatus, PaymentProcessor, RefundStatus } from '@/generated/prisma/client';
import { CHECKOUT_ID_MAX } from '../checkout/checkout-core';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { formatInvoiceNumber } from '../billing/invoice-number';
import { sellerOrderInclude, toSellerOrderRow, type SellerOrderRow } from './list-seller-orders';

// One order of the seller for the portal's order page (docs/buyers-and-sellers.md "Seller portal"): what it charged,
// what went back (refunds, whoever made them) and what the buyer's bank disputed, beside the
// license it sold. Amounts are integer minor units of the order's currency; pages format them.

export interface SellerOrderRefund {
  id: string;
  createdAt: Date;
  /** When the processor confirmed it; null while pending (or refused). */
  settledAt: Date | null;
  amountMinor: number;
  currency: string;
  status: RefundStatus;
  /** `seller`: made from the portal or the management API; `processor`: made at the processor (Stripe's dashboard). */
  source: 'seller' | 'processor';
  /** What it did to the license: `revoke` ended it, `keep` left it running. */
  licenseAction: 'revoke' | 'keep';
  reason: string | null;
}

export interface SellerOrderDispute {
  id: string;
  openedAt: Date;
  closedAt: Date | null;
  amountMinor: number;
  currency: string;
  reason: string | null;
  status: 'open' | 'won' | 'lost';
}

export interface SellerOrderDetail extends SellerOrderRow {
  /** How the order is named to people: its invoice number once paid (INV-000042), else its id. */
  orderNumber: string;
  invoiceNumber: string | null;
  processor: PaymentProcessor;
  /** What a refund may still give back (minor units): 0 for an unpaid or free order, or one refunded in full. */
  refundableMinor: number;
  /** The license the order sold, as it is now; `statusReason` says when money moved it (Refunded, Disputed). */
  license: { id: string; status: LicenseStatus; statusReason: string | null } | null;
  /** Oldest first. */
  refunds: SellerOrderRefund[];
  /** Oldest first. */
  disputes: SellerOrderDispute[];
}

/** One order (checkout) of the seller; another seller's order and an unknown id are the same NotFound. */
export async function getSellerOrder(ctx: { db: Db }, input: { sellerId: string; orderId: string }): Promise<SellerOrderDetail> {
  const notFound = new DomainError('NotFound', 'No order with that id for this seller.');
  if (!input.orderId || input.orderId.length > CHECKOUT_ID_MAX) throw notFound;
  const checkout = await ctx.db.checkout.findFirst({
    where: { id: input.orderId, sellerId: input.sellerId },
    include: {
      ...sellerOrderInclude,
      license: { select: { id: true, status: true, statusReason: true } },
      refunds: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      disputes: { orderBy: [{ openedAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!checkout) throw notFound;
  const paid = checkout.status === 'completed' && checkout.amountMinor > 0n;
  const left = checkout.amountMinor - checkout.refundedMinor;
  return {
    ...toSellerOrderRow(checkout),
    orderNumber: checkout.invoiceNumber === null ? checkout.id : formatInvoiceNumber(checkout.invoiceNumber),
    invoiceNumber: checkout.invoiceNumber === null ? null : formatInvoiceNumber(checkout.invoiceNumber),
    processor: checkout.processor,
    refundableMinor: paid && left > 0n ? Number(left) : 0,
    license: checkout.license,
    refunds: checkout.refunds.map((refund) => ({
      id: refund.id,
      createdAt: refund.createdAt,
      settledAt: refund.settledAt,
      amountMinor: Number(refund.amountMinor),
      currency: refund.currency,
      status: refund.status,
      source: refund.source === 'processor' ? 'processor' : 'seller',
      licenseAction: refund.licenseAction === 'revoke' ? 'revoke' : 'keep',
      reason: refund.reason,
    })),
    disputes: checkout.disputes.map((dispute) => ({
      id: dispute.id,
      openedAt: dispute.openedAt,
      closedAt: dispute.closedAt,
      amountMinor: Number(dispute.amountMinor),
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status === 'won' || dispute.status === 'lost' ? dispute.status : 'open',
    })),
  };
}
