import type { SellerRole } from '@/generated/prisma/client';
import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { endSessionsOf } from '../../identity/browser-sessions';
import { findTeamMember } from './find-team-member';
import { changeTeam, requireAnotherOwner, requireMayTouch, type TeamActor } from './member-changes';
import { memberIdInputSchema } from './team.schema';

/**
 * Removes a member from the store (members:write; only an Owner removes an Owner; never the last
 * Owner). Their portal sessions end in the same transaction: from the commit, their next request
 * on any instance is signed out.
 */
export async function removeMember(ctx: { db: Db }, input: { sellerId: string; actor: TeamActor; memberId: string }): Promise<{ sessionsEnded: number }> {
  const { memberId } = memberIdInputSchema.parse({ memberId: input.memberId });
  return changeTeam(ctx.db, input.sellerId, async (tx) => {
    const member = await findTeamMember(tx, input.sellerId, memberId);
    requireMayTouch(input.actor, member);
    return endMembership(tx, input.sellerId, member);
  });
}

/** A member leaves the store they act for (any role; never the last Owner); their sessions end with it. */
export async function leaveSeller(ctx: { db: Db }, input: { sellerId: string; accountId: string }): Promise<{ sessionsEnded: number }> {
  return changeTeam(ctx.db, input.sellerId, async (tx) => {
    const member = await tx.sellerMember.findUnique({ where: { sellerId_accountId: { sellerId: input.sellerId, accountId: input.accountId } } });
    if (!member) throw new DomainError('NotFound', 'You are not a member of this store.');
    return endMembership(tx, input.sellerId, member);
  });
}

async function endMembership(tx: Tx, sellerId: string, member: { id: string; accountId: string; role: SellerRole }) {
  await requireAnotherOwner(tx, sellerId, member);
  await tx.sellerMember.delete({ where: { id: member.id } });
  return { sessionsEnded: await endSessionsOf(tx, member.accountId, 'member_removed') };
}
