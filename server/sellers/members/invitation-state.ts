/** Where an invitation stands: open until accepted, revoked or its 7 days are over. */
export type InvitationState = 'open' | 'expired' | 'accepted' | 'revoked';

export function invitationStateOf(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'open';
}
