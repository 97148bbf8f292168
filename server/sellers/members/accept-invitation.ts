import type { SellerRole } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { invitationTokenHashes } from './invitation-token';
import { invitationStateOf } from './invitation-state';
import { changeTeam } from './member-changes';
import { invitationTokenInputSchema } from './team.schema';

/**
 * Accepts an invitation for the signed-in person: they become a member of the seller with the
 * invited role and the invitation is marked accepted, in one transaction. Only the account of the
 * invited address may (InvitationForAnotherAddress); an expired, revoked or accepted invitation is
 * closed (InvitationClosed), an unknown link NotFound. Accepting again one's own accepted invitation
 * answers the same (a double submit). The portal goes on acting for the person's oldest membership.
 */
export async function acceptInvitation(ctx: { db: Db; now?: Date }, input: { accountId: string; token: string }): Promise<{ sellerId: string; role: SellerRole }> {
  const { token } = invitationTokenInputSchema.parse({ token: input.token });
  const hashes = invitationTokenHashes(token);
  const found = hashes.length > 0 ? await ctx.db.sellerInvitation.findFirst({ where: { tokenHash: { in: hashes } }, select: { sellerId: true } }) : null;
  if (!found) throw new DomainError('NotFound', 'This invitation link is not valid: it may have been replaced by a newer one.');
  const now = ctx.now ?? new Date();
  return changeTeam(ctx.db, found.sellerId, async (tx) => {
    const invitation = await tx.sellerInvitation.findFirst({ where: { tokenHash: { in: hashes } } });
    if (!invitation) throw new DomainError('NotFound', 'This invitation link is not valid: it may have been replaced by a newer one.');
    const account = await tx.account.findUniqueOrThrow({ where: { id: input.accountId }, select: { email: true } });
    if (account.email !== invitation.email) {
      throw new DomainError('InvitationForAnotherAddress', `This invitation is for ${invitation.email}; you are signed in as ${account.email}. Sign in with ${invitation.email} to accept it.`);
    }
    const state = invitationStateOf(invitation, now);
    if (state === 'accepted' && invitation.acceptedAccountId === input.accountId) return { sellerId: invitation.sellerId, role: invitation.role };
    if (state !== 'open') throw new DomainError('InvitationClosed', CLOSED_MESSAGES[state]);
    const member = await tx.sellerMember.findUnique({ where: { sellerId_accountId: { sellerId: invitation.sellerId, accountId: input.accountId } }, select: { id: true } });
    if (member) throw new DomainError('AlreadyMember', 'You are already a member of this store.');
    // Only while still open, decided in the statement that closes it (a revoke or resend may have come between).
    const accepted = await tx.sellerInvitation.updateMany({
      where: { id: invitation.id, tokenHash: invitation.tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedAccountId: input.accountId },
    });
    if (accepted.count === 0) throw new DomainError('InvitationClosed', 'This invitation changed while you accepted it; open the link from the latest e-mail.');
    await tx.sellerMember.create({ data: { sellerId: invitation.sellerId, accountId: input.accountId, role: invitation.role, createdAt: now } });
    return { sellerId: invitation.sellerId, role: invitation.role };
  });
}

const CLOSED_MESSAGES = {
  accepted: 'This invitation was already accepted.',
  revoked: 'This invitation was revoked by the store; ask them for a new one.',
  expired: 'This invitation has expired (links work for 7 days); ask the store to send it again.',
} as const;
