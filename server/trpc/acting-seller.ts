import type { Seller, SellerRole } from '@/generated/prisma/client';
import type { Db } from '../db';
import { findSellerMemberships } from '../sellers/find-seller-memberships';

/** The seller a signed-in person acts for in the portal, and their role in it. */
interface ActingSeller {
  seller: Seller;
  role: SellerRole;
}

/**
 * The one answer to "which seller is this session, with which role": the person's oldest
 * membership. tRPC's seller procedure asks it, and through the router so do every page, layout and
 * server action of the portal (portal.me, and each seller procedure they call).
 */
export async function actingSellerOf(ctx: { db: Db }, accountId: string): Promise<ActingSeller | null> {
  const [membership] = await findSellerMemberships(ctx, accountId);
  return membership ? { seller: membership.seller, role: membership.role } : null;
}
