import type { SellerRole } from '@/generated/prisma/client';
import { storefrontName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { invitationTokenHashes } from './invitation-token';
import { invitationStateOf, type InvitationState } from './invitation-state';

/** What the invitation page shows of a link: its state, and (for a link that names one) the invitation. */
interface InvitationView {
  state: InvitationState | 'unknown';
  details: {
    storeName: string;
    email: string;
    role: SellerRole;
    invitedBy: string;
    expiresAt: Date;
    acceptedAt: Date | null;
    revokedAt: Date | null;
    /** The account that accepted it, so the page can tell the person their own acceptance. */
    acceptedByAccountId: string | null;
  } | null;
}

/** The invitation a link names (public: the token is the credential; a replaced or unknown one is `unknown`). */
export async function describeInvitation(ctx: { db: Db; now?: Date }, input: { token: string }): Promise<InvitationView> {
  const hashes = invitationTokenHashes(input.token);
  if (hashes.length === 0) return { state: 'unknown', details: null };
  const invitation = await ctx.db.sellerInvitation.findFirst({
    where: { tokenHash: { in: hashes } },
    include: { seller: true, invitedBy: { select: { email: true } } },
  });
  if (!invitation) return { state: 'unknown', details: null };
  return {
    state: invitationStateOf(invitation, ctx.now ?? new Date()),
    details: {
      storeName: storefrontName(invitation.seller),
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.invitedBy.email,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      revokedAt: invitation.revokedAt,
      acceptedByAccountId: invitation.acceptedAccountId,
    },
  };
}
