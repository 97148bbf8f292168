import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { keyIdOf, keyringFromEnv, open, parsePreviousSecrets, reseal, seal, sealedUnderOtherKey, SecretBoxError } from '@/server/crypto/secret-box';

// The secret box (AES-256-GCM under APP_SECRET) with key ids, so APP_SECRET can be rotated.

const OLD = 'old-app-secret-of-at-least-32-characters!';
const NEW = 'new-app-secret-of-at-least-32-characters!';
const OTHER = 'someone-elses-secret-of-32-characters-long';

/** A value sealed the way the box did before key ids (v1.<iv>.<tag>.<ciphertext>), under `secret`. */
function legacySeal(secret: string, purpose: string, plaintext: string): string {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'licensing-service', `secret-box:${purpose}`, 32));
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

const saved = { APP_SECRET: process.env.APP_SECRET, APP_SECRET_PREVIOUS: process.env.APP_SECRET_PREVIOUS, DATABASE_URL: process.env.DATABASE_URL };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

describe('secret box key ids', () => {
  it('a new ciphertext carries the version and the key id of the secret that sealed it (8 hex digits of an HMAC, not the secret)', () => {
    const sealed = seal('test', 'hello', { current: NEW, previous: [] });
    const [version, keyId] = sealed.split('.');
    expect(version).toBe('v2');
    expect(keyId).toBe(keyIdOf(NEW));
    expect(keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(NEW)).not.toBe(keyIdOf(OLD));
    expect(sealed).not.toContain(NEW.slice(0, 8));
    expect(open('test', sealed, { current: NEW, previous: [] })).toBe('hello');
  });

  it('a value sealed under a previous secret opens while that secret is listed in APP_SECRET_PREVIOUS, and is refused once it is not', () => {
    const underOld = seal('signing-key', '{"d":"private"}', { current: OLD, previous: [] });
    expect(open('signing-key', underOld, { current: NEW, previous: [OTHER, OLD] })).toBe('{"d":"private"}');
    expect(() => open('signing-key', underOld, { current: NEW, previous: [] })).toThrow(SecretBoxError);
    expect(() => open('signing-key', underOld, { current: NEW, previous: [] })).toThrow(new RegExp(`key id ${keyIdOf(OLD)}`));
  });

  it('a value sealed before key ids (no prefix) still opens, under the current or a previous secret', () => {
    expect(open('checkout-credential', legacySeal(NEW, 'checkout-credential', 'SVC_LIC_x'), { current: NEW, previous: [] })).toBe('SVC_LIC_x');
    expect(open('checkout-credential', legacySeal(OLD, 'checkout-credential', 'SVC_LIC_y'), { current: NEW, previous: [OLD] })).toBe('SVC_LIC_y');
    expect(() => open('checkout-credential', legacySeal(OLD, 'checkout-credential', 'SVC_LIC_y'), { current: NEW, previous: [] })).toThrow(SecretBoxError);
  });

  it('a wrong secret, another purpose or an altered byte is refused', () => {
    const sealed = seal('test', 'hello', { current: NEW, previous: [] });
    // Same key id claimed, other secret: GCM refuses.
    const forged = sealed.replace(/^v2\.[0-9a-f]{8}\./, `v2.${keyIdOf(OTHER)}.`);
    expect(() => open('test', forged, { current: OTHER, previous: [] })).toThrow(SecretBoxError);
    expect(() => open('test', sealed, { current: OTHER, previous: [] })).toThrow(SecretBoxError);
    expect(() => open('other-purpose', sealed, { current: NEW, previous: [] })).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    parts[4] = Buffer.from(Buffer.from(parts[4]!, 'base64url').map((byte, i) => (i === 0 ? byte ^ 1 : byte))).toString('base64url');
    expect(() => open('test', parts.join('.'), { current: NEW, previous: [] })).toThrow(SecretBoxError);
    expect(() => open('test', 'not sealed at all', { current: NEW, previous: [] })).toThrow(SecretBoxError);
  });

  it('reseal moves a value under the current secret; sealedUnderOtherKey tells which values still need it', () => {
    const keyring = { current: NEW, previous: [OLD] };
    const underOld = seal('test', 'rotate me', { current: OLD, previous: [] });
    const legacy = legacySeal(OLD, 'test', 'rotate me too');
    expect(sealedUnderOtherKey(underOld, keyring)).toBe(true);
    expect(sealedUnderOtherKey(legacy, keyring)).toBe(true);
    const moved = reseal('test', underOld, keyring);
    expect(sealedUnderOtherKey(moved, keyring)).toBe(false);
    expect(open('test', moved, { current: NEW, previous: [] })).toBe('rotate me');
    expect(open('test', reseal('test', legacy, keyring), { current: NEW, previous: [] })).toBe('rotate me too');
  });

  it('the keyring comes from APP_SECRET and APP_SECRET_PREVIOUS (comma-separated, blanks and the current one ignored)', () => {
    expect(parsePreviousSecrets(` ${OLD} , ,${NEW},${OLD},${OTHER}`, NEW)).toEqual([OLD, OTHER]);
    Object.assign(process.env, { DATABASE_URL: 'postgresql://unused', APP_SECRET: NEW, APP_SECRET_PREVIOUS: `${OLD},${OTHER}` });
    resetEnvForTests();
    expect(keyringFromEnv()).toEqual({ current: NEW, previous: [OLD, OTHER] });
    const underOld = seal('test', 'from env', { current: OLD, previous: [] });
    expect(open('test', underOld)).toBe('from env');
    expect(seal('test', 'x').split('.')[1]).toBe(keyIdOf(NEW));
  });
});
