import type { Offering } from '@/generated/prisma/client';

// A license's device rules are a snapshot of its offering's (DESIGN.md "Entitlements are fixed at
// sale"): copied when it is minted and when a plan change moves it, never read from the offering
// afterwards, so a seller's later edit applies to new licenses only.

export type DeviceRules = Pick<Offering, 'maxDevices' | 'deviceMode' | 'maxOfflineDays'>;

/** The columns to select of an offering to copy its device rules. */
export const deviceRuleColumns = { maxDevices: true, deviceMode: true, maxOfflineDays: true } as const;

/** The device rules of an offering, as the license's columns take them. */
export function deviceRulesOf(offering: DeviceRules): DeviceRules {
  return { maxDevices: offering.maxDevices, deviceMode: offering.deviceMode, maxOfflineDays: offering.maxOfflineDays };
}
