import type { Tx } from '../../db';
import { DomainError } from '../../errors';

/** One of the seller's invitations (another seller's is NotFound, as an absent one). */
export async function findTeamInvitation(tx: Tx, sellerId: string, invitationId: string) {
  const invitation = await tx.sellerInvitation.findFirst({ where: { id: invitationId, sellerId } });
  if (!invitation) throw new DomainError('NotFound', 'No such invitation of this store.');
  return invitation;
}

/** The refusal of a change to an invitation that was accepted or revoked. */
export function closedInvitation(invitation: { acceptedAt: Date | null; email: string }): DomainError {
  return invitation.acceptedAt
    ? new DomainError('InvitationClosed', `The invitation to ${invitation.email} was already accepted.`)
    : new DomainError('InvitationClosed', `The invitation to ${invitation.email} was revoked; invite the address again instead.`);
}
