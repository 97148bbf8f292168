import type { PaymentProcessor } from '@/generated/prisma/client';
import { formatInvoiceNumber } from '../billing/invoice-number';
import { LicenseClassification } from '../catalog/catalog-enums';
import { classificationLabel, describeInterval } from '../catalog/describe-offering';
import { storefrontName } from '../catalog/seller-profile';
import { CHECKOUT_ID_MAX } from '../checkout/checkout-core';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { ORDER_FIELDS, ORDER_STATE_TEXT, orderDiscountOf, orderStateOf, orderTaxOf, PAYMENT_METHOD_TEXT, type OrderState, type OrderTax } from './order-terms';
import { describePostalAddress, postalAddressOf } from '../sellers/postal-address';

export interface BuyerReceipt {
  /** The checkout (session) id, shown as the order number. */
  orderNumber: string;
  sellerName: string;
  storefrontPath: string;
  productName: string;
  offeringName: string;
  kind: string;
  /** "month", "3 months" for a subscription; null otherwise. */
  billingPeriod: string | null;
  seatBased: boolean;
  quantity: number;
  /**
   * What the order charged and, when more than one seat (or unit) was bought, the price of one;
   * integer minor units of `currency`, which pages format in the reader's locale. No tax is
   * collected: the receipt's tax line is 0 in this currency.
   */
  amountMinor: number;
  unitAmountMinor: number | null;
  /** The price of what was bought before the discount and before tax added to it (minor units); equals `amountMinor` without either. */
  subtotalMinor: number;
  /** The discount code redeemed and what it took off; null without one. */
  discount: { code: string; amountMinor: number } | null;
  /** The tax in `amountMinor` when the seller collected it (net beside it); null when it did not. */
  tax: OrderTax | null;
  /** The seller's tax registration, printed when it has one. */
  sellerTaxId: string | null;
  /** The buyer's billing address and tax id as given at payment. */
  billingAddress: string | null;
  buyerTaxId: string | null;
  currency: string;
  orderedAt: Date;
  paidAt: Date | null;
  state: OrderState;
  stateText: string;
  processor: PaymentProcessor;
  paymentMethod: string;
  /** The license it delivered, on /licenses (anchor per license); null until delivered. */
  licenseId: string | null;
  licenseHref: string | null;
  /** Where the buyer sees the license code sold with this order again (one-seat orders); null when none was. */
  codeHref: string | null;
  /** The seller's invoice number of a paid order (INV-000042); null for a free or unpaid one. */
  invoiceNumber: string | null;
  /** Whom the order was billed to: the buyer's e-mail. */
  billedTo: string | null;
  /** The refunds on this order, oldest first (one the processor refused is left out: nothing went back). */
  refunds: BuyerReceiptRefund[];
  /** Given back in all (minor units of `currency`); 0 when nothing was. */
  refundedMinor: number;
  /** What the buyer paid once refunds are taken off (minor units); equals `amountMinor` when nothing went back. */
  netPaidMinor: number;
}

interface BuyerReceiptRefund {
  createdAt: Date;
  amountMinor: number;
  /** `pending` until the processor confirms it (the money is on its way back), then `succeeded`. */
  status: 'pending' | 'succeeded';
}

/**
 * One order's receipt, for its buyer only. Another account's order and an unknown id answer the
 * same NotFound, so the page cannot be used to learn which order numbers exist. Amounts come from
 * the checkout (what was charged then), never from the offering's current price.
 */
export async function getBuyerReceipt(ctx: { db: Db }, input: { checkoutId: string; buyerAccountId: string }): Promise<BuyerReceipt> {
  const notFound = new DomainError('NotFound', 'No order with that number among yours.');
  if (!input.checkoutId || input.checkoutId.length > CHECKOUT_ID_MAX || !/^[A-Za-z0-9-]+$/.test(input.checkoutId)) throw notFound;
  const checkout = await ctx.db.checkout.findFirst({
    where: { id: input.checkoutId, buyerAccountId: input.buyerAccountId },
    select: {
      ...ORDER_FIELDS,
      processor: true,
      completedAt: true,
      seller: { select: { issuerClientId: true, storeName: true, contactName: true, legalName: true, taxId: true } },
      offering: { select: { name: true, classification: true, interval: true, intervalUnit: true, seatBased: true, product: { select: { name: true } } } },
      license: { select: { id: true, buyerAccountId: true } },
      invoiceNumber: true,
      customerEmail: true,
      buyer: { select: { email: true } },
      refundedMinor: true,
      refunds: { where: { status: { not: 'failed' } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { createdAt: true, amountMinor: true, status: true } },
    },
  });
  if (!checkout) throw notFound;
  const state = orderStateOf(checkout);
  const { offering } = checkout;
  // The list price of what was bought: before the discount, and before tax added to it (an inclusive price holds its tax).
  const subtotalMinor = checkout.amountMinor + checkout.discountMinor - (checkout.taxBehavior === 'exclusive' ? checkout.taxMinor : 0n);
  const unitAmountMinor = checkout.quantity > 1 && subtotalMinor > 0 ? (checkout.unitPriceMinor ?? Math.round(Number(subtotalMinor) / checkout.quantity)) : null;
  return {
    orderNumber: checkout.id,
    sellerName: storefrontName(checkout.seller),
    storefrontPath: `/marketplace/${encodeURIComponent(checkout.seller.issuerClientId)}`,
    productName: offering.product.name,
    offeringName: offering.name,
    kind: classificationLabel(offering.classification),
    billingPeriod: offering.classification === LicenseClassification.Subscription ? describeInterval(offering.interval, offering.intervalUnit) : null,
    seatBased: offering.seatBased,
    quantity: checkout.quantity,
    amountMinor: Number(checkout.amountMinor),
    unitAmountMinor,
    subtotalMinor: Number(subtotalMinor),
    discount: orderDiscountOf(checkout),
    tax: orderTaxOf(checkout),
    sellerTaxId: checkout.seller.taxId,
    billingAddress: ((address) => (address ? describePostalAddress(address) : null))(postalAddressOf(checkout.billingAddress)),
    buyerTaxId: checkout.buyerTaxId,
    currency: checkout.currency,
    orderedAt: checkout.createdAt,
    paidAt: checkout.status === 'completed' ? checkout.completedAt : null,
    state,
    stateText: ORDER_STATE_TEXT[state],
    processor: checkout.processor,
    paymentMethod: PAYMENT_METHOD_TEXT[checkout.processor],
    ...licenseLinksOf(checkout, input.buyerAccountId),
    invoiceNumber: checkout.invoiceNumber === null ? null : formatInvoiceNumber(checkout.invoiceNumber),
    billedTo: checkout.buyer?.email ?? checkout.customerEmail,
    refunds: checkout.refunds.map((refund) => ({ createdAt: refund.createdAt, amountMinor: Number(refund.amountMinor), status: refund.status === 'succeeded' ? 'succeeded' : 'pending' })),
    refundedMinor: Number(checkout.refundedMinor),
    netPaidMinor: Number(checkout.amountMinor - checkout.refundedMinor),
  };
}

/**
 * Where an order's buyer finds what it sold: the license and its codes, one per seat (the license
 * page shows them again, or issues new ones where it cannot); a seller's tenant checkout of more
 * seats sold no code (its backend issues them). A license moved to someone else is not the buyer's
 * to open any more.
 */
export function licenseLinksOf(
  checkout: { id: string; quantity: number; origin: string; license: { id: string; buyerAccountId: string | null } | null },
  buyerAccountId: string,
): { licenseId: string | null; licenseHref: string | null; codeHref: string | null } {
  const licenseId = checkout.license && checkout.license.buyerAccountId === buyerAccountId ? checkout.license.id : null;
  return {
    licenseId,
    licenseHref: licenseId ? `/licenses#license-${licenseId}` : null,
    codeHref: licenseId && (checkout.quantity === 1 || checkout.origin === 'purchase') ? `/licenses?session=${encodeURIComponent(checkout.id)}` : null,
  };
}
