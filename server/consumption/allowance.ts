import { BatchLoader } from '../platform/cache/batch-loader';
import { TtlCache } from '../platform/cache/ttl-cache';
import { hotRows, type Db } from '../db';
import { billingPeriodAt } from '../billing/billing-period';
import type { FeatureEntitlement, LicenseState } from '../licensing/license-state';

// Allowance (DESIGN.md "Seats, allowance and usage"): each seat has its own allowance per feature
// and period; nothing is pooled. Periods are anchored at the license's term start and last one
// `allowancePeriodUnit` (IntervalUnit: day, week, month, year); the next begins where one ends, so
// the allowance resets at PeriodEndUtc. A feature without an allowance is unlimited (Remaining null).

export interface AllowancePeriod {
  start: Date;
  end: Date;
}

/** The period of one `unit`, counted from `anchor`, that contains `now` (the first one before it). */
export function allowancePeriod(anchor: Date, unit: number, now: Date): AllowancePeriod {
  return billingPeriodAt(anchor, 1, unit, now);
}

export const hasAllowance = (feature: Pick<FeatureEntitlement, 'allowance' | 'allowancePeriodUnit'>) => feature.allowance !== null && feature.allowancePeriodUnit !== null;

export interface FeatureAllowance {
  featureKey: string;
  /** Units left this period (never below 0); null when the feature is unlimited. */
  remaining: number | null;
  periodEnd: Date | null;
  period: AllowancePeriod | null;
}

type LimitedFeatures = Pick<FeatureEntitlement, 'key' | 'allowance' | 'allowancePeriodUnit'>[];

interface HeldPeriods {
  termStart: number;
  /** The periods hold for every instant in [from, until): the latest start, the earliest end. */
  from: number;
  until: number;
  periods: ReadonlyMap<string, AllowancePeriod>;
}

// By the features list of a cached license (runtime-state): an authorization of any of its seats
// asks for the same periods until the first of them ends, and counting them is calendar arithmetic.
const heldPeriods = new WeakMap<LimitedFeatures, HeldPeriods>();

/** The current period of each limited feature, counted from the license's term start. */
export function currentPeriods(features: LimitedFeatures, termStart: Date, now: Date): ReadonlyMap<string, AllowancePeriod> {
  const at = now.getTime();
  const held = heldPeriods.get(features);
  if (held && held.termStart === termStart.getTime() && at >= held.from && at < held.until) return held.periods;
  const periods = new Map(features.filter(hasAllowance).map((feature) => [feature.key, allowancePeriod(termStart, feature.allowancePeriodUnit!, now)]));
  let from = -Infinity;
  let until = Infinity;
  for (const period of periods.values()) {
    from = Math.max(from, period.start.getTime());
    until = Math.min(until, period.end.getTime());
  }
  heldPeriods.set(features, { termStart: termStart.getTime(), from, until, periods });
  return periods;
}

/** What each feature has left, given the current periods and the units used in them. */
export function featureAllowances(
  features: Pick<FeatureEntitlement, 'key' | 'allowance'>[],
  periods: ReadonlyMap<string, AllowancePeriod>,
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
  const windows = periods.size === 0 ? [] : await seatWindows(ctx, input.seatId);
  const current = windows.filter((window) => window.periodStart.getTime() === periods.get(window.featureKey)?.start.getTime());
  const used = new Map(current.map((window) => [window.featureKey, window.used]));
  return featureAllowances(input.license.features, periods, (key) => used.get(key) ?? 0);
}

interface SeatWindow {
  featureKey: string;
  periodStart: Date;
  used: number;
}

/** An allowance window as SEAT_WINDOWS_JSON returns it (UTC time without zone, units as text). */
export interface WindowRow {
  featureKey: string;
  periodStart: string;
  used: string;
}

/** A seat's allowance windows (alias w) as one JSON array, or null when it has none. */
export const SEAT_WINDOWS_JSON = `json_agg(json_build_object('featureKey', w."featureKey", 'periodStart', w."periodStart", 'used', w."used"::text))`;
/** Windows older than a year (the longest period) can never be current again. */
export const CURRENT_WINDOWS = `w."periodStart" >= (now() AT TIME ZONE 'UTC') - interval '400 days'`;

const LOAD_SEAT_WINDOWS = `
  SELECT w."seatId", ${SEAT_WINDOWS_JSON} AS "windows" FROM "AllowanceWindow" w
  WHERE w."seatId" = ANY($1::text[]) AND ${CURRENT_WINDOWS}
  GROUP BY w."seatId"`;

/**
 * A seat's recent allowance windows, cached briefly: every authorization of a seat with a limited
 * feature reads them, and the database round trip is the hot path's largest cost. Usage ingested by
 * this instance drops the seat's entry at once (forgetSeatWindows); usage ingested by another
 * instance shows after at most WINDOW_CACHE_MS, far inside the authorization's own ten minutes.
 */
const WINDOW_CACHE_MS = 5_000;
/** Seats whose windows are held: as many as the runtime state holds (runtime-state.ts). */
const WINDOW_CACHE_MAX = 100_000;
const windowCache = new TtlCache<SeatWindow[]>(WINDOW_CACHE_MS, WINDOW_CACHE_MAX);

const toSeatWindow = (row: WindowRow): SeatWindow => ({ featureKey: row.featureKey, periodStart: new Date(`${row.periodStart}Z`), used: Number(row.used) });

async function loadSeatWindows(client: Db, seatIds: string[]): Promise<Map<string, SeatWindow[]>> {
  const rows = await hotRows<{ seatId: string; windows: WindowRow[] }>(client, { name: 'runtime-seat-windows', text: LOAD_SEAT_WINDOWS, values: [seatIds] });
  return new Map(rows.map((row) => [row.seatId, row.windows.map(toSeatWindow)]));
}

// One loader per database client (tests run services on clients of their own).
const windowLoaders = new WeakMap<Db, BatchLoader<SeatWindow[]>>();

async function seatWindows(ctx: { db: Db }, seatId: string): Promise<SeatWindow[]> {
  let loader = windowLoaders.get(ctx.db);
  if (!loader) windowLoaders.set(ctx.db, (loader = new BatchLoader((seatIds) => loadSeatWindows(ctx.db, seatIds))));
  const entry = await windowCache.getOrLoad(seatId, async () => (await loader.load(seatId)) ?? []);
  return entry?.value ?? [];
}

/** The windows a cold read of the seat's license code brought along. */
export function rememberSeatWindows(seatId: string, rows: WindowRow[]): void {
  windowCache.set(seatId, rows.map(toSeatWindow));
}

/** After this instance committed usage of a seat: its next authorization reads the windows afresh. */
export function forgetSeatWindows(seatId: string): void {
  windowCache.delete(seatId);
}
