'use server';

import { redirect } from 'next/navigation';
import { api, portalMe, refusedWith } from '@/app/trpc-server';

/**
 * "Accept" on the invitation page: the signed-in account must be the invited address's (the
 * service checks; nothing happens otherwise). Accepted: to the portal. Refused: back to the
 * invitation page, which says why (expired, revoked, another address…).
 */
export async function acceptInvitationAction(token: string): Promise<void> {
  const invitationPath = `/invitations/${encodeURIComponent(token.slice(0, 200))}`;
  if (!(await portalMe())) redirect(`/login?callbackUrl=${encodeURIComponent(invitationPath)}`);
  const accepted = await api.team.acceptInvitation({ token }).then(
    () => true,
    (error: unknown) => {
      if (refusedWith(error, 'ValidationError', 'NotFound', 'InvitationClosed', 'InvitationForAnotherAddress', 'AlreadyMember')) return false;
      throw error;
    },
  );
  redirect(accepted ? '/portal' : invitationPath);
}
