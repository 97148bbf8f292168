import type { Tx } from '../db';
import { takeSellerNumber } from '../sellers/seller-counter';

// Invoice numbers: a paid checkout gets the seller's next number in the transaction that settles it
// (1, 2, 3, … per seller, no gaps, in the order they are paid). Free orders have no invoice.

/** Inside the settling transaction: the checkout's number, the seller's next (sellers/seller-counter.ts). */
export async function assignInvoiceNumber(tx: Tx, checkout: { id: string; sellerId: string; amountMinor: bigint }): Promise<number | null> {
  if (checkout.amountMinor <= 0n) return null;
  const invoiceNumber = Number(await takeSellerNumber(tx, 'invoices', checkout.sellerId));
  await tx.checkout.update({ where: { id: checkout.id }, data: { invoiceNumber } });
  return invoiceNumber;
}

/** How an invoice number reads: INV-000042. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}
