import { Prisma } from '@/generated/prisma/client';

/** Retries with exponential backoff: `firstSeconds` after the first attempt, doubling, at most `maxSeconds`. */
export interface Backoff {
  firstSeconds: number;
  maxSeconds: number;
}

/** The wait after attempt `attempt` (1-based). */
export function backoffSeconds(policy: Backoff, attempt: number): number {
  return Math.min(policy.firstSeconds * 2 ** (attempt - 1), policy.maxSeconds);
}

/**
 * The same wait in SQL, for a claim that sets the next attempt in the statement that counts it:
 * `attemptsBefore` is the column of attempts made before the one being claimed.
 */
export function backoffInterval(policy: Backoff, attemptsBefore: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`make_interval(secs => LEAST(${policy.firstSeconds} * power(2, ${attemptsBefore}), ${policy.maxSeconds}))`;
}
