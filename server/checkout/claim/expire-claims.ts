import { z } from 'zod';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';
import { CLAIM_EXPIRED_ERROR } from './open-claim-intent';
import { expireOpenClaims } from './expire-open-claims';

const expireClaimsData = z.object({});

/**
 * Claims past their seven days (spec "States": pending → failed, Error `Claim expired.`). Run by
 * the `expire-claims` job every minute whether or not anyone polls; `now` is the caller's clock.
 */
export async function expireClaims(ctx: { db: Db }, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await ctx.db.claimIntent.findMany({ where: { status: 'open', expiresAt: { lte: now } }, select: { checkoutId: true }, take: 1000 });
  let expired = 0;
  for (const intent of due) if (await expireClaimOf(ctx, intent.checkoutId, now)) expired++;
  if (expired > 0) logger.info({ expired }, 'claims expired');
  return expired;
}

/** The claim of one checkout, if open and past its end: expired, and its checkout failed. True when this call expired it. */
export async function expireClaimOf(ctx: { db: Db }, checkoutId: string, now: Date): Promise<boolean> {
  return ctx.db.$transaction(async (tx) => (await expireOpenClaims(tx, Prisma.sql`"checkoutId" = ${checkoutId} AND "expiresAt" <= ${now}`, CLAIM_EXPIRED_ERROR)) > 0);
}

/** Fails free embedded checkouts whose claim passed its seven days (`Claim expired.`). */
export const expireClaimsJob = defineScheduledSweep({ data: expireClaimsData, cron: '* * * * *', expireInSeconds: 5 * 60, run: (ctx) => expireClaims(ctx) });
