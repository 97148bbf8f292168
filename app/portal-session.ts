import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth/next';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { PortalSession } from '@licensing/core';
import { CLIENT_IP_HEADER, trpc } from '@/app/core';

/** A header of the sign-in request, whichever shape next-auth hands it in. */
function headerOf(request: { headers?: Record<string, unknown> | Headers } | undefined, name: string): string | null {
  const headers = request?.headers;
  if (!headers) return null;
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return typeof value === 'string' ? value : null;
}

// The portal's sessions are next-auth's, kept here in the pages' transport; the core redeems the
// sign-in (portalSessions.signIn), names the person (PortalSession) and decides what they may do:
// every page asks the router (app/trpc-server.ts), whose context carries this session.

export type { PortalSession };

let options: NextAuthOptions | undefined;

export function portalAuthOptions(): NextAuthOptions {
  if (options) return options;
  const settings = trpc.portalSessions.settings();
  process.env.NEXTAUTH_URL ??= settings.publicBaseUrl;
  options = {
    secret: settings.secret,
    session: { strategy: 'jwt', maxAge: settings.maxAgeSeconds },
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
        async authorize(credentials, request) {
          if (!credentials?.continuationToken || !credentials.code) return null;
          const signedIn = await trpc.portalSessions.signIn({
            continuationToken: credentials.continuationToken,
            code: credentials.code,
            register: credentials.register === 'true',
            contactName: credentials.contactName,
            legalName: credentials.legalName,
            origin: { ipAddress: headerOf(request, CLIENT_IP_HEADER), userAgent: headerOf(request, 'user-agent') },
          });
          return { id: signedIn.accountId, email: signedIn.email, sessionId: signedIn.sessionId, registeredBefore: signedIn.registeredBefore };
        },
      }),
      // The e-mailed sign-in link's Continue (app/(service)/login/link/[token]).
      CredentialsProvider({
        id: 'email-link',
        name: 'E-mail link',
        credentials: { token: { type: 'text' } },
        async authorize(credentials, request) {
          if (!credentials?.token) return null;
          const signedIn = await trpc.portalSessions.signInWithLink({
            token: credentials.token,
            origin: { ipAddress: headerOf(request, CLIENT_IP_HEADER), userAgent: headerOf(request, 'user-agent') },
          });
          return { id: signedIn.accountId, email: signedIn.email, sessionId: signedIn.sessionId, registeredBefore: false };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const signedIn = user as { sessionId?: string; registeredBefore?: boolean };
          Object.assign(token, { accountId: user.id, sessionId: signedIn.sessionId, registeredBefore: signedIn.registeredBefore === true });
        }
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { accountId: token.accountId, email: token.email, sessionId: token.sessionId, registeredBefore: token.registeredBefore === true });
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sessionId === 'string') await trpc.portalSessions.signOut(token.sessionId);
      },
    },
  };
  return options;
}

/** The signed-in person of the portal, or null: the session of the router's context (app/trpc-server.ts, the tRPC route file). */
export async function getPortalSession(): Promise<PortalSession | null> {
  const session = await getServerSession(portalAuthOptions());
  return trpc.portalSessions.sessionOf(session?.user);
}
