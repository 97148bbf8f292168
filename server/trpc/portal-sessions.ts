import { db } from '../db';
import { env } from '../env';
import { endBrowserSession } from '../identity/browser-sessions';
import { portalSessionOf } from '../identity/portal-session';
import { PORTAL_SESSION_SECONDS, portalSessionSecret, signInToPortal, type PortalSignIn } from '../identity/sign-in-to-portal';
import { signInWithLink } from '../identity/sign-in-links';
import type { SessionOrigin } from '../identity/browser-sessions';

/**
 * What the portal's session transport (next-auth, in app/portal-session.ts) needs of the core: its
 * settings, the redemption of an e-mailed code or sign-in link (a refused one is an Error whose
 * message the sign-in form shows, so it is no procedure), and the session a next-auth user carries. The sessions it makes
 * are the `session` of every tRPC context.
 */
export const portalSessions = {
  settings: () => ({ secret: portalSessionSecret(), maxAgeSeconds: PORTAL_SESSION_SECONDS, publicBaseUrl: env().publicBaseUrl }),
  signIn: (input: PortalSignIn) => signInToPortal({ db: db() }, input),
  /** An e-mailed sign-in link's Continue (spends it). */
  signInWithLink: (input: { token: string; origin?: SessionOrigin }) => signInWithLink({ db: db() }, input),
  sessionOf: (user: Parameters<typeof portalSessionOf>[1]) => portalSessionOf({ db: db() }, user),
  /** next-auth's sign-out: the session's row ends, so its cookie is refused everywhere even if kept. */
  signOut: (sessionId: string) => endBrowserSession({ db: db() }, { sessionId }),
};
