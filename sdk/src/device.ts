import type { DeviceMode } from './contract/devices.js';

// A device of a seat as the runtime answers show it (docs/api/runtime.md "Devices"), in camelCase.
// The wire shapes are written here until the service's /openapi.json names the device operations
// (then they come from src/generated/openapi.ts like the others).

export interface Device {
  deviceId: string;
  licenseId: string;
  seatId: string;
  /** The hash the device is named by (never a machine id). */
  fingerprint: string;
  name: string | null;
  platform: string | null;
  mode: DeviceMode;
  /** It holds a place on its seat now: not deactivated and, when floating, its lease not lapsed. */
  active: boolean;
  activatedUtc: string;
  lastSeenUtc: string;
  /** Floating: until when the place is held without a heartbeat; null when node-locked. */
  leaseExpiresUtc: string | null;
  deactivatedUtc: string | null;
  /** Who ended its place: `Device`, `Buyer`, `Seller`, `CodeRevoked`, `SeatRetired`, `LeaseLapsed`. */
  deactivatedBy: string | null;
}

/** What activate() answers: the device, and how many places its seat holds and may hold. */
export interface ActivatedDevice extends Device {
  /** The most devices the seat may hold at once; null: no limit. */
  maxDevices: number | null;
  activeDevices: number;
}

export interface WireDevice {
  DeviceId: string;
  LicenseId: string;
  SeatId: string;
  Fingerprint: string;
  Name: string | null;
  Platform: string | null;
  Mode: DeviceMode;
  Active: boolean;
  ActivatedUtc: string;
  LastSeenUtc: string;
  LeaseExpiresUtc: string | null;
  DeactivatedUtc: string | null;
  DeactivatedBy: string | null;
}

/** POST /licensing/runtime/ActivateDevice answers this. */
export interface WireActivation {
  RequestId: string;
  Device: WireDevice;
  MaxDevices: number | null;
  ActiveDevices: number;
}

/** POST /licensing/runtime/DeactivateDevice and /Heartbeat answer this. */
export interface WireDeviceAnswer {
  RequestId: string;
  Device: WireDevice;
}

/** POST /licensing/runtime/CheckOutLicenseFile answers this (beside the JWS, the fields it signs). */
export interface WireLicenseFileAnswer {
  LicenseFile: string;
  FileId: string;
}

export function deviceFromWire(wire: WireDevice): Device {
  return {
    deviceId: wire.DeviceId,
    licenseId: wire.LicenseId,
    seatId: wire.SeatId,
    fingerprint: wire.Fingerprint,
    name: wire.Name ?? null,
    platform: wire.Platform ?? null,
    mode: wire.Mode,
    active: wire.Active,
    activatedUtc: wire.ActivatedUtc,
    lastSeenUtc: wire.LastSeenUtc,
    leaseExpiresUtc: wire.LeaseExpiresUtc ?? null,
    deactivatedUtc: wire.DeactivatedUtc ?? null,
    deactivatedBy: wire.DeactivatedBy ?? null,
  };
}
