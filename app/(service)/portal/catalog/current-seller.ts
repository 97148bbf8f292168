import { db, findSellerMemberships } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

/** The seller the signed-in person acts for (the portal layout has checked the session), or null. */
export async function currentSellerId(): Promise<string | null> {
  const session = await getPortalSession();
  if (!session) return null;
  const [membership] = await findSellerMemberships({ db: db() }, session.accountId);
  return membership?.seller.id ?? null;
}
