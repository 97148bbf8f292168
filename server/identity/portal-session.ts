/** The signed-in person of the portal, as the pages' transport (next-auth, in app/) reads it. */
export interface PortalSession {
  accountId: string;
  email: string;
  /** This session began with a registration by someone who already was a seller member. */
  registeredBefore?: boolean;
}

/** The portal session carried by a next-auth session's user, or null. */
export function portalSessionOf(user: { accountId?: string; email?: string | null; registeredBefore?: boolean } | undefined): PortalSession | null {
  return user?.accountId && user.email ? { accountId: user.accountId, email: user.email, registeredBefore: user.registeredBefore === true } : null;
}
