import { addInterval } from '../../billing/billing-period';
import { LicenseClassification } from '../../catalog/catalog-enums';

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
