import type { SellerRole } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { invitationStateOf, type InvitationState } from './invitation-state';

interface TeamInvitationRow {
  id: string;
  email: string;
  role: SellerRole;
  state: InvitationState;
  invitedBy: string;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** The seller's invitations, newest first: open, expired, accepted and revoked, with their dates. */
export async function listInvitations(ctx: { db: Db; now?: Date }, input: { sellerId: string }): Promise<TeamInvitationRow[]> {
  const now = ctx.now ?? new Date();
  const invitations = await ctx.db.sellerInvitation.findMany({
    where: { sellerId: input.sellerId },
    orderBy: [{ sentAt: 'desc' }, { id: 'desc' }],
    take: 200,
    include: { invitedBy: { select: { email: true } } },
  });
  return invitations.map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    state: invitationStateOf(invitation, now),
    invitedBy: invitation.invitedBy.email,
    createdAt: invitation.createdAt,
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
    acceptedAt: invitation.acceptedAt,
    revokedAt: invitation.revokedAt,
  }));
}
