import type { Db } from '../db';

const USAGE_CHART_DAYS = 30;

export interface UsageSeries {
  /** The UTC days of the window, oldest first (YYYY-MM-DD). */
  days: string[];
  /** Units used per feature, one number per day. */
  features: { featureKey: string; units: number[] }[];
}

/**
 * What a license's seats used per feature and UTC day over the last 30 days, from the usage batches
 * received (dropped batches, under a revoked code, excluded), in one query.
 */
export async function usageByFeatureAndDay(ctx: { db: Db; now?: Date }, input: { sellerId: string; licenseId: string }): Promise<UsageSeries> {
  const now = ctx.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: USAGE_CHART_DAYS }, (_, index) => new Date(today - (USAGE_CHART_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10));
  const rows = await ctx.db.$queryRaw<{ featureKey: string; day: string; units: string }[]>`
    SELECT item->>'FeatureKey' AS "featureKey", to_char(b."receivedAt", 'YYYY-MM-DD') AS "day", sum((item->>'Units')::numeric)::text AS "units"
    FROM "UsageBatch" b JOIN "License" l ON l."id" = b."licenseId", jsonb_array_elements(b."records") AS item
    WHERE b."licenseId" = ${input.licenseId} AND l."sellerId" = ${input.sellerId} AND NOT b."dropped"
      AND b."receivedAt" >= ${new Date(today - (USAGE_CHART_DAYS - 1) * 86_400_000)}
    GROUP BY 1, 2`;
  const byFeature = new Map<string, number[]>();
  for (const row of rows) {
    const units = byFeature.get(row.featureKey) ?? days.map(() => 0);
    const index = days.indexOf(row.day);
    if (index >= 0) units[index]! += Number(row.units);
    byFeature.set(row.featureKey, units);
  }
  return { days, features: [...byFeature].sort(([a], [b]) => a.localeCompare(b)).map(([featureKey, units]) => ({ featureKey, units })) };
}
