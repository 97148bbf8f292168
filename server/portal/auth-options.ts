import crypto from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { db } from '../db';
import { env } from '../env';
import { redeemSignInCode } from '../identity/email-sign-in';
import { PORTAL_CLIENT_ID } from '../identity/identity-config';
import { OAuthError } from '../identity/oauth-error';
import { createSeller } from '../sellers/create-seller';

// Portal sessions (next-auth) sign in through the same identity as the purchase API: the same
// one-time codes, the same accounts. One person, one account.

const SESSION_SECONDS = 12 * 60 * 60;
let options: NextAuthOptions | undefined;

export function portalAuthOptions(): NextAuthOptions {
  if (options) return options;
  const config = env();
  process.env.NEXTAUTH_URL ??= config.publicBaseUrl;
  options = {
    secret: Buffer.from(crypto.hkdfSync('sha256', config.APP_SECRET, 'licensing-service', 'next-auth', 32)).toString('base64url'),
    session: { strategy: 'jwt', maxAge: SESSION_SECONDS },
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
          const ctx = { db: db() };
          try {
            const { account } = await redeemSignInCode(ctx, { continuationToken: credentials.continuationToken, code: credentials.code, clientId: PORTAL_CLIENT_ID });
            let registeredBefore = false;
            if (credentials.register === 'true') {
              registeredBefore = (await ctx.db.sellerMember.findFirst({ where: { accountId: account.id } })) !== null;
              if (!registeredBefore) {
                await createSeller(ctx, { contactName: credentials.contactName || null, legalName: credentials.legalName || null, ownerAccountId: account.id });
              }
            }
            // A second registration changes no existing seller; the store settings page says so.
            return { id: account.id, email: account.email, registeredBefore };
          } catch (error) {
            if (error instanceof OAuthError) throw new Error(error.description);
            throw error;
          }
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
