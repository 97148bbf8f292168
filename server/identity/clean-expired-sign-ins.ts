import { z } from 'zod';
import type { Db } from '../db';
import { defineScheduledSweep } from '../platform/jobs/job-definition';
import { logger } from '../platform/logging/logger';
import { REFRESH_FAMILY_SECONDS, SIGN_IN_ROW_RETENTION_SECONDS } from './identity-config';

// The clean-up job of the sign-in authority (job `clean-expired-sign-ins`, every 5 minutes): every
// authorize and initiate stores a row, so rows that can no longer be used are deleted. A row is kept
// SIGN_IN_ROW_RETENTION_SECONDS past its expiry: meanwhile a late sign-in is still told it expired,
// and a replayed authorization code is still recognised (and revokes what it issued).

const cleanExpiredSignInsData = z.object({});

/** Rows deleted per statement, so one run never holds many locks at once. */
const BATCH = 1_000;

type Ctx = { db: Db; now?: () => Date };

async function deleteInBatches(findIds: () => Promise<{ id: string }[]>, deleteIds: (ids: string[]) => Promise<unknown>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (await findIds()).map((row) => row.id);
    if (ids.length > 0) await deleteIds(ids);
    deleted += ids.length;
    if (ids.length < BATCH) return deleted;
  }
}

/** Deletes expired sign-in requests, one-time codes, authorization codes, refresh tokens and sign-in links; returns how many of each. */
async function cleanExpiredSignIns(ctx: Ctx): Promise<Record<'authorizationRequests' | 'oneTimeCodes' | 'authorizationCodes' | 'refreshTokens' | 'signInLinks', number>> {
  const { db } = ctx;
  const cutoff = new Date((ctx.now?.() ?? new Date()).getTime() - SIGN_IN_ROW_RETENTION_SECONDS * 1000);
  const expired = { expiresAt: { lt: cutoff } };
  const select = { id: true } as const;

  // A family stored before its end was recorded ends 90 days after its first token; record that
  // before first tokens are deleted, or the family would seem younger than it is.
  await db.$executeRaw`
    update "RefreshToken" as token set "familyExpiresAt" = family.first + make_interval(secs => ${REFRESH_FAMILY_SECONDS})
    from (select "familyId", min("createdAt") as first from "RefreshToken" group by "familyId" having bool_or("familyExpiresAt" is null)) as family
    where token."familyId" = family."familyId" and token."familyExpiresAt" is null`;

  const counts = {
    authorizationRequests: await deleteInBatches(
      () => db.authorizationRequest.findMany({ where: expired, select, take: BATCH }),
      (ids) => db.authorizationRequest.deleteMany({ where: { id: { in: ids } } }),
    ),
    oneTimeCodes: await deleteInBatches(
      () => db.oneTimeCode.findMany({ where: expired, select, take: BATCH }),
      (ids) => db.oneTimeCode.deleteMany({ where: { id: { in: ids } } }),
    ),
    // Used codes expire within minutes of use too; kept until then for replay detection.
    authorizationCodes: await deleteInBatches(
      () => db.authorizationCode.findMany({ where: expired, select, take: BATCH }),
      (ids) => db.authorizationCode.deleteMany({ where: { id: { in: ids } } }),
    ),
    refreshTokens: await deleteInBatches(
      () => db.refreshToken.findMany({ where: { OR: [expired, { familyExpiresAt: { lt: cutoff } }] }, select, take: BATCH }),
      (ids) => db.refreshToken.deleteMany({ where: { id: { in: ids } } }),
    ),
    signInLinks: await deleteInBatches(
      () => db.signInLink.findMany({ where: expired, select, take: BATCH }),
      (ids) => db.signInLink.deleteMany({ where: { id: { in: ids } } }),
    ),
  };
  if (Object.values(counts).some((count) => count > 0)) logger.info(counts, 'identity: expired sign-in rows deleted');
  return counts;
}

/** Deletes expired sign-in rows (authorize requests, one-time codes, authorization codes, refresh tokens, sign-in links). */
export const cleanExpiredSignInsJob = defineScheduledSweep({ data: cleanExpiredSignInsData, cron: '*/5 * * * *', expireInSeconds: 5 * 60, run: (ctx) => cleanExpiredSignIns(ctx) });
