import { z } from 'zod';

// An offering's device rules (docs/api/catalog.md): what the catalog writes take and the portal's
// forms check. Imports nothing but zod, so the pages' bundle takes this file alone.

/** Devices one seat may hold at once, at most (an offering's MaxDevices). */
export const MAX_DEVICES_PER_SEAT = 1000;
/** The longest offline license file the service signs, in days (an offering's MaxOfflineDays, at most). */
export const MAX_OFFLINE_DAYS = 90;
export const DEVICE_MODES = ['NodeLocked', 'Floating'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

/** An offering's device rules, as the catalog writes take them. */
export const maxDevicesSchema = z.number().int('MaxDevices is a whole number.').min(1).max(MAX_DEVICES_PER_SEAT).nullable();
export const deviceModeSchema = z.enum(DEVICE_MODES);
export const maxOfflineDaysSchema = z.number().int('MaxOfflineDays is a whole number of days.').min(0).max(MAX_OFFLINE_DAYS);
