import { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../db';
import { addToRunningSums, type RunningSumsTable } from '../sql/running-sums';

// Usage per license, seat, feature and UTC day of receipt: the daily rollups ("UsageDay"), written
// by the billing job (billing/report-usage.ts) in the transaction that marks the batches reported,
// and the batches not yet taken (at most a minute's, while the job runs), read together. Every
// reader of usage per day (the license page's chart, the data export) reads it here, so what the
// chart shows and what the export holds agree, and neither reads the raw batches' history, which
// is dropped month by month after the retention (consumption/usage-partitions.ts).

const usageDays: RunningSumsTable<'licenseId' | 'day' | 'featureKey' | 'seatId', 'units'> = {
  table: 'UsageDay',
  keys: { licenseId: 'text', day: 'date', featureKey: 'text', seatId: 'text' },
  sums: { units: 'bigint' },
};

/** Adds units of features on seats, each on the UTC day the batch was received, to the rollups, in the caller's transaction. */
export async function rollUpDailyUsage(tx: Tx, usage: { licenseId: string; seatId: string; receivedAt: Date; featureKey: string; units: bigint }[]): Promise<void> {
  await addToRunningSums(
    tx,
    usageDays,
    usage.map(({ licenseId, seatId, receivedAt, featureKey, units }) => ({ licenseId, seatId, featureKey, day: receivedAt.toISOString().slice(0, 10), units })),
  );
}

export interface LicenseUsageDay {
  licenseId: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  featureKey: string;
  /** A decimal string: sums of a long history can pass 2^53. */
  units: string;
}

/**
 * Usage per license, UTC day and feature (seats summed), for the given licenses from `since` (a UTC
 * midnight; the whole history when absent), ordered by day, license and feature.
 */
export async function usagePerLicenseAndDay(tx: Tx, input: { licenseIds: string[]; since?: Date }): Promise<LicenseUsageDay[]> {
  if (input.licenseIds.length === 0) return [];
  const licenses = Prisma.join(input.licenseIds);
  const since = input.since ?? new Date(0);
  return tx.$queryRaw<LicenseUsageDay[]>`
    SELECT "licenseId", to_char("day", 'YYYY-MM-DD') AS "day", "featureKey", sum("units")::text AS "units"
    FROM (
      SELECT d."licenseId", d."day", d."featureKey", d."units"::numeric AS "units"
        FROM "UsageDay" d
       WHERE d."licenseId" IN (${licenses}) AND d."day" >= ${since}::date
      UNION ALL
      SELECT b."licenseId", b."receivedAt"::date, item->>'FeatureKey', (item->>'Units')::numeric
        FROM "UsageBatch" b, jsonb_array_elements(b."records") AS item
       WHERE b."reportedAt" IS NULL AND NOT b."dropped" AND b."licenseId" IN (${licenses}) AND b."receivedAt" >= ${since}
    ) AS usage
    GROUP BY 1, 2, 3
    ORDER BY 2, 1, 3`;
}
