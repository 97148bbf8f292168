import { db } from '@/server/db';
import { getPortalSession } from '@/server/portal/session';
import { findSellerMemberships } from '@/server/sellers/find-seller-memberships';

/** The seller the signed-in person acts for (the portal layout has checked the session), or null. */
export async function currentSellerId(): Promise<string | null> {
  const session = await getPortalSession();
  if (!session) return null;
  const [membership] = await findSellerMemberships({ db: db() }, session.accountId);
  return membership?.seller.id ?? null;
}
