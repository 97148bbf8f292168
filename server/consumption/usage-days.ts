import { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../db';

// Usage per license, seat, feature and UTC day of receipt: the daily rollups ("UsageDay"), written
// by the billing job (billing/report-usage.ts) in the transaction that marks the batches reported,
// and the batches not yet taken (at most a minute's, while the job runs), read together. Every
// reader of usage per day (the license page's chart, the data export) reads it here, so what the
// chart shows and what the export holds agree, and neither reads the raw batches' history, which
// is dropped month by month after the retention (consumption/usage-partitions.ts).

/** One rollup row to add: units of one feature on one seat on one UTC day. */
interface DailyUsageRow {
  licenseId: string;
  seatId: string;
  featureKey: string;
  day: string;
  units: string;
}

/** The rollup rows of a page of batches, summed in memory before they are written. */
export class DailyUsage {
  private readonly sums = new Map<string, DailyUsageRow & { total: bigint }>();

  add(batch: { licenseId: string; seatId: string; receivedAt: Date }, featureKey: string, units: bigint): void {
    const day = batch.receivedAt.toISOString().slice(0, 10);
    const key = `${batch.licenseId} ${day} ${featureKey} ${batch.seatId}`;
    const row = this.sums.get(key);
    if (row) row.total += units;
    else this.sums.set(key, { licenseId: batch.licenseId, seatId: batch.seatId, featureKey, day, units: '', total: units });
  }

  /** In key order, so two writers (instances) never lock the same rows in opposite orders. */
  rows(): DailyUsageRow[] {
    return [...this.sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { total, ...row }]) => ({ ...row, units: total.toString() }));
  }
}

/** Adds the rows to the rollups, in the caller's transaction. */
export async function rollUpDailyUsage(tx: Tx, rows: DailyUsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "UsageDay" ("licenseId", "day", "featureKey", "seatId", "units")
    SELECT "licenseId", "day", "featureKey", "seatId", "units"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("licenseId" text, "day" date, "featureKey" text, "seatId" text, "units" bigint)
    ON CONFLICT ("licenseId", "day", "featureKey", "seatId") DO UPDATE SET "units" = "UsageDay"."units" + EXCLUDED."units"`;
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
