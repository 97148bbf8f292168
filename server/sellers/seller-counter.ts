import { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../db';

// A seller's gapless invoice numbers: the counter row is taken in the transaction that uses the
// number and stays locked until its commit, so the numbers follow the commit order and a
// rolled-back transaction gives its number back. (Events and audit entries are numbered by the
// database at the commit instead: migration numbered_at_commit.)
const COUNTERS = {
  invoices: Prisma.raw('"SellerInvoiceCounter"'),
} as const;

/** The seller's next number of `counter` (1 for the first), inside `tx`. */
export async function takeSellerNumber(tx: Tx, counter: keyof typeof COUNTERS, sellerId: string): Promise<bigint> {
  const table = COUNTERS[counter];
  const [taken] = await tx.$queryRaw<{ last: bigint }[]>`
    INSERT INTO ${table} ("sellerId", "last") VALUES (${sellerId}, 1)
    ON CONFLICT ("sellerId") DO UPDATE SET "last" = ${table}."last" + 1
    RETURNING "last"::bigint AS "last"`;
  return taken!.last;
}
