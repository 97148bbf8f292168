import type { Db, Tx } from '../db';
import { DomainError } from '../errors';

/** Why a portal session ended (BrowserSession.endReason). */
export type SessionEndReason = 'signed_out' | 'signed_out_elsewhere' | 'member_removed' | 'store_closed' | 'account_erased';

/** How stale a session's "last seen" may grow before a request moves it (one write a minute, not one a request). */
const LAST_SEEN_STEP_MS = 60_000;

/** Where a sign-in came from, as the session list shows it. */
export interface SessionOrigin {
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Opens the portal session of a sign-in inside its transaction; its id goes into the session cookie. */
export async function startBrowserSession(tx: Tx, input: { accountId: string; lifetimeSeconds: number } & SessionOrigin): Promise<string> {
  const now = new Date();
  const session = await tx.browserSession.create({
    data: {
      accountId: input.accountId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + input.lifetimeSeconds * 1000),
      ipAddress: input.ipAddress?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    },
    select: { id: true },
  });
  return session.id;
}

/**
 * Whether the session a cookie names is still live for its person: each portal request asks, so an
 * ended session (signed out here or elsewhere, a removed member) is refused at once on every instance.
 */
export async function isBrowserSessionLive(ctx: { db: Db }, input: { sessionId: string; accountId: string }): Promise<boolean> {
  const now = new Date();
  const session = await ctx.db.browserSession.findUnique({ where: { id: input.sessionId }, select: { accountId: true, endedAt: true, expiresAt: true, lastSeenAt: true } });
  if (!session || session.accountId !== input.accountId || session.endedAt || session.expiresAt <= now) return false;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await ctx.db.browserSession.updateMany({ where: { id: input.sessionId, endedAt: null }, data: { lastSeenAt: now } });
  }
  return true;
}

/** A person's live portal sessions, newest first, the current one marked. */
export async function listBrowserSessions(ctx: { db: Db }, input: { accountId: string; currentSessionId: string }) {
  const sessions = await ctx.db.browserSession.findMany({
    where: { accountId: input.accountId, endedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'desc' },
    take: 100,
    select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, ipAddress: true, userAgent: true },
  });
  return sessions.map((session) => ({ ...session, current: session.id === input.currentSessionId }));
}

/** "Sign out": ends this one session. */
export async function endBrowserSession(ctx: { db: Db }, input: { sessionId: string }): Promise<void> {
  await ctx.db.browserSession.updateMany({ where: { id: input.sessionId, endedAt: null }, data: { endedAt: new Date(), endReason: 'signed_out' } });
}

/** Ends one of the person's other sessions ("Sign out" on a row of the list). */
export async function endOtherBrowserSession(ctx: { db: Db }, input: { accountId: string; currentSessionId: string; sessionId: string }): Promise<void> {
  if (input.sessionId === input.currentSessionId) throw new DomainError('ValidationError', 'This is the session you are using; sign out instead.');
  const ended = await ctx.db.browserSession.updateMany({
    where: { id: input.sessionId, accountId: input.accountId, endedAt: null },
    data: { endedAt: new Date(), endReason: 'signed_out_elsewhere' },
  });
  if (ended.count === 0) throw new DomainError('NotFound', 'No such live session of yours.');
}

/** "Sign out everywhere else": ends every live session of the person but the current one. */
export async function endOtherBrowserSessions(ctx: { db: Db }, input: { accountId: string; currentSessionId: string }): Promise<{ ended: number }> {
  return { ended: await endSessionsOf(ctx.db, input.accountId, 'signed_out_elsewhere', { except: input.currentSessionId }) };
}

/**
 * Ends every live portal session of `accountId` inside the caller's transaction: from its commit,
 * the next request of any of them is signed out on every instance (each request reads its session's row).
 */
export async function endSessionsOf(tx: Tx, accountId: string, reason: SessionEndReason, options: { except?: string } = {}): Promise<number> {
  const ended = await tx.browserSession.updateMany({
    where: { accountId, endedAt: null, ...(options.except ? { id: { not: options.except } } : {}) },
    data: { endedAt: new Date(), endReason: reason },
  });
  return ended.count;
}
