import { getServerSession } from 'next-auth/next';
import { portalAuthOptions } from './auth-options';

export interface PortalSession {
  accountId: string;
  email: string;
}

/** The signed-in person of the portal, or null. Server components, route handlers and tRPC. */
export async function getPortalSession(): Promise<PortalSession | null> {
  const session = await getServerSession(portalAuthOptions());
  const user = session?.user as { accountId?: string; email?: string | null } | undefined;
  return user?.accountId && user.email ? { accountId: user.accountId, email: user.email } : null;
}
