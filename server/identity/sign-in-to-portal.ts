import crypto from 'node:crypto';
import type { Db } from '../db';
import { env } from '../env';
import { createSeller } from '../sellers/create-seller';
import { recordPortalSignIn } from '../audit/record-portal-sign-in';
import { startBrowserSession, type SessionOrigin } from './browser-sessions';
import { redeemSignInCode } from './email-sign-in';
import { PORTAL_CLIENT_ID } from './identity-config';
import { OAuthError } from './oauth-error';

// Portal sessions sign in through the same identity as the purchase API: the same one-time codes,
// the same accounts. One person, one account. The session itself (next-auth) is the pages' transport.

export const PORTAL_SESSION_SECONDS = 12 * 60 * 60;

export interface PortalSignIn {
  continuationToken: string;
  code: string;
  /** A registration: the person becomes a seller, unless they already are a member of one. */
  register?: boolean;
  contactName?: string | null;
  legalName?: string | null;
  /** Where the sign-in came from (the session list shows it). */
  origin?: SessionOrigin;
}

/**
 * Redeems the e-mailed code for the portal and, on a registration, creates the seller. A second
 * registration changes no existing seller (`registeredBefore`; the store settings page says so).
 * A refused code is an Error whose message the sign-in form shows.
 */
export async function signInToPortal(ctx: { db: Db }, input: PortalSignIn): Promise<{ accountId: string; email: string; sessionId: string; registeredBefore: boolean }> {
  try {
    const { account } = await redeemSignInCode(ctx, { continuationToken: input.continuationToken, code: input.code, clientId: PORTAL_CLIENT_ID });
    let registeredBefore = false;
    if (input.register) {
      registeredBefore = (await ctx.db.sellerMember.findFirst({ where: { accountId: account.id } })) !== null;
      if (!registeredBefore) await createSeller(ctx, { contactName: input.contactName || null, legalName: input.legalName || null, ownerAccountId: account.id });
    }
    // The session and the sign-in's entry in the audit log of each seller the person belongs to, together.
    const sessionId = await ctx.db.$transaction(async (tx) => {
      const id = await startBrowserSession(tx, { accountId: account.id, lifetimeSeconds: PORTAL_SESSION_SECONDS, ...input.origin });
      await recordPortalSignIn(tx, { accountId: account.id, email: account.email, ipAddress: input.origin?.ipAddress, userAgent: input.origin?.userAgent });
      return id;
    });
    return { accountId: account.id, email: account.email, sessionId, registeredBefore };
  } catch (error) {
    if (error instanceof OAuthError) throw new Error(error.description, { cause: error });
    throw error;
  }
}

/** The key that signs portal session cookies, derived from APP_SECRET. */
export function portalSessionSecret(): string {
  return Buffer.from(crypto.hkdfSync('sha256', env().APP_SECRET, 'licensing-service', 'next-auth', 32)).toString('base64url');
}
