import type { Db } from '../db';

/** The sellers a person acts for, oldest membership first. */
export async function findSellerMemberships(ctx: { db: Db }, accountId: string) {
  return ctx.db.sellerMember.findMany({ where: { accountId }, include: { seller: true }, orderBy: { createdAt: 'asc' } });
}
