import { Prisma } from '@/generated/prisma/client';
import { recordPortalSignIn } from '../audit/record-portal-sign-in';
import { randomToken, secretHmacCandidates, secretHmacHex } from '../crypto/secrets';
import type { Db, Tx } from '../db';
import { env } from '../env';
import { startBrowserSession, type SessionOrigin } from './browser-sessions';
import { PORTAL_SESSION_SECONDS } from './sign-in-to-portal';

// A sign-in link is {base}/login/link/<token>: the delivery e-mail's way straight to the license
// codes, like a claim link (32 random bytes; only the HMAC keyed from APP_SECRET, purpose
// "sign-in-link", is stored). It signs its account in once, to one same-site path, for
// SIGN_IN_LINK_SECONDS. Opening the page uses nothing (mail scanners fetch links): the person
// presses Continue, and only that spends it. An expired or used link leads to the ordinary sign-in,
// with the same path to come back to.

const PURPOSE = 'sign-in-link';
/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_SECONDS = 60 * 60;
/** Longer tokens are not ours: refused before hashing. */
const TOKEN_MAX_LENGTH = 100;

export type SignInLinkState = 'open' | 'used' | 'expired' | 'unknown';

/** Only same-site paths: a link must never send the person elsewhere. */
function isSameSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** A new sign-in link for the account to `path`, in the caller's transaction; the token is in the URL only. */
export async function mintSignInLink(tx: Tx, input: { accountId: string; path: string; now?: Date }): Promise<string> {
  if (!isSameSitePath(input.path)) throw new Error(`A sign-in link leads to a same-site path, not ${input.path}`);
  const token = randomToken(32);
  const now = input.now ?? new Date();
  await tx.signInLink.create({
    data: { accountId: input.accountId, tokenHash: secretHmacHex(PURPOSE, token), path: input.path, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_LINK_SECONDS * 1000) },
  });
  return `${env().publicBaseUrl}/login/link/${token}`;
}

function hashesOf(token: string): string[] | null {
  if (token.length === 0 || token.length > TOKEN_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  return secretHmacCandidates(PURPOSE, token);
}

/** What the link page says before Continue: whether the link still works, and where it leads. Reads only. */
export async function peekSignInLink(ctx: { db: Db }, input: { token: string; now?: Date }): Promise<{ state: SignInLinkState; path: string | null }> {
  const hashes = hashesOf(input.token);
  const link = hashes ? await ctx.db.signInLink.findFirst({ where: { tokenHash: { in: hashes } }, select: { path: true, usedAt: true, expiresAt: true } }) : null;
  if (!link) return { state: 'unknown', path: null };
  const state = link.usedAt ? 'used' : link.expiresAt <= (input.now ?? new Date()) ? 'expired' : 'open';
  return { state, path: link.path };
}

/**
 * Continue on the link page: spends the link (once: a second press, or a copy racing it, finds it
 * used) and starts the portal session, with its entry in the audit log, as an e-mailed code does.
 * A link that no longer works is an Error whose message the page shows.
 */
export async function signInWithLink(
  ctx: { db: Db },
  input: { token: string; origin?: SessionOrigin; now?: Date },
): Promise<{ accountId: string; email: string; sessionId: string; path: string }> {
  const hashes = hashesOf(input.token);
  const now = input.now ?? new Date();
  if (!hashes) throw new Error('This sign-in link is not valid. Sign in with your e-mail address instead.');
  return ctx.db.$transaction(async (tx) => {
    const [link] = await tx.$queryRaw<{ accountId: string; path: string }[]>`
      UPDATE "SignInLink" SET "usedAt" = ${now}
       WHERE "tokenHash" IN (${Prisma.join(hashes)}) AND "usedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "accountId", "path"`;
    if (!link) throw new Error('This sign-in link has expired or was already used. Sign in with your e-mail address instead.');
    const account = await tx.account.findUniqueOrThrow({ where: { id: link.accountId }, select: { id: true, email: true } });
    const sessionId = await startBrowserSession(tx, { accountId: account.id, lifetimeSeconds: PORTAL_SESSION_SECONDS, ...input.origin });
    await recordPortalSignIn(tx, { accountId: account.id, email: account.email, ipAddress: input.origin?.ipAddress, userAgent: input.origin?.userAgent });
    return { accountId: account.id, email: account.email, sessionId, path: link.path };
  });
}
