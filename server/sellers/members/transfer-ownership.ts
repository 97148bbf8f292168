import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { requireRolePermission } from './member-permissions';
import { findTeamMember } from './find-team-member';
import { changeTeam, type TeamActor } from './member-changes';
import { memberIdInputSchema } from './team.schema';

/**
 * The Owner hands the store to another member (permission `ownership`): that member becomes Owner
 * and the Owner becomes Admin, in one transaction (the last-Owner trigger is checked at its commit,
 * so the order of the two updates does not matter).
 */
export async function transferOwnership(ctx: { db: Db }, input: { sellerId: string; actor: TeamActor; memberId: string }): Promise<void> {
  requireRolePermission(input.actor.role, 'ownership');
  const { memberId } = memberIdInputSchema.parse({ memberId: input.memberId });
  await changeTeam(ctx.db, input.sellerId, async (tx) => {
    const member = await findTeamMember(tx, input.sellerId, memberId);
    if (member.accountId === input.actor.accountId) throw new DomainError('ValidationError', 'Choose another member: you are the Owner already.');
    await tx.sellerMember.update({ where: { id: member.id }, data: { role: 'Owner' } });
    // The actor's own row, read under the team's lock: their role may have changed since the request began.
    const self = await tx.sellerMember.findUnique({ where: { sellerId_accountId: { sellerId: input.sellerId, accountId: input.actor.accountId } } });
    if (self?.role !== 'Owner') throw new DomainError('RoleForbidden', 'You are no longer an Owner of this store.');
    await tx.sellerMember.update({ where: { id: self.id }, data: { role: 'Admin' } });
  });
}
