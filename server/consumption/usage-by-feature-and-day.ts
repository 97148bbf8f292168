import type { Db } from '../db';
import type { SellerLicenseDetail } from '../licensing/licenses/get-seller-license-detail';
import { usagePerLicenseAndDay } from './usage-days';

const USAGE_CHART_DAYS = 30;

export interface UsageSeries {
  /** The UTC days of the window, oldest first (YYYY-MM-DD). */
  days: string[];
  /** Units used per feature, one number per day. */
  features: { featureKey: string; units: number[] }[];
}

/**
 * What a license's seats used per feature and UTC day over the last 30 days (dropped batches, under
 * a revoked code, excluded): the daily rollups and the batches not yet rolled up (usage-days.ts).
 * The license is one its seller's page has already loaded (getSellerLicenseDetail checks whose it is).
 */
export async function usageByFeatureAndDay(ctx: { db: Db; now?: Date }, license: Pick<SellerLicenseDetail, 'id'>): Promise<UsageSeries> {
  const now = ctx.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: USAGE_CHART_DAYS }, (_, index) => new Date(today - (USAGE_CHART_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10));
  const rows = await usagePerLicenseAndDay(ctx.db, { licenseIds: [license.id], since: new Date(today - (USAGE_CHART_DAYS - 1) * 86_400_000) });
  const byFeature = new Map<string, number[]>();
  for (const row of rows) {
    const units = byFeature.get(row.featureKey) ?? days.map(() => 0);
    const index = days.indexOf(row.day);
    if (index >= 0) units[index]! += Number(row.units);
    byFeature.set(row.featureKey, units);
  }
  return { days, features: [...byFeature].sort(([a], [b]) => a.localeCompare(b)).map(([featureKey, units]) => ({ featureKey, units })) };
}
