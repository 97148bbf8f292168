import type { Db } from '../db';

/** The seller's next event number; the counter row stays locked until the commit, so numbers follow the commit order. */
export async function nextSequence(tx: Db, sellerId: string): Promise<bigint> {
  const [counter] = await tx.$queryRaw<{ last: bigint }[]>`
    INSERT INTO "SellerEventCounter" ("sellerId", "last") VALUES (${sellerId}, 1)
    ON CONFLICT ("sellerId") DO UPDATE SET "last" = "SellerEventCounter"."last" + 1
    RETURNING "last"`;
  return counter!.last;
}
