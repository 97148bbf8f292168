import type { DeviceMode, LicenseStatus, ServiceAccessLevel } from '@/generated/prisma/client';

// A license as the runtime paths read it (runtime/runtime-state.ts caches it) and allowance windows
// count against it (consumption/allowance.ts): the license's own shape, so neither room knows the other's.

export interface FeatureEntitlement {
  key: string;
  accessLevel: ServiceAccessLevel | null;
  rateLimit: number | null;
  allowance: number | null;
  allowancePeriodUnit: number | null;
  /** Price per unit of metered use (major units, exact decimal as text); "0" for none. */
  rate: string;
}

export interface LicenseState {
  sellerId: string;
  status: LicenseStatus;
  /** Why the money moved it there (`Disputed`, `Refunded`), when it did. */
  statusReason: string | null;
  classification: number;
  termStart: Date;
  termEnd: Date | null;
  features: FeatureEntitlement[];
  /** Devices one seat may run on at once (null: any number, no activation needed). */
  maxDevices: number | null;
  deviceMode: DeviceMode;
  /** The longest offline license file, in days (0: none). */
  maxOfflineDays: number;
}
