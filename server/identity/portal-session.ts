import type { Db } from '../db';
import { isBrowserSessionLive } from './browser-sessions';

/** The signed-in person of the portal, as the pages' transport (next-auth, in app/) reads it. */
export interface PortalSession {
  accountId: string;
  email: string;
  /**
   * The BrowserSession row behind a cookie (the session list marks it; signing out ends it). Absent
   * only for contexts made in process (a script's, a test's), which no cookie carries.
   */
  sessionId?: string;
  /** This session began with a registration by someone who already was a seller member. */
  registeredBefore?: boolean;
}

/**
 * The portal session carried by a next-auth session's user, or null: also null once its
 * BrowserSession has ended or expired (a cookie from before sessions were recorded names none).
 */
export async function portalSessionOf(
  ctx: { db: Db },
  user: { accountId?: string; email?: string | null; sessionId?: string; registeredBefore?: boolean } | undefined,
): Promise<PortalSession | null> {
  if (!user?.accountId || !user.email || !user.sessionId) return null;
  if (!(await isBrowserSessionLive(ctx, { sessionId: user.sessionId, accountId: user.accountId }))) return null;
  return { accountId: user.accountId, email: user.email, sessionId: user.sessionId, registeredBefore: user.registeredBefore === true };
}
