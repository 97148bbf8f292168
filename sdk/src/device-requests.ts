import { activateDeviceSchema, checkOutLicenseFileSchema, deviceRequestSchema, type ActivateDeviceInput, type CheckOutLicenseFileInput, type DeviceRequestInput } from './contract/devices.js';
import { encodeWireKeys } from './contract/key-case.js';
import { deviceFromWire, type ActivatedDevice, type Device, type WireActivation, type WireDeviceAnswer, type WireLicenseFileAnswer } from './device.js';
import type { RuntimeTransport } from './runtime-transport.js';
import { assertValid } from './validate.js';

// The device operations of the runtime paths (docs/api/runtime.md "Devices"). Each request is
// checked with the contract's schema before it is sent (an ArgumentError naming the field), built
// once, and sent again as is on a retry: the same RequestId, so the service makes it once.

/** POST /licensing/runtime/ActivateDevice: the seat takes a place for this device (the same device again: the same answer). */
export async function activateDevice(transport: RuntimeTransport, input: ActivateDeviceInput): Promise<ActivatedDevice> {
  const body = encodeWireKeys(activateDeviceSchema, assertValid(activateDeviceSchema, input));
  const answer = await transport.post<WireActivation>(`${transport.licensingRuntime}/ActivateDevice`, body);
  return { ...deviceFromWire(answer.Device), maxDevices: answer.MaxDevices ?? null, activeDevices: answer.ActiveDevices };
}

/** POST /licensing/runtime/DeactivateDevice: the device gives its place back. */
export async function deactivateDevice(transport: RuntimeTransport, input: DeviceRequestInput): Promise<Device> {
  const body = encodeWireKeys(deviceRequestSchema, assertValid(deviceRequestSchema, input));
  return deviceFromWire((await transport.post<WireDeviceAnswer>(`${transport.licensingRuntime}/DeactivateDevice`, body)).Device);
}

/** POST /licensing/runtime/Heartbeat: a floating device's lease extended (node-locked: seen now). */
export async function sendHeartbeat(transport: RuntimeTransport, input: DeviceRequestInput): Promise<Device> {
  const body = encodeWireKeys(deviceRequestSchema, assertValid(deviceRequestSchema, input));
  return deviceFromWire((await transport.post<WireDeviceAnswer>(`${transport.licensingRuntime}/Heartbeat`, body)).Device);
}

/** POST /licensing/runtime/CheckOutLicenseFile: the signed file (compact JWS), not yet verified. */
export async function requestLicenseFile(transport: RuntimeTransport, input: CheckOutLicenseFileInput): Promise<string> {
  const body = encodeWireKeys(checkOutLicenseFileSchema, assertValid(checkOutLicenseFileSchema, input));
  return (await transport.post<WireLicenseFileAnswer>(`${transport.licensingRuntime}/CheckOutLicenseFile`, body)).LicenseFile;
}
