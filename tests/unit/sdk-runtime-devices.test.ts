import { base64url, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ArgumentError,
  deviceFingerprint,
  LicenseFileError,
  LicensingApiError,
  RuntimeClient,
  verifyLicenseFile,
  type RuntimeClientOptions,
} from '../../sdk/src/index';

// RuntimeClient's devices (docs/sdk.md "Devices", "Offline license files") against a fake runtime
// that answers as the wire contract says: the client's own behaviour (what it sends, RequestIds kept
// through retries, heartbeats on their own, refusals, verification of what comes back). The same
// operations against the real service: tests/integration/sdk-devices.test.ts, once its routes exist.

const BASE = 'https://licensing.example.test';
const RUNTIME = `${BASE}/licensing/runtime`;
const MACHINE_ID = 'build-agent-7/4f1e0c2a-9d3b-4a6e-8c71-b5e2d9f03a14';
const APP_ID = 'com.example.app';
const LEASE_SECONDS = 600;

let signingKey: CryptoKey;
let foreignKey: CryptoKey;
let jwks: JSONWebKeySet;
let fingerprint: string;
const licenseCode = `SVC_LIC_${base64url.encode(new UnsecuredJWT({ lic: 'license-1', seat: 'seat-1', iss: RUNTIME }).encode())}`;

beforeAll(async () => {
  const [key, foreign] = await Promise.all([generateKeyPair('ES256', { extractable: true }), generateKeyPair('ES256')]);
  signingKey = key.privateKey;
  foreignKey = foreign.privateKey;
  jwks = { keys: [{ ...(await exportJWK(key.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }] };
  fingerprint = await deviceFingerprint(MACHINE_ID, { appId: APP_ID });
});

afterEach(() => {
  vi.useRealTimers();
});

type Body = Record<string, unknown>;
type Responder = (body: Body, call: number) => Response | Promise<Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message = code) => json(status, { Code: code, Message: message, CorrelationId: 'corr-1' });

function wireDevice(mode: 'NodeLocked' | 'Floating', overrides: Body = {}): Body {
  const now = Date.now();
  return {
    DeviceId: 'device-1',
    LicenseId: 'license-1',
    SeatId: 'seat-1',
    Fingerprint: fingerprint,
    Name: 'Build agent',
    Platform: 'linux-x64',
    Mode: mode,
    Active: true,
    ActivatedUtc: new Date(now).toISOString(),
    LastSeenUtc: new Date(now).toISOString(),
    LeaseExpiresUtc: mode === 'Floating' ? new Date(now + LEASE_SECONDS * 1000).toISOString() : null,
    DeactivatedUtc: null,
    DeactivatedBy: null,
    ...overrides,
  };
}

async function signedAuthorization(body: Body, claims: Body = {}): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    AuthorizationId: 'authorization-1',
    RequestId: body.RequestId,
    LicenseId: 'license-1',
    SeatId: 'seat-1',
    ...(body.Fingerprint ? { DeviceId: 'device-1', Fingerprint: body.Fingerprint } : {}),
    LicenseClassification: 1,
    IssuedUtc: new Date(iat * 1000).toISOString(),
    ExpiresUtc: new Date((iat + 600) * 1000).toISOString(),
    Features: [{ FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: null, RateWindowSeconds: null, Allowance: null, Remaining: null, PeriodEndUtc: null }],
    iss: RUNTIME,
    aud: 'service-runtime',
    sub: 'seat-1',
    jti: 'authorization-1',
    iat,
    exp: iat + 600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'key-1', typ: 'license-authorization+jwt' })
    .sign(signingKey);
}

async function signedLicenseFile(body: Body, claims: Body = {}, key = signingKey): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + Number(body.TtlSeconds);
  return new SignJWT({
    FileId: 'file-1',
    LicenseId: 'license-1',
    SeatId: 'seat-1',
    DeviceId: 'device-1',
    Fingerprint: body.Fingerprint,
    LicenseClassification: 1,
    IssuedUtc: new Date(iat * 1000).toISOString(),
    ExpiresUtc: new Date(exp * 1000).toISOString(),
    Features: [{ FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: null, RateWindowSeconds: null, Allowance: 5, Remaining: 2, PeriodEndUtc: null }],
    iss: RUNTIME,
    aud: 'service-runtime',
    sub: 'seat-1',
    jti: 'file-1',
    iat,
    exp,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'key-1', typ: 'license-file+jwt' })
    .sign(key);
}

/** A fake runtime: records every request, answers each operation with its responder (the contract's answers by default). */
function fakeRuntime(overrides: Record<string, Responder> = {}) {
  const calls: { operation: string; body: Body; authorization: string | null }[] = [];
  const counts = new Map<string, number>();
  const responders: Record<string, Responder> = {
    ActivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('NodeLocked'), MaxDevices: 2, ActiveDevices: 1 }),
    DeactivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('NodeLocked', { Active: false, DeactivatedUtc: new Date().toISOString(), DeactivatedBy: 'Device' }) }),
    Heartbeat: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('Floating') }),
    GenerateLicenseAuthorization: async (body) => json(200, { Authorization: await signedAuthorization(body) }),
    CheckOutLicenseFile: async (body) => json(200, { LicenseFile: await signedLicenseFile(body), FileId: 'file-1' }),
    ...overrides,
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === `${RUNTIME}/.well-known/jwks`) return json(200, jwks);
    const operation = url.slice(RUNTIME.length + 1);
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Body;
    const headers = new Headers(init?.headers);
    calls.push({ operation, body, authorization: headers.get('authorization') });
    const call = (counts.get(operation) ?? 0) + 1;
    counts.set(operation, call);
    const responder = responders[operation];
    if (!responder) return apiError(404, 'NotFound');
    return responder(body, call);
  };
  return { fetch, calls, of: (operation: string) => calls.filter((call) => call.operation === operation) };
}

const clients: RuntimeClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function client(fetch: typeof globalThis.fetch, options: Partial<RuntimeClientOptions> = {}): RuntimeClient {
  const made = new RuntimeClient({
    licensingUrl: `${BASE}/licensing`,
    consumptionUrl: `${BASE}/consumption`,
    licenseCode,
    device: { machineId: MACHINE_ID, appId: APP_ID, name: 'Build agent', platform: 'linux-x64' },
    fetch,
    flushIntervalMs: 0,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
  clients.push(made);
  return made;
}

async function fieldOf(action: () => unknown): Promise<string | null> {
  try {
    await action();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return (error as ArgumentError).field;
  }
}

describe('RuntimeClient devices: arguments refused before any request', () => {
  it('a bad device option is an ArgumentError naming its field, from the contract\'s rules', async () => {
    const runtime = fakeRuntime();
    const make = (device: unknown) => () => client(runtime.fetch, { device: device as RuntimeClientOptions['device'] });
    expect(await fieldOf(make({ fingerprint: 'too-short' }))).toBe('device.fingerprint');
    expect(await fieldOf(make({ fingerprint: `${'a'.repeat(40)} with spaces` }))).toBe('device.fingerprint');
    expect(await fieldOf(make({ fingerprint: 'a'.repeat(257) }))).toBe('device.fingerprint');
    expect(await fieldOf(make({ machineId: '' }))).toBe('device.machineId');
    expect(await fieldOf(make({ machineId: 'm', name: '   ' }))).toBe('device.name');
    expect(await fieldOf(make({ machineId: 'm', name: 'n'.repeat(201) }))).toBe('device.name');
    expect(await fieldOf(make({ machineId: 'm', platform: 'p'.repeat(101) }))).toBe('device.platform');
    expect(await fieldOf(make({ machineId: 'm', fingerprint: 'f'.repeat(64) }))).toBe('device');
    expect(await fieldOf(make({}))).toBe('device');
    expect(await fieldOf(make('machine'))).toBe('device');
    expect(runtime.calls).toEqual([]);
  });

  it('the device operations need a device, and a license file a TtlSeconds the service takes', async () => {
    const runtime = fakeRuntime();
    const without = client(runtime.fetch, { device: undefined });
    expect(await fieldOf(() => without.activate())).toBe('device');
    expect(await fieldOf(() => without.deactivate())).toBe('device');
    expect(await fieldOf(() => without.heartbeat())).toBe('device');
    expect(await fieldOf(() => without.checkOutLicenseFile(86_400))).toBe('device');
    const withDevice = client(runtime.fetch);
    expect(await fieldOf(() => withDevice.checkOutLicenseFile(60))).toBe('ttlSeconds');
    expect(await fieldOf(() => withDevice.checkOutLicenseFile(3600.5))).toBe('ttlSeconds');
    expect(await fieldOf(() => withDevice.checkOutLicenseFile(91 * 86_400))).toBe('ttlSeconds');
    expect(await fieldOf(() => withDevice.checkOutLicenseFile(Number.NaN))).toBe('ttlSeconds');
    expect(runtime.calls).toEqual([]);
  });
});

describe('RuntimeClient devices: against the wire contract', () => {
  it('activate() sends the hashed fingerprint, never the machine id, with the runtime token, and answers the device in camelCase', async () => {
    const runtime = fakeRuntime();
    const activated = await client(runtime.fetch).activate();
    expect(activated).toMatchObject({ deviceId: 'device-1', licenseId: 'license-1', seatId: 'seat-1', fingerprint, name: 'Build agent', platform: 'linux-x64', mode: 'NodeLocked', active: true, leaseExpiresUtc: null, deactivatedUtc: null, deactivatedBy: null, maxDevices: 2, activeDevices: 1 });
    const [call] = runtime.of('ActivateDevice');
    expect(call!.body).toEqual({ RequestId: expect.stringMatching(/^[0-9a-f-]{36}$/), LicenseId: 'license-1', Fingerprint: fingerprint, Name: 'Build agent', Platform: 'linux-x64' });
    expect(call!.authorization).toMatch(/^Bearer ey/);
    expect(JSON.stringify(runtime.calls)).not.toContain(MACHINE_ID);
  });

  it('one RequestId per call, kept through its retries; another call, another RequestId', async () => {
    const runtime = fakeRuntime({ ActivateDevice: (body, call) => (call === 1 ? apiError(503, 'ServiceUnavailable') : json(200, { RequestId: body.RequestId, Device: wireDevice('NodeLocked'), MaxDevices: null, ActiveDevices: 1 })) });
    const device = client(runtime.fetch);
    await device.activate();
    const [first, retried] = runtime.of('ActivateDevice');
    expect(retried!.body.RequestId).toBe(first!.body.RequestId);
    await device.activate();
    expect(runtime.of('ActivateDevice')[2]!.body.RequestId).not.toBe(first!.body.RequestId);
  });

  it('a full seat is LicensingApiError DeviceLimitReached, not retried', async () => {
    const runtime = fakeRuntime({ ActivateDevice: () => apiError(403, 'DeviceLimitReached', 'This seat holds 2 of 2 devices.') });
    const error = await client(runtime.fetch).activate().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LicensingApiError);
    expect(error).toMatchObject({ code: 'DeviceLimitReached', status: 403, correlationId: 'corr-1', retryable: false });
    expect(runtime.of('ActivateDevice')).toHaveLength(1);
  });

  it('authorize() names the device and verifies the authorization is for it', async () => {
    const runtime = fakeRuntime();
    const authorization = await client(runtime.fetch).authorize();
    expect(runtime.of('GenerateLicenseAuthorization')[0]!.body).toMatchObject({ LicenseId: 'license-1', Fingerprint: fingerprint });
    expect(authorization).toMatchObject({ deviceId: 'device-1', fingerprint });

    const otherDevice = fakeRuntime({ GenerateLicenseAuthorization: async (body) => json(200, { Authorization: await signedAuthorization(body, { Fingerprint: 'f'.repeat(64) }) }) });
    await expect(client(otherDevice.fetch).authorize()).rejects.toMatchObject({ code: 'AuthorizationUnverified' });
    const unbound = fakeRuntime({ GenerateLicenseAuthorization: async (body) => json(200, { Authorization: await signedAuthorization({ ...body, Fingerprint: undefined }) }) });
    await expect(client(unbound.fetch).authorize()).rejects.toMatchObject({ code: 'AuthorizationUnverified' });
    // Without a device nothing is named, and nothing is required of the payload.
    const plain = fakeRuntime();
    expect(await client(plain.fetch, { device: undefined }).authorize()).toMatchObject({ deviceId: null, fingerprint: null });
    expect(plain.of('GenerateLicenseAuthorization')[0]!.body).not.toHaveProperty('Fingerprint');
  });

  it('a device given by fingerprint is sent as given', async () => {
    const runtime = fakeRuntime();
    await client(runtime.fetch, { device: { fingerprint: 'b'.repeat(64) } }).activate();
    expect(runtime.of('ActivateDevice')[0]!.body).toMatchObject({ Fingerprint: 'b'.repeat(64) });
    expect(runtime.of('ActivateDevice')[0]!.body).not.toHaveProperty('Name');
  });

  it('a floating device sends heartbeats on its own at half the lease, until close()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const runtime = fakeRuntime({ ActivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('Floating'), MaxDevices: 5, ActiveDevices: 3 }) });
    const device = client(runtime.fetch);
    expect((await device.activate()).mode).toBe('Floating');
    await vi.advanceTimersByTimeAsync(299_000);
    expect(runtime.of('Heartbeat')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runtime.of('Heartbeat')).toHaveLength(1);
    expect(runtime.of('Heartbeat')[0]!.body).toEqual({ RequestId: expect.any(String), LicenseId: 'license-1', Fingerprint: fingerprint });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runtime.of('Heartbeat')).toHaveLength(2);
    expect(runtime.of('Heartbeat')[1]!.body.RequestId).not.toBe(runtime.of('Heartbeat')[0]!.body.RequestId);
    await device.close();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runtime.of('Heartbeat')).toHaveLength(2);
  });

  it('a node-locked device sends no heartbeats', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const runtime = fakeRuntime();
    await client(runtime.fetch).activate();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runtime.of('Heartbeat')).toHaveLength(0);
  });

  it('a heartbeat that cannot reach the service is retried with the backoff, then on time again once it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let down = true;
    const runtime = fakeRuntime({
      ActivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('Floating'), MaxDevices: 5, ActiveDevices: 1 }),
      Heartbeat: (body) => (down ? apiError(503, 'ServiceUnavailable') : json(200, { RequestId: body.RequestId, Device: wireDevice('Floating') })),
    });
    const device = client(runtime.fetch, { retry: { attempts: 2, baseDelayMs: 1_000, maxDelayMs: 10_000 } });
    await device.activate();
    await vi.advanceTimersByTimeAsync(300_000);
    await vi.advanceTimersByTimeAsync(1_000);
    // The first heartbeat and its one retry, with the same RequestId.
    const [first, retry] = runtime.of('Heartbeat');
    expect(retry!.body.RequestId).toBe(first!.body.RequestId);
    // The next one comes after the backoff (2 s after one failure), not half a lease later.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runtime.of('Heartbeat').length).toBeGreaterThanOrEqual(3);
    down = false;
    await vi.advanceTimersByTimeAsync(20_000);
    // Answered by 323 s at the latest (one within 10 s of the last failure): the next at half the lease after it.
    const answered = runtime.of('Heartbeat').length;
    await vi.advanceTimersByTimeAsync(270_000);
    expect(runtime.of('Heartbeat')).toHaveLength(answered);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runtime.of('Heartbeat')).toHaveLength(answered + 1);
  });

  it('DeviceLimitReached on a heartbeat ends the authorization like any refusal, and the heartbeats stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const runtime = fakeRuntime({
      ActivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('Floating'), MaxDevices: 1, ActiveDevices: 1 }),
      Heartbeat: () => apiError(403, 'DeviceLimitReached', 'The lease lapsed and the seat is full.'),
    });
    const device = client(runtime.fetch);
    await device.activate();
    await device.authorize();
    expect(device.check('render').allowed).toBe(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runtime.of('Heartbeat')).toHaveLength(1);
    expect(device.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(device.refusal).toMatchObject({ code: 'DeviceLimitReached' });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runtime.of('Heartbeat')).toHaveLength(1);
  });

  it('an authorization on its way when a heartbeat is refused is not kept: the refusal stands', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const arrived = new Promise<void>((resolve) => (asked = resolve));
    const runtime = fakeRuntime({
      GenerateLicenseAuthorization: async (body) => {
        asked();
        await held;
        return json(200, { Authorization: await signedAuthorization(body) });
      },
      Heartbeat: () => apiError(403, 'DeviceLimitReached'),
    });
    const device = client(runtime.fetch);
    const authorizing = device.authorize();
    await arrived;
    await expect(device.heartbeat()).rejects.toMatchObject({ code: 'DeviceLimitReached' });
    release();
    await expect(authorizing).rejects.toMatchObject({ code: 'DeviceLimitReached' });
    expect(device.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    // A later authorize() asks again, and the service decides.
    expect((await device.authorize()).deviceId).toBe('device-1');
    expect(device.refusal).toBeNull();
  });

  it('deactivate() gives the place back, stops the heartbeats and drops the authorization held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const runtime = fakeRuntime({ ActivateDevice: (body) => json(200, { RequestId: body.RequestId, Device: wireDevice('Floating'), MaxDevices: 5, ActiveDevices: 1 }) });
    const device = client(runtime.fetch);
    await device.activate();
    await device.authorize();
    const deactivated = await device.deactivate();
    expect(deactivated).toMatchObject({ active: false, deactivatedBy: 'Device' });
    expect(runtime.of('DeactivateDevice')[0]!.body).toEqual({ RequestId: expect.any(String), LicenseId: 'license-1', Fingerprint: fingerprint });
    expect(device.check('render')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(device.refusal).toBeNull();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runtime.of('Heartbeat')).toHaveLength(0);
    expect(runtime.of('GenerateLicenseAuthorization')).toHaveLength(1);
  });
});

describe('RuntimeClient.checkOutLicenseFile', () => {
  it('answers the file verified, what it grants, and the JWKS to verify it with offline later', async () => {
    const runtime = fakeRuntime();
    const { licenseFile, file, jwks: saved } = await client(runtime.fetch).checkOutLicenseFile(7 * 86_400);
    expect(runtime.of('CheckOutLicenseFile')[0]!.body).toEqual({ RequestId: expect.any(String), LicenseId: 'license-1', Fingerprint: fingerprint, TtlSeconds: 604_800 });
    expect(file).toMatchObject({ fileId: 'file-1', licenseId: 'license-1', deviceId: 'device-1', fingerprint });
    expect(file.check('render', 2)).toEqual({ allowed: true, reason: 'Allowed', remaining: 0 });
    expect(file.check('render')).toMatchObject({ allowed: false, reason: 'AllowanceSpent' });
    expect(saved).toEqual(jwks);
    // A later run, with no network: the saved file and JWKS.
    const offline = await verifyLicenseFile(licenseFile, { jwks: JSON.parse(JSON.stringify(saved)) as JSONWebKeySet, licensingUrl: `${BASE}/licensing`, machineId: MACHINE_ID, appId: APP_ID, lastSeenUtc: file.verifiedUtc });
    expect(offline.licenseId).toBe('license-1');
  });

  it('refuses what the service answered when it does not verify: another device, another license, a foreign signature', async () => {
    const answering = (claims: Body, key?: CryptoKey) => fakeRuntime({ CheckOutLicenseFile: async (body) => json(200, { LicenseFile: await signedLicenseFile(body, claims, key), FileId: 'file-1' }) });
    const refusal = (runtime: ReturnType<typeof fakeRuntime>) => client(runtime.fetch).checkOutLicenseFile(86_400).then(() => null, (error: unknown) => (error instanceof LicenseFileError ? error.reason : error));
    expect(await refusal(answering({ Fingerprint: 'f'.repeat(64) }))).toBe('OtherDevice');
    expect(await refusal(answering({ LicenseId: 'license-2' }))).toBe('Unverified');
    expect(await refusal(answering({}, foreignKey))).toBe('Unverified');
    expect(await refusal(answering({ iss: 'https://elsewhere.example.test/licensing/runtime' }))).toBe('Unverified');
  });

  it('a refusal of the service is a LicensingApiError with its Code', async () => {
    const runtime = fakeRuntime({ CheckOutLicenseFile: () => apiError(403, 'AuthorizationDenied', 'DeviceNotActivated: activate this device first.') });
    await expect(client(runtime.fetch).checkOutLicenseFile(86_400)).rejects.toMatchObject({ code: 'AuthorizationDenied', message: expect.stringContaining('DeviceNotActivated') });
  });
});
