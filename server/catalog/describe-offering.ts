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

/** What a price line reads of an offering view: its terms and one price (the default, or the one shown). */
export type PricedTerms = Pick<OfferingView, 'licenseClassification' | 'baseRate' | 'currency' | 'interval' | 'intervalUnit' | 'trialDays'>;

/** An amount in the currency's main unit (a BaseRate) as text. */
export type AmountFormat = (amount: number, currency: string) => string;

const formatAmountInEnglish: AmountFormat = (amount, currency) => new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount);

/**
 * The price line a buyer reads, e.g. "Free", "$49.00", "$9.99 / month", "$30.00 per seat / month",
 * "Free for 14 days", "14 days free, then $15.00 / month". The amount is in English for the API, MCP and e-mails; pages pass their
 * reader's format (`formatAmount`).
 */
export function describePrice(offering: PricedTerms, options: { perSeat?: boolean; formatAmount?: AmountFormat } = {}): string {
  const interval = describeInterval(offering.interval, offering.intervalUnit);
  if (offering.licenseClassification === LicenseClassification.Trial) {
    return interval ? `Free for ${offering.interval === 1 ? `1 ${interval}` : interval}` : 'Free trial';
  }
  if (offering.baseRate === null || offering.baseRate === 0) return 'Free';
  const amount = (options.formatAmount ?? formatAmountInEnglish)(offering.baseRate, offering.currency);
  const price = options.perSeat ? `${amount} per seat` : amount;
  if (!interval || offering.licenseClassification !== LicenseClassification.Subscription) return price;
  const recurring = `${price} / ${interval}`;
  return offering.trialDays ? `${describeTrial(offering.trialDays)}, then ${recurring}` : recurring;
}

/** "14 days free", "1 day free". */
function describeTrial(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} free`;
}

/** What a device line reads of an offering (its view, or the seller's). */
export type DeviceRuleTerms = Pick<OfferingView, 'maxDevices' | 'deviceMode' | 'maxOfflineDays'>;

/**
 * The device rules as a buyer reads them, e.g. "Any number of devices; offline up to 30 days",
 * "Up to 2 devices per seat, each until it is deactivated; no offline use", "Up to 5 devices at a
 * time (a device's place frees when it stops checking in); offline up to 7 days".
 */
export function describeDeviceRules(offering: DeviceRuleTerms, options: { perSeat?: boolean } = {}): string {
  const offline = offering.maxOfflineDays === 0 ? 'no offline use' : `offline up to ${offering.maxOfflineDays} ${offering.maxOfflineDays === 1 ? 'day' : 'days'}`;
  if (offering.maxDevices === null) return `Any number of devices; ${offline}`;
  const devices = `${offering.maxDevices} ${offering.maxDevices === 1 ? 'device' : 'devices'}${options.perSeat ? ' per seat' : ''}`;
  return offering.deviceMode === 'Floating'
    ? `Up to ${devices} at a time (a device's place frees when it stops checking in); ${offline}`
    : `Up to ${devices}, each until it is deactivated; ${offline}`;
}
