import type { Db } from '../../db';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { closedInvitation, findTeamInvitation } from './find-team-invitation';
import { INVITATION_LIFETIME_MS, mintInvitationToken } from './invitation-token';
import { requireMayGrant, type TeamActor } from './member-changes';
import { recordInvitationEmail, type SentInvitation } from './invite-member';
import { invitationIdInputSchema } from './team.schema';

/**
 * Sends an invitation again with a new link and 7 new days: the old link names nothing from the
 * commit on. An open or expired invitation may be resent; an accepted or revoked one is closed
 * (InvitationClosed: invite the address anew). An Admin cannot resend an invitation as Owner.
 */
export async function resendInvitation(ctx: { db: Db; now?: Date }, input: { sellerId: string; actor: TeamActor; invitationId: string }): Promise<SentInvitation> {
  const { invitationId } = invitationIdInputSchema.parse({ invitationId: input.invitationId });
  const now = ctx.now ?? new Date();
  const sent = await ctx.db.$transaction(async (tx) => {
    const invitation = await findTeamInvitation(tx, input.sellerId, invitationId);
    requireMayGrant(input.actor, invitation.role);
    const { token, tokenHash } = mintInvitationToken();
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
    // Only while still neither accepted nor revoked, decided in the one statement that replaces the token.
    const replaced = await tx.sellerInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null },
      data: { tokenHash, sentAt: now, expiresAt, invitedById: input.actor.accountId },
    });
    if (replaced.count === 0) throw closedInvitation(invitation);
    await recordInvitationEmail(tx, { sellerId: input.sellerId, invitedById: input.actor.accountId, email: invitation.email, role: invitation.role, token, expiresAt });
    return { invitationId: invitation.id, email: invitation.email, role: invitation.role, expiresAt };
  });
  await requestEmailDelivery();
  return sent;
}

