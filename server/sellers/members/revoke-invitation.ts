import type { Db } from '../../db';
import { closedInvitation, findTeamInvitation } from './find-team-invitation';
import { requireMayGrant, type TeamActor } from './member-changes';
import { invitationIdInputSchema } from './team.schema';

/** Revokes an invitation that is not yet accepted (open or expired): its link then says so. */
export async function revokeInvitation(ctx: { db: Db; now?: Date }, input: { sellerId: string; actor: TeamActor; invitationId: string }): Promise<{ revokedAt: Date }> {
  const { invitationId } = invitationIdInputSchema.parse({ invitationId: input.invitationId });
  const now = ctx.now ?? new Date();
  return ctx.db.$transaction(async (tx) => {
    const invitation = await findTeamInvitation(tx, input.sellerId, invitationId);
    requireMayGrant(input.actor, invitation.role);
    const revoked = await tx.sellerInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    if (revoked.count === 0) throw closedInvitation(invitation);
    return { revokedAt: now };
  });
}
