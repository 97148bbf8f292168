'use server';

import { redirect } from 'next/navigation';
import { kit } from '@/app/core';
import { api, portalMe, refusedWith } from '@/app/trpc-server';

/**
 * "Accept" on the claim page. The signed-in account must be the one of the claim's address
 * (acceptClaim checks; nothing happens otherwise). Accepted: to the seller's ReturnUrl with
 * session_id, else the license page. Anything else: back to the claim page, which says why.
 */
export async function acceptClaimAction(token: string): Promise<void> {
  const claimPath = `/claim/${encodeURIComponent(token.slice(0, kit.CLAIM_TOKEN_MAX_LENGTH))}`;
  if (!(await portalMe())) redirect(`/login?callbackUrl=${encodeURIComponent(claimPath)}`);
  // Text no token can hold is refused as input: back to the claim page, which says the link is invalid.
  const outcome = await api.checkoutPages.acceptClaim({ token }).catch((error: unknown) => {
    if (refusedWith(error, 'ValidationError')) return null;
    throw error;
  });
  redirect(outcome?.outcome === 'accepted' ? outcome.landingUrl : claimPath);
}
