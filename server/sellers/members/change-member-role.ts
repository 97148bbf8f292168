import type { SellerRole } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { findTeamMember } from './find-team-member';
import { changeTeam, requireAnotherOwner, requireMayGrant, requireMayTouch, type TeamActor } from './member-changes';
import { changeMemberRoleInputSchema } from './team.schema';

/**
 * Gives a member another role (members:write). An Admin can neither change an Owner nor make anyone
 * Owner (RoleForbidden); the store's last Owner keeps the role (LastOwner: transfer ownership instead).
 */
export async function changeMemberRole(ctx: { db: Db }, input: { sellerId: string; actor: TeamActor; memberId: string; role: SellerRole }): Promise<{ role: SellerRole }> {
  const { memberId, role } = changeMemberRoleInputSchema.parse({ memberId: input.memberId, role: input.role });
  return changeTeam(ctx.db, input.sellerId, async (tx) => {
    const member = await findTeamMember(tx, input.sellerId, memberId);
    requireMayTouch(input.actor, member);
    requireMayGrant(input.actor, role);
    if (member.role === role) return { role };
    if (role !== 'Owner') await requireAnotherOwner(tx, input.sellerId, member);
    await tx.sellerMember.update({ where: { id: member.id }, data: { role } });
    return { role };
  });
}
