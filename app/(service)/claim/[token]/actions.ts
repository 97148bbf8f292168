'use server';

import { redirect } from 'next/navigation';
import { acceptClaim, CLAIM_TOKEN_MAX_LENGTH, db } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

/**
 * "Accept" on the claim page. The signed-in account must be the one of the claim's address
 * (acceptClaim checks; nothing happens otherwise). Accepted: to the seller's ReturnUrl with
 * session_id, else the license page. Anything else: back to the claim page, which says why.
 */
export async function acceptClaimAction(token: string): Promise<void> {
  const claimPath = `/claim/${encodeURIComponent(token.slice(0, CLAIM_TOKEN_MAX_LENGTH))}`;
  const session = await getPortalSession();
  if (!session) redirect(`/login?callbackUrl=${encodeURIComponent(claimPath)}`);
  const outcome = await acceptClaim({ db: db() }, { token, accountId: session.accountId, accountEmail: session.email });
  redirect(outcome.outcome === 'accepted' ? outcome.landingUrl : claimPath);
}
