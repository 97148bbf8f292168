import { CatalogStatus, IntervalUnit, LicenseClassification, OfferingCategory, Platform, type PricedTerms, describePrice, type SellerOffering, type AmountFormat } from '@/server/entry/shared';

// Names of the numeric enumerations as the portal shows them (docs/api/catalog.md "Numeric enumerations").

type Option = { value: string; label: string };

export const STATUS_OPTIONS: Option[] = [
  { value: String(CatalogStatus.Draft), label: 'Draft' },
  { value: String(CatalogStatus.Active), label: 'Active' },
  { value: String(CatalogStatus.Archived), label: 'Archived' },
];

export const PLATFORM_OPTIONS: Option[] = [
  { value: String(Platform.Any), label: 'Any' },
  { value: String(Platform.Windows), label: 'Windows' },
  { value: String(Platform.MacOS), label: 'macOS' },
  { value: String(Platform.Linux), label: 'Linux' },
  { value: String(Platform.Web), label: 'Web' },
  { value: String(Platform.IOS), label: 'iOS' },
  { value: String(Platform.Android), label: 'Android' },
];

export const CATEGORY_OPTIONS: Option[] = [
  { value: String(OfferingCategory.Application), label: 'Application' },
  { value: String(OfferingCategory.AddOn), label: 'Add-on' },
  { value: String(OfferingCategory.Service), label: 'Service' },
  { value: String(OfferingCategory.Bundle), label: 'Bundle' },
];

export const CLASSIFICATION_OPTIONS: Option[] = [
  { value: String(LicenseClassification.Perpetual), label: 'Perpetual' },
  { value: String(LicenseClassification.Subscription), label: 'Subscription' },
  { value: String(LicenseClassification.Trial), label: 'Trial' },
];

/** Units of an interval or an allowance period; '' is "none". */
export const INTERVAL_UNIT_OPTIONS: Option[] = [
  { value: '', label: 'None' },
  { value: String(IntervalUnit.Day), label: 'Day' },
  { value: String(IntervalUnit.Week), label: 'Week' },
  { value: String(IntervalUnit.Month), label: 'Month' },
  { value: String(IntervalUnit.Year), label: 'Year' },
];

export const ACCESS_LEVEL_OPTIONS: Option[] = [
  { value: '', label: 'Not set' },
  { value: 'Allowed', label: 'Allowed' },
  { value: 'Denied', label: 'Denied' },
];

const labelOf = (options: Option[], value: number | null) => options.find((option) => option.value === String(value ?? ''))?.label ?? String(value);

export const statusLabel = (value: number) => labelOf(STATUS_OPTIONS, value);
export const platformLabel = (value: number) => labelOf(PLATFORM_OPTIONS, value);
export const categoryLabel = (value: number) => labelOf(CATEGORY_OPTIONS, value);
export const classificationName = (value: number) => labelOf(CLASSIFICATION_OPTIONS, value);
export const unitLabel = (value: number | null) => (value === null ? 'None' : labelOf(INTERVAL_UNIT_OPTIONS, value));

/**
 * The price line of an offering as the seller manages it ("$9.99 / month", "Free for 14 days"); a
 * seat-based price is per seat ("$30.00 per seat / month").
 */
export function priceLine(offering: SellerOffering, formatAmount?: AmountFormat): string {
  const view: PricedTerms = {
    licenseClassification: offering.classification,
    baseRate: offering.baseRate,
    currency: offering.currency,
    interval: offering.interval,
    intervalUnit: offering.intervalUnit,
  };
  const line = describePrice(view, { formatAmount });
  const paid = offering.baseRate !== null && offering.baseRate > 0 && offering.classification !== LicenseClassification.Trial;
  if (!offering.seatBased || !paid) return line;
  const [price, ...per] = line.split(' / ');
  return [`${price} per seat`, ...per].join(' / ');
}

/** Why a listed offering is still not shown to buyers (server/catalog/listed-offerings.ts), or null. */
export function hiddenReason(offering: Pick<SellerOffering, 'listed' | 'status'>, product: { status: number }): string | null {
  if (!offering.listed) return null;
  if (offering.status !== CatalogStatus.Active) return `Listed, but hidden from buyers while its status is ${statusLabel(offering.status)}.`;
  if (product.status !== CatalogStatus.Active) return `Listed, but hidden from buyers while the product is ${statusLabel(product.status)}.`;
  return null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "3 offerings · 2 listed" */
export function offeringCounts(offerings: Pick<SellerOffering, 'listed'>[]): string {
  if (offerings.length === 0) return 'No offerings yet';
  return `${plural(offerings.length, 'offering')} · ${offerings.filter((offering) => offering.listed).length} listed`;
}
