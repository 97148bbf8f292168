import { IntervalUnit } from '../catalog/catalog-enums';

// The one period module: calendar arithmetic (addInterval) and the period that contains a moment,
// for billing periods (seat charges, the billing page) and allowance periods alike.

/**
 * Adds `count` interval units to a date (calendar months and years, as billing does): a month later
 * than January 31 is the last day of February, and two months later March 31 (the day of `start`,
 * clamped to the length of the month reached, never spilling into the next).
 */
export function addInterval(start: Date, count: number, unit: number): Date {
  const end = new Date(start);
  switch (unit) {
    case IntervalUnit.Day:
      end.setUTCDate(end.getUTCDate() + count);
      return end;
    case IntervalUnit.Week:
      end.setUTCDate(end.getUTCDate() + 7 * count);
      return end;
    case IntervalUnit.Month:
      return addMonths(start, count);
    default:
      return addMonths(start, 12 * count);
  }
}

function addMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const daysInTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), daysInTarget));
  return end;
}


export interface BillingPeriod {
  start: Date;
  end: Date;
}

/**
 * The billing period `now` falls in, for periods anchored at the license's termStart and `interval`
 * units long: the k-th period is [start + k·interval, start + (k+1)·interval), each counted from the
 * anchor (so a subscription begun on January 31 renews on the last day of February, then March 31).
 * Before the anchor, the first period.
 */
export function billingPeriodAt(anchor: Date, interval: number, unit: number, now: Date): BillingPeriod {
  const step = Math.max(1, interval);
  let k = 0;
  // Jump close first (average lengths), then walk: long-running daily plans stay cheap.
  const approxDays = [1, 7, 30.4, 365.25][unit] ?? 30.4;
  const elapsedDays = (now.getTime() - anchor.getTime()) / 86_400_000;
  if (elapsedDays > 0) k = Math.max(0, Math.floor(elapsedDays / (approxDays * step)) - 1);
  while (addInterval(anchor, k * step, unit).getTime() > now.getTime() && k > 0) k--;
  while (addInterval(anchor, (k + 1) * step, unit).getTime() <= now.getTime()) k++;
  return { start: addInterval(anchor, k * step, unit), end: addInterval(anchor, (k + 1) * step, unit) };
}
