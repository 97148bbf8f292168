import type { Tx } from '../../db';
import { DomainError } from '../../errors';

/** One member of the seller (another seller's member is NotFound, as an absent one). */
export async function findTeamMember(tx: Tx, sellerId: string, memberId: string) {
  const member = await tx.sellerMember.findFirst({ where: { id: memberId, sellerId }, include: { account: { select: { email: true } } } });
  if (!member) throw new DomainError('NotFound', 'No such member of this store.');
  return member;
}
