import { IntervalUnit, LicenseClassification } from './catalog-enums';
import type { OfferingView } from './catalog.schemas';

const UNIT_NAMES: Record<number, [string, string]> = {
  [IntervalUnit.Day]: ['day', 'days'],
  [IntervalUnit.Week]: ['week', 'weeks'],
  [IntervalUnit.Month]: ['month', 'months'],
  [IntervalUnit.Year]: ['year', 'years'],
};

export function describeInterval(interval: number | null, unit: number | null): string | null {
  if (interval === null || unit === null) return null;
  const [one, many] = UNIT_NAMES[unit] ?? ['period', 'periods'];
  return interval === 1 ? one : `${interval} ${many}`;
}

export function classificationLabel(classification: number): string {
  switch (classification) {
    case LicenseClassification.Trial:
      return 'Trial';
    case LicenseClassification.Subscription:
      return 'Subscription';
    default:
      return 'Perpetual';
  }
}

/** The price line a buyer reads, e.g. "Free", "$49.00", "$9.99 / month", "$30.00 per seat / month", "Free for 14 days". */
export function describePrice(offering: OfferingView, options: { perSeat?: boolean } = {}): string {
  const interval = describeInterval(offering.Interval, offering.IntervalUnit);
  if (offering.LicenseClassification === LicenseClassification.Trial) {
    return interval ? `Free for ${offering.Interval === 1 ? `1 ${interval}` : interval}` : 'Free trial';
  }
  if (offering.BaseRate === null || offering.BaseRate === 0) return 'Free';
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: offering.Currency.toUpperCase() }).format(offering.BaseRate);
  const price = options.perSeat ? `${amount} per seat` : amount;
  return interval && offering.LicenseClassification === LicenseClassification.Subscription ? `${price} / ${interval}` : price;
}
