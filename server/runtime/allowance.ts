import { TtlCache } from '../cache/ttl-cache';
import type { Db } from '../db';
import { addInterval } from '../licensing/license-term';
import type { FeatureEntitlement, LicenseState } from './runtime-state';

// Allowance (DESIGN.md "Seats, allowance and usage"): each seat has its own allowance per feature
// and period; nothing is pooled. Periods are anchored at the license's term start and last one
// `allowancePeriodUnit` (IntervalUnit: day, week, month, year); the next begins where one ends, so
// the allowance resets at PeriodEndUtc. A feature without an allowance is unlimited (Remaining null).

export interface AllowancePeriod {
  start: Date;
  end: Date;
}

/** The period of `unit` length, counted from `anchor`, that contains `now`. */
export function allowancePeriod(anchor: Date, unit: number, now: Date): AllowancePeriod {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: addInterval(anchor, 1, unit) };
  const approximateUnitMs = [86_400_000, 7 * 86_400_000, 30 * 86_400_000, 365 * 86_400_000][unit] ?? 30 * 86_400_000;
  let count = Math.max(0, Math.floor((now.getTime() - anchor.getTime()) / approximateUnitMs) - 1);
  let start = addInterval(anchor, count, unit);
  let end = addInterval(anchor, count + 1, unit);
  while (end.getTime() <= now.getTime()) {
    count += 1;
    start = end;
    end = addInterval(anchor, count + 1, unit);
  }
  return { start, end };
}

export const hasAllowance = (feature: Pick<FeatureEntitlement, 'allowance' | 'allowancePeriodUnit'>) => feature.allowance !== null && feature.allowancePeriodUnit !== null;

export interface FeatureAllowance {
  featureKey: string;
  /** Units left this period (never below 0); null when the feature is unlimited. */
  remaining: number | null;
  periodEnd: Date | null;
  period: AllowancePeriod | null;
}

/** The current period of each limited feature, counted from the license's term start. */
export function currentPeriods(features: Pick<FeatureEntitlement, 'key' | 'allowance' | 'allowancePeriodUnit'>[], termStart: Date, now: Date): Map<string, AllowancePeriod> {
  return new Map(features.filter(hasAllowance).map((feature) => [feature.key, allowancePeriod(termStart, feature.allowancePeriodUnit!, now)]));
}

/** What each feature has left, given the current periods and the units used in them. */
export function featureAllowances(
  features: Pick<FeatureEntitlement, 'key' | 'allowance'>[],
  periods: Map<string, AllowancePeriod>,
  usedIn: (featureKey: string) => number,
): FeatureAllowance[] {
  return features.map((feature) => {
    const period = periods.get(feature.key) ?? null;
    if (!period) return { featureKey: feature.key, remaining: null, periodEnd: null, period: null };
    return { featureKey: feature.key, remaining: Math.max(0, feature.allowance! - usedIn(feature.key)), periodEnd: period.end, period };
  });
}

/** What each feature of `license` has left on `seatId` now: one query, only when some feature has an allowance. */
export async function seatAllowances(ctx: { db: Db }, input: { seatId: string; license: LicenseState; now: Date }): Promise<FeatureAllowance[]> {
  const periods = currentPeriods(input.license.features, input.license.termStart, input.now);
  const windows = periods.size === 0 ? [] : await seatWindows(ctx, input.seatId, [...periods.keys()]);
  const current = windows.filter((window) => window.periodStart.getTime() === periods.get(window.featureKey)?.start.getTime());
  const used = new Map(current.map((window) => [window.featureKey, Number(window.used)]));
  return featureAllowances(input.license.features, periods, (key) => used.get(key) ?? 0);
}

interface SeatWindow {
  featureKey: string;
  periodStart: Date;
  used: bigint;
}

/**
 * A seat's recent allowance windows, cached briefly: every authorization of a seat with a limited
 * feature reads them, and the database round trip is the hot path's largest cost. Usage ingested by
 * this instance drops the seat's entry at once (forgetSeatWindows); usage ingested by another
 * instance shows after at most WINDOW_CACHE_MS, far inside the authorization's own ten minutes.
 */
export const WINDOW_CACHE_MS = 5_000;
const WINDOW_HISTORY_MS = 400 * 86_400_000;
const windowCache = new TtlCache<SeatWindow[]>(WINDOW_CACHE_MS, 100_000);

async function seatWindows(ctx: { db: Db }, seatId: string, featureKeys: string[]): Promise<SeatWindow[]> {
  const entry = await windowCache.getOrLoad(seatId, () =>
    // Raw: Prisma's query compilation costs more than this indexed read. Windows older than a year
    // (the longest period) can never be current again.
    ctx.db.$queryRaw<SeatWindow[]>`
      SELECT "featureKey", "periodStart", "used" FROM "AllowanceWindow"
      WHERE "seatId" = ${seatId} AND "featureKey" = ANY(${featureKeys}::text[]) AND "periodStart" >= ${new Date(Date.now() - WINDOW_HISTORY_MS)}`,
  );
  return entry?.value ?? [];
}

/** After this instance committed usage of a seat: its next authorization reads the windows afresh. */
export function forgetSeatWindows(seatId: string): void {
  windowCache.delete(seatId);
}
