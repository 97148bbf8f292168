import { IntervalUnit, LicenseClassification } from '../catalog/catalog-enums';

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

/**
 * A license's term: a trial ends after its length; a subscription runs until its processor says
 * otherwise (cancelled, paused, payment failure); a perpetual license never ends.
 */
export function licenseTermEnd(offering: { classification: number; interval: number | null; intervalUnit: number | null }, start: Date): Date | null {
  if (offering.classification === LicenseClassification.Trial && offering.interval !== null && offering.intervalUnit !== null) {
    return addInterval(start, offering.interval, offering.intervalUnit);
  }
  return null;
}
