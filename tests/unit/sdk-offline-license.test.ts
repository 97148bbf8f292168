import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArgumentError, deviceFingerprint, LicenseFileError, verifyLicenseFile, type LicenseFileRefusal, type VerifyLicenseFileOptions } from '../../sdk/src/index';

// An offline license file (docs/sdk.md "Offline license files"): a JWS the service signs with its
// runtime keys, bound to a device's fingerprint and a time to live, verified by the app with no
// network against a JWKS it ships or saved. Files here are signed in the test, as the service signs
// them (ES256, typ license-file+jwt, iss {licensing}/runtime, aud service-runtime).

const LICENSING_URL = 'https://licensing.example.test/licensing';
const ISSUER = `${LICENSING_URL}/runtime`;
const NOW = Date.parse('2026-12-01T10:00:00Z');
const HOUR = 3600;
const PERIOD_END = '2026-12-31T00:00:00.000Z';

let keys: { a: CryptoKey; b: CryptoKey; foreign: CryptoKey };
let jwks: JSONWebKeySet;
let fingerprint: string;

beforeAll(async () => {
  const [a, b, foreign] = await Promise.all([generateKeyPair('ES256', { extractable: true }), generateKeyPair('ES256'), generateKeyPair('ES256')]);
  keys = { a: a.privateKey, b: b.privateKey, foreign: foreign.privateKey };
  // Two keys, as during a rotation: the one signing now and the one about to.
  jwks = { keys: [{ ...(await exportJWK(a.publicKey)), kid: 'key-a', alg: 'ES256', use: 'sig' }, { ...(await exportJWK(b.publicKey)), kid: 'key-b', alg: 'ES256', use: 'sig' }] };
  fingerprint = await deviceFingerprint('machine-17', { appId: 'com.example.app' });
});

const features = [
  { FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: 2, RateWindowSeconds: 60, Allowance: null, Remaining: null, PeriodEndUtc: null },
  { FeatureKey: 'export', ServiceAccessLevel: 'Allowed', RateLimit: null, RateWindowSeconds: null, Allowance: 10, Remaining: 3, PeriodEndUtc: PERIOD_END },
  { FeatureKey: 'share', ServiceAccessLevel: 'Denied', RateLimit: null, RateWindowSeconds: null, Allowance: null, Remaining: null, PeriodEndUtc: null },
];

interface FileParts {
  claims?: Partial<JWTPayload>;
  header?: Record<string, unknown>;
  key?: CryptoKey;
  issuedAt?: number;
  ttlSeconds?: number;
}

/** A license file as the service signs it, issued `issuedAt` (ms) and valid `ttlSeconds`. */
async function licenseFile({ claims = {}, header = {}, key = keys.a, issuedAt = NOW - HOUR * 1000, ttlSeconds = 7 * 24 * HOUR }: FileParts = {}): Promise<string> {
  const iat = Math.floor(issuedAt / 1000);
  const exp = iat + ttlSeconds;
  return new SignJWT({
    FileId: 'file-1',
    LicenseId: 'license-1',
    SeatId: 'seat-1',
    DeviceId: 'device-1',
    Fingerprint: fingerprint,
    LicenseClassification: 1,
    IssuedUtc: new Date(iat * 1000).toISOString(),
    ExpiresUtc: new Date(exp * 1000).toISOString(),
    Features: features,
    iss: ISSUER,
    aud: 'service-runtime',
    sub: 'seat-1',
    jti: 'file-1',
    iat,
    exp,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'key-a', typ: 'license-file+jwt', ...header })
    .sign(key);
}

function clockAt(start: number) {
  const clock = { at: start, now: () => clock.at };
  return clock;
}

const verify = (file: string, options: Partial<VerifyLicenseFileOptions> = {}) =>
  verifyLicenseFile(file, { jwks, issuer: ISSUER, fingerprint, now: () => NOW, ...options } as VerifyLicenseFileOptions);

async function refusal(file: string | Promise<string>, options: Partial<VerifyLicenseFileOptions> = {}): Promise<LicenseFileRefusal | null> {
  try {
    await verify(await file, options);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(LicenseFileError);
    return (error as LicenseFileError).reason;
  }
}

describe('verifyLicenseFile: a good file', () => {
  it('verifies with no network and shows the signed fields', async () => {
    const file = await verify(await licenseFile());
    expect(file).toMatchObject({
      fileId: 'file-1',
      licenseId: 'license-1',
      seatId: 'seat-1',
      deviceId: 'device-1',
      fingerprint,
      classification: 1,
      issuedUtc: new Date(NOW - HOUR * 1000).toISOString(),
      expiresUtc: new Date(NOW - HOUR * 1000 + 7 * 24 * HOUR * 1000).toISOString(),
      verifiedUtc: new Date(NOW).toISOString(),
    });
    expect(file.features.map((feature) => feature.featureKey)).toEqual(['render', 'export', 'share']);
    expect(file.features[1]).toEqual({ featureKey: 'export', accessLevel: 'Allowed', rateLimit: null, rateWindowSeconds: null, allowance: 10, remaining: 3, periodEndUtc: PERIOD_END });
  });

  it('check() decides from the file as the online client does: rate window, allowance, denied and unknown features, expiry', async () => {
    const clock = clockAt(NOW);
    const file = await verify(await licenseFile({ ttlSeconds: 2 * HOUR }), { now: clock.now });
    // The rate window: 2 uses per 60 s.
    expect(file.check('render')).toEqual({ allowed: true, reason: 'Allowed', remaining: null });
    expect(file.check('render')).toMatchObject({ allowed: true });
    expect(file.check('render')).toEqual({ allowed: false, reason: 'RateLimited', retryAfterSeconds: 60, remaining: null });
    clock.at += 60_000;
    expect(file.check('render').allowed).toBe(true);
    // The allowance left when the file was issued (3), counted down; the refusal says when the period ends.
    expect(file.peek('export', 3)).toEqual({ allowed: true, reason: 'Allowed', remaining: 3 });
    expect(file.check('export', 2)).toEqual({ allowed: true, reason: 'Allowed', remaining: 1 });
    expect(file.check('export', 2)).toEqual({ allowed: false, reason: 'AllowanceSpent', remaining: 1, retryAfterSeconds: Math.ceil((Date.parse(PERIOD_END) - clock.at) / 1000) });
    expect(file.check('export', 1)).toEqual({ allowed: true, reason: 'Allowed', remaining: 0 });
    expect(file.check('share')).toEqual({ allowed: false, reason: 'NotAuthorized' });
    expect(file.check('teleport')).toEqual({ allowed: false, reason: 'UnknownFeature' });
    // The file issued an hour ago for two hours: over an hour from now, by this clock.
    clock.at = NOW + HOUR * 1000;
    expect(file.check('render')).toEqual({ allowed: false, reason: 'Expired' });
    expect(file.peek('export')).toEqual({ allowed: false, reason: 'Expired' });
  });

  it('peek() counts nothing', async () => {
    const file = await verify(await licenseFile());
    for (let i = 0; i < 5; i++) expect(file.peek('render').allowed).toBe(true);
    expect(file.check('render').allowed).toBe(true);
    expect(file.check('render').allowed).toBe(true);
    expect(file.check('render').reason).toBe('RateLimited');
  });

  it('a file signed by any key of the JWKS verifies (key rotation)', async () => {
    expect((await verify(await licenseFile({ key: keys.b, header: { kid: 'key-b' } }))).licenseId).toBe('license-1');
  });

  it('takes the machine id instead of the fingerprint (hashed the same way), and the licensingUrl instead of the issuer', async () => {
    const file = await licenseFile();
    const options = { jwks, licensingUrl: `${LICENSING_URL}/`, machineId: 'machine-17', appId: 'com.example.app', now: () => NOW };
    expect((await verifyLicenseFile(file, options)).fingerprint).toBe(fingerprint);
    await expect(verifyLicenseFile(file, { ...options, appId: 'com.example.other' })).rejects.toMatchObject({ reason: 'OtherDevice' });
  });
});

describe('verifyLicenseFile: refusals', () => {
  it('a tampered payload is Unverified (the signature no longer matches)', async () => {
    const [header, payload, signature] = (await licenseFile()).split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    claims.Features[1].Remaining = 1_000_000;
    const tampered = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
    expect(await refusal(tampered)).toBe('Unverified');
    expect(await refusal(`${header}.${payload}.${signature!.slice(0, -4)}AAAA`)).toBe('Unverified');
    expect(await refusal('not a license file')).toBe('Unverified');
  });

  it('a file re-signed by a foreign key is Unverified, whether it names a known kid or its own', async () => {
    expect(await refusal(licenseFile({ key: keys.foreign }))).toBe('Unverified');
    expect(await refusal(licenseFile({ key: keys.foreign, header: { kid: 'key-c' } }))).toBe('Unverified');
  });

  it('the alg:none and HS256 tricks are Unverified (ES256 only)', async () => {
    const good = await licenseFile();
    const payload = good.split('.')[1]!;
    const none = base64url.encode(JSON.stringify({ alg: 'none', typ: 'license-file+jwt' }));
    expect(await refusal(`${none}.${payload}.`)).toBe('Unverified');
    // HS256 with the public key's own text as the HMAC secret: the classic confusion.
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const hs256 = await new SignJWT(JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as JWTPayload)
      .setProtectedHeader({ alg: 'HS256', kid: 'key-a', typ: 'license-file+jwt' })
      .sign(secret);
    expect(await refusal(hs256)).toBe('Unverified');
  });

  it('a JWS of another type, issuer or audience is Unverified (an authorization is no license file)', async () => {
    expect(await refusal(licenseFile({ header: { typ: 'license-authorization+jwt' } }))).toBe('Unverified');
    expect(await refusal(licenseFile({ header: { typ: undefined } }))).toBe('Unverified');
    expect(await refusal(licenseFile({ claims: { iss: 'https://other.example.test/licensing/runtime' } }))).toBe('Unverified');
    expect(await refusal(licenseFile({ claims: { aud: 'someone-else' } }))).toBe('Unverified');
    expect(await refusal(licenseFile({ claims: { Fingerprint: undefined } }))).toBe('Unverified');
  });

  it('a file for another fingerprint is OtherDevice', async () => {
    expect(await refusal(licenseFile(), { fingerprint: await deviceFingerprint('machine-18', { appId: 'com.example.app' }) })).toBe('OtherDevice');
    expect(await refusal(licenseFile({ claims: { Fingerprint: 'f'.repeat(64) } }))).toBe('OtherDevice');
  });

  it('a file past its exp is Expired, by this machine\'s clock', async () => {
    const issuedAt = NOW - 2 * HOUR * 1000;
    expect(await refusal(licenseFile({ issuedAt, ttlSeconds: HOUR }))).toBe('Expired');
    expect(await refusal(licenseFile({ issuedAt, ttlSeconds: 2 * HOUR }))).toBe('Expired');
    expect(await refusal(licenseFile({ issuedAt, ttlSeconds: 2 * HOUR + 1 }))).toBeNull();
  });

  it('a file issued later than now beyond the tolerance is ClockSetBack; within it (default 300 s), accepted', async () => {
    expect(await refusal(licenseFile({ issuedAt: NOW + 301_000 }))).toBe('ClockSetBack');
    expect(await refusal(licenseFile({ issuedAt: NOW + 86_400_000 }))).toBe('ClockSetBack');
    expect(await refusal(licenseFile({ issuedAt: NOW + 299_000 }))).toBeNull();
    expect(await refusal(licenseFile({ issuedAt: NOW + 299_000 }), { clockToleranceSeconds: 0 })).toBe('ClockSetBack');
    expect(await refusal(licenseFile({ issuedAt: NOW + 3_000_000 }), { clockToleranceSeconds: 3600 })).toBeNull();
  });

  it('now earlier than the lastSeenUtc the app saved, beyond the tolerance, is ClockSetBack', async () => {
    const file = await licenseFile({ issuedAt: NOW - 3 * 24 * HOUR * 1000 });
    expect(await refusal(file, { lastSeenUtc: new Date(NOW + 2 * 24 * HOUR * 1000).toISOString() })).toBe('ClockSetBack');
    expect(await refusal(file, { lastSeenUtc: new Date(NOW + 301_000) })).toBe('ClockSetBack');
    expect(await refusal(file, { lastSeenUtc: new Date(NOW + 299_000) })).toBeNull();
    expect(await refusal(file, { lastSeenUtc: new Date(NOW - HOUR * 1000).toISOString() })).toBeNull();
    // The verifiedUtc of one run is the lastSeenUtc of the next.
    const seen = (await verify(file)).verifiedUtc;
    expect(await refusal(file, { lastSeenUtc: seen, now: () => NOW + 60_000 })).toBeNull();
    expect(await refusal(file, { lastSeenUtc: seen, now: () => NOW - 24 * HOUR * 1000 })).toBe('ClockSetBack');
  });

  it('refuses bad options with an ArgumentError naming the option, before verifying anything', async () => {
    const file = await licenseFile();
    const field = async (options: Record<string, unknown>, licenseFileArg: unknown = file) => {
      try {
        await verifyLicenseFile(licenseFileArg as string, options as unknown as VerifyLicenseFileOptions);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ArgumentError);
        return (error as ArgumentError).field;
      }
    };
    const good = { jwks, issuer: ISSUER, fingerprint };
    expect(await field(good)).toBeNull();
    expect(await field(good, 42)).toBe('licenseFile');
    expect(await field({ ...good, jwks: undefined })).toBe('jwks');
    expect(await field({ ...good, jwks: { keys: 'none' } })).toBe('jwks');
    expect(await field({ ...good, issuer: undefined })).toBe('issuer');
    expect(await field({ ...good, licensingUrl: LICENSING_URL })).toBe('issuer');
    expect(await field({ ...good, issuer: 'ftp://licensing.example.test' })).toBe('issuer');
    expect(await field({ ...good, fingerprint: undefined })).toBe('fingerprint');
    expect(await field({ ...good, fingerprint: 'short' })).toBe('fingerprint');
    expect(await field({ ...good, machineId: 'machine-17' })).toBe('fingerprint');
    expect(await field({ ...good, clockToleranceSeconds: -1 })).toBe('clockToleranceSeconds');
    expect(await field({ ...good, lastSeenUtc: 'yesterday' })).toBe('lastSeenUtc');
  });
});
