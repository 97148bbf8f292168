import type { LicenseStatus } from '@/generated/prisma/client';

/** A license in one of these states will never run again: no new codes, nothing left to cancel. */
export const FINAL_LICENSE_STATUSES = ['Cancelled', 'Expired'] as const satisfies readonly LicenseStatus[];

/** The states in which a buyer still holds a license: it runs, or may run again. */
export const LIVE_LICENSE_STATUSES = ['Trialing', 'Active', 'Paused', 'Suspended'] as const satisfies readonly LicenseStatus[];

export function isFinalLicenseStatus(status: string): boolean {
  return (FINAL_LICENSE_STATUSES as readonly string[]).includes(status);
}
