import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth/next';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { PortalSession, Seller } from '@licensing/core';
import { db, env, findSellerMemberships, PORTAL_SESSION_SECONDS, portalSessionOf, portalSessionSecret, signInToPortal } from '@/app/core';

// The portal's sessions are next-auth's, kept here in the pages' transport; the core redeems the
// sign-in (signInToPortal), names the person (PortalSession) and decides what they may do.

export type { PortalSession };

let options: NextAuthOptions | undefined;

export function portalAuthOptions(): NextAuthOptions {
  if (options) return options;
  process.env.NEXTAUTH_URL ??= env().publicBaseUrl;
  options = {
    secret: portalSessionSecret(),
    session: { strategy: 'jwt', maxAge: PORTAL_SESSION_SECONDS },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        id: 'email-code',
        name: 'E-mail code',
        credentials: {
          continuationToken: { type: 'text' },
          code: { type: 'text' },
          register: { type: 'text' },
          contactName: { type: 'text' },
          legalName: { type: 'text' },
        },
        async authorize(credentials) {
          if (!credentials?.continuationToken || !credentials.code) return null;
          const signedIn = await signInToPortal(
            { db: db() },
            {
              continuationToken: credentials.continuationToken,
              code: credentials.code,
              register: credentials.register === 'true',
              contactName: credentials.contactName,
              legalName: credentials.legalName,
            },
          );
          return { id: signedIn.accountId, email: signedIn.email, registeredBefore: signedIn.registeredBefore };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) Object.assign(token, { accountId: user.id, registeredBefore: (user as { registeredBefore?: boolean }).registeredBefore === true });
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { accountId: token.accountId, email: token.email, registeredBefore: token.registeredBefore === true });
        return session;
      },
    },
  };
  return options;
}

/** The signed-in person of the portal, or null. Server components, server actions and route files. */
export async function getPortalSession(): Promise<PortalSession | null> {
  const session = await getServerSession(portalAuthOptions());
  return portalSessionOf(session?.user as Parameters<typeof portalSessionOf>[0]);
}

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
