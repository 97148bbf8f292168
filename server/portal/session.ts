import { getServerSession } from 'next-auth/next';
import { portalAuthOptions } from './auth-options';

export interface PortalSession {
  accountId: string;
  email: string;
  /** This session began with a registration by someone who already was a seller member. */
  registeredBefore?: boolean;
}

/** The signed-in person of the portal, or null. Server components, route handlers and tRPC. */
export async function getPortalSession(): Promise<PortalSession | null> {
  const session = await getServerSession(portalAuthOptions());
  const user = session?.user as { accountId?: string; email?: string | null; registeredBefore?: boolean } | undefined;
  return user?.accountId && user.email ? { accountId: user.accountId, email: user.email, registeredBefore: user.registeredBefore === true } : null;
}
