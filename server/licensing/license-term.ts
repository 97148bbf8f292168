import { IntervalUnit, LicenseClassification } from '../catalog/catalog-enums';

/** Adds `count` interval units to a date (calendar months and years, as billing does). */
export function addInterval(start: Date, count: number, unit: number): Date {
  const end = new Date(start);
  switch (unit) {
    case IntervalUnit.Day:
      end.setUTCDate(end.getUTCDate() + count);
      break;
    case IntervalUnit.Week:
      end.setUTCDate(end.getUTCDate() + 7 * count);
      break;
    case IntervalUnit.Month:
      end.setUTCMonth(end.getUTCMonth() + count);
      break;
    default:
      end.setUTCFullYear(end.getUTCFullYear() + count);
  }
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
