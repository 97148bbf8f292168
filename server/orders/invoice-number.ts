import type { Db } from '../db';

// Invoice numbers: a paid checkout gets the seller's next number in the transaction that settles it
// (1, 2, 3, … per seller, no gaps, in the order they are paid). Free orders have no invoice.

/** Inside the settling transaction: the checkout's number, taken from the seller's counter (locked until commit). */
export async function assignInvoiceNumber(tx: Db, checkout: { id: string; sellerId: string; amountMinor: bigint }): Promise<number | null> {
  if (checkout.amountMinor <= 0n) return null;
  const [counter] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "SellerInvoiceCounter" ("sellerId", "last") VALUES (${checkout.sellerId}, 1)
    ON CONFLICT ("sellerId") DO UPDATE SET "last" = "SellerInvoiceCounter"."last" + 1
    RETURNING "last"`;
  await tx.checkout.update({ where: { id: checkout.id }, data: { invoiceNumber: counter!.last } });
  return counter!.last;
}

/** How an invoice number reads: INV-000042. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}
