import type { Seller } from '@/generated/prisma/client';
import { db } from '../db';
import { findSellerMemberships } from '../sellers/find-seller-memberships';
import { getPortalSession, type PortalSession } from './session';

export interface PortalSeller {
  session: PortalSession;
  /** The seller the person acts for (their oldest membership), or null for a person who sells nothing. */
  seller: Seller | null;
}

/** The signed-in person of the portal and the seller they act for; null without a session. */
export async function getPortalSeller(): Promise<PortalSeller | null> {
  const session = await getPortalSession();
  if (!session) return null;
  const [membership] = await findSellerMemberships({ db: db() }, session.accountId);
  return { session, seller: membership?.seller ?? null };
}
