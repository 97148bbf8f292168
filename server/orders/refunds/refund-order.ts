import type { Checkout } from '@/generated/prisma/client';
import { minorUnitDigits, toBaseRate } from '../../catalog/money';
import { CHECKOUT_ID_MAX } from '../../checkout/checkout-core';
import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { runOnce } from '../../licensing/management-request';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { requestProcessorCalls } from '../../payments/processor-calls';
import { recordRefundWithin } from './record-refund';
import type { RefundLicenseAction, RefundOrderInput, RefundView } from './refund.schema';

// A seller gives money back on an order (docs/payments.md "Refunds"): the portal's order page and
// POST /licensing-mgmt/orders/{orderId}/refunds, idempotent by RequestId. The refund is recorded
// with everything it changes (the order's refunded total, the license, the event, the buyer's
// e-mail) and the call that makes it at the processor, which runs after the commit with that call's
// id as the idempotency key: never inside the transaction, never twice.

const amountField = (message: string) => new DomainError('ValidationError', message, { details: [{ Code: 'InvalidValue', Message: message, Field: 'Amount' }] });

/** A major-unit Amount as minor units of the order's currency; more decimals than the currency has are refused. */
function amountInMinorUnits(amount: number, currency: string): bigint {
  const digits = minorUnitDigits(currency);
  const minor = amount * 10 ** digits;
  if (Math.abs(minor - Math.round(minor)) > 1e-6) throw amountField(`Amount has more decimals than ${currency.toUpperCase()} allows (${digits}).`);
  return BigInt(Math.round(minor));
}

/** The seller's paid order, locked for the refund (refunds of one order run one after another). */
async function lockedPaidOrder(tx: Tx, input: { sellerId: string; orderId: string }): Promise<Checkout> {
  const [row] =
    input.orderId.length <= CHECKOUT_ID_MAX
      ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Checkout" WHERE "id" = ${input.orderId} AND "sellerId" = ${input.sellerId} FOR UPDATE`
      : [];
  if (!row) throw new DomainError('NotFound', 'No order with that id for this seller.');
  const order = await tx.checkout.findUniqueOrThrow({ where: { id: row.id }, include: { license: { select: { id: true } }, disputes: { where: { status: 'open' }, select: { id: true } } } });
  if (order.status !== 'completed' || order.amountMinor <= 0n) throw amountField('Only a paid order can be refunded; this one took no money.');
  // The bank holds a disputed payment: the processor refuses a refund of it until the dispute closes.
  if (order.disputes.length > 0) throw new DomainError('ValidationError', 'The payment of this order is disputed; it can be refunded once the dispute closes.');
  // A refund is made through the license's call queue; an order whose license is gone is refunded at the processor itself.
  if (!order.license) throw new DomainError('ValidationError', 'This order has no license any more; refund it at the payment processor.');
  const { license: _license, disputes: _disputes, ...checkout } = order;
  return checkout;
}

function toRefundView(
  refund: { id: string; checkoutId: string; amountMinor: bigint; currency: string; status: string; source: string; licenseAction: string; reason: string | null; createdAt: Date },
  order: { amountMinor: bigint; refundedMinor: bigint; currency: string },
  licenseStatus: string | null,
): RefundView {
  const major = (minor: bigint) => toBaseRate(Number(minor), order.currency) ?? 0;
  return {
    refundId: refund.id,
    orderId: refund.checkoutId,
    amount: major(refund.amountMinor),
    currency: refund.currency,
    status: refund.status as RefundView['status'],
    source: refund.source as RefundView['source'],
    license: refund.licenseAction as RefundLicenseAction,
    reason: refund.reason,
    createdUtc: refund.createdAt.toISOString(),
    order: { amount: major(order.amountMinor), refunded: major(order.refundedMinor), refundable: major(order.amountMinor - order.refundedMinor) },
    licenseStatus,
  };
}

export async function refundOrder(ctx: { db: Db; now?: () => Date }, input: RefundOrderInput & { sellerId: string; orderId: string }): Promise<RefundView> {
  let after = { processorCalls: false, emailQueued: false };
  const view = await runOnce(
    ctx,
    { sellerId: input.sellerId, requestId: input.requestId, operation: 'refund-order', inputs: [input.orderId, input.amount ?? null, input.reason ?? null, input.license ?? null] },
    async (tx) => {
      const order = await lockedPaidOrder(tx, input);
      const left = order.amountMinor - order.refundedMinor;
      if (left <= 0n) throw amountField('Nothing is left to refund on this order.');
      const amountMinor = input.amount === undefined ? left : amountInMinorUnits(input.amount, order.currency);
      if (amountMinor <= 0n) throw amountField('Amount must be more than 0.');
      if (amountMinor > left) throw amountField(`Amount is more than what is left to refund (${toBaseRate(Number(left), order.currency)} ${order.currency.toUpperCase()}).`);
      // What leaves the order fully refunded ends the license unless the seller says otherwise.
      const whole = amountMinor === left;
      const recorded = await recordRefundWithin(tx, order, {
        amountMinor,
        reason: input.reason ?? null,
        source: 'seller',
        licenseAction: input.license ?? (whole ? 'revoke' : 'keep'),
        now: ctx.now?.() ?? new Date(),
      });
      after = recorded;
      const [refund, updated] = await Promise.all([
        tx.refund.findUniqueOrThrow({ where: { id: recorded.refundId } }),
        tx.checkout.findUniqueOrThrow({ where: { id: order.id }, include: { license: { select: { status: true } } } }),
      ]);
      return toRefundView(refund, updated, updated.license?.status ?? null);
    },
  );
  if (after.processorCalls) await requestProcessorCalls();
  if (after.emailQueued) await requestEmailDelivery();
  return view;
}
