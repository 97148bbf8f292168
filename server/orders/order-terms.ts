import type { CheckoutStatus, PaymentProcessor, Prisma, TaxBehavior } from '@/generated/prisma/client';
import { LOCAL_CHECKOUT_CANCELLED_ERROR } from '../checkout/local-checkout/pay-local-checkout';

// How an order reads to its buyer: amounts from what the checkout charged (Checkout.amountMinor and
// currency, fixed when it opened), never the offering's price today; statuses and processors in words.

/** The checkout fields every view of an order reads (its number, outcome, what it charged and when). */
export const ORDER_FIELDS = {
  id: true,
  status: true,
  error: true,
  quantity: true,
  origin: true,
  amountMinor: true,
  currency: true,
  createdAt: true,
  unitPriceMinor: true,
  discountCode: true,
  discountMinor: true,
  taxBehavior: true,
  taxMinor: true,
  taxRateBps: true,
  taxExempt: true,
  billingAddress: true,
  buyerTaxId: true,
} as const satisfies Prisma.CheckoutSelect;

/** The tax of an order, when the seller collected it: in the gross (`amountMinor`), the net beside it. Null when no tax was collected. */
export function orderTaxOf(checkout: { taxBehavior: TaxBehavior | null; taxMinor: bigint; amountMinor: bigint; taxRateBps: number | null; taxExempt: boolean }): OrderTax | null {
  if (!checkout.taxBehavior) return null;
  return {
    behavior: checkout.taxBehavior,
    taxMinor: Number(checkout.taxMinor),
    netMinor: Number(checkout.amountMinor - checkout.taxMinor),
    rateBps: checkout.taxRateBps,
    exempt: checkout.taxExempt,
  };
}

export interface OrderTax {
  behavior: TaxBehavior;
  taxMinor: number;
  /** The gross (`amountMinor`) less the tax. */
  netMinor: number;
  /** The rate applied when the service computed it (basis points); null when Stripe did. */
  rateBps: number | null;
  /** No tax was due: a business buyer abroad (reverse charge), or exempt at the processor. */
  exempt: boolean;
}

/** The discount code an order redeemed and what it took off the first payment (minor units of the order's currency); null without one. */
export function orderDiscountOf(checkout: { discountCode: string | null; discountMinor: bigint }): { code: string; amountMinor: number } | null {
  return checkout.discountCode ? { code: checkout.discountCode, amountMinor: Number(checkout.discountMinor) } : null;
}

export type OrderState = 'paid' | 'completed' | 'pending' | 'cancelled' | 'failed';

/** The order's state: a completed free order is "completed", a paid one "paid"; a cancelled payment is told apart from a failed one. */
export function orderStateOf(checkout: { status: CheckoutStatus; error: string | null; amountMinor: bigint }): OrderState {
  if (checkout.status === 'completed') return checkout.amountMinor > 0 ? 'paid' : 'completed';
  if (checkout.status === 'pending') return 'pending';
  return checkout.error === LOCAL_CHECKOUT_CANCELLED_ERROR ? 'cancelled' : 'failed';
}

export const ORDER_STATE_TEXT: Record<OrderState, string> = {
  paid: 'Paid',
  completed: 'Completed',
  pending: 'Not completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const PAYMENT_METHOD_TEXT: Record<PaymentProcessor, string> = {
  local: 'Local test processor (no card charged)',
  stripe: 'Stripe',
  none: 'Free (no payment)',
};
