import { minorUnitDigits, toBaseRate } from '../catalog/money';
import type { Db } from '../db';
import { iterateSellerOrders, type SellerOrderRow, type SellerOrdersQuery } from './list-seller-orders';
import { csvStream, type CsvValue } from './spreadsheet-safe-csv';

export const ORDER_CSV_HEADER = ['Order id', 'Created (UTC)', 'Completed (UTC)', 'Customer e-mail', 'Product', 'Offering', 'Seats', 'Amount', 'Tax', 'Discount', 'Discount code', 'Refunded', 'Currency', 'Status', 'Channel', 'Tenant id', 'License id'] as const;

/** The amount as a decimal in the currency's own digits ("49.00", "1200" for yen). */
function decimalAmount(amountMinor: number, currency: string): string {
  return toBaseRate(amountMinor, currency)!.toFixed(minorUnitDigits(currency));
}

export function orderCsvCells(order: SellerOrderRow): CsvValue[] {
  return [
    order.id,
    order.createdAt.toISOString(),
    order.completedAt?.toISOString(),
    order.customerEmail,
    order.productName,
    order.offeringName,
    order.seats,
    decimalAmount(order.amountMinor, order.currency),
    // The tax in Amount (Amount is the gross): "0.00" when none was collected.
    decimalAmount(order.taxMinor, order.currency),
    // What a discount code took off (Amount is after it): "0.00" and no code without one.
    decimalAmount(order.discount?.amountMinor ?? 0, order.currency),
    order.discount?.code,
    // Given back so far (refunds pending or done), in the Amount column's format: "0.00" when none.
    decimalAmount(order.refundedMinor, order.currency),
    order.currency.toUpperCase(),
    order.status,
    order.channel,
    order.tenantId,
    order.licenseId,
  ];
}

/** The seller's orders matching the page's filter (every page of it) as CSV. */
export function sellerOrdersCsv(ctx: { db: Db }, input: Omit<SellerOrdersQuery, 'page'> & { sellerId: string }): ReadableStream<Uint8Array> {
  return csvStream(ORDER_CSV_HEADER, iterateSellerOrders(ctx, input), orderCsvCells);
}
