import type { SellerRole } from '@/generated/prisma/client';
import type { Db } from '../../db';

interface TeamMemberRow {
  id: string;
  accountId: string;
  email: string;
  role: SellerRole;
  since: Date;
}

/** The seller's members, oldest first (the store's founder at the top). */
export async function listMembers(ctx: { db: Db }, input: { sellerId: string }): Promise<TeamMemberRow[]> {
  const members = await ctx.db.sellerMember.findMany({
    where: { sellerId: input.sellerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { account: { select: { email: true } } },
  });
  return members.map((member) => ({ id: member.id, accountId: member.accountId, email: member.account.email, role: member.role, since: member.createdAt }));
}
