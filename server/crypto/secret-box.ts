import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { env } from '../env';

// AES-256-GCM under a key derived from APP_SECRET with HKDF, one derived key per purpose.
//
// Format: v2.<keyId>.<iv>.<tag>.<ciphertext> (each part but the key id base64url). The key id names
// the APP_SECRET that sealed the value: the first 8 hex digits of HMAC-SHA256(secret, "secret-box
// key id"), which says nothing about the secret itself. Values sealed before key ids existed
// (v1.<iv>.<tag>.<ciphertext>) still open.
//
// Rotation (docs/security.md "Rotating APP_SECRET"): set the new APP_SECRET and list the old one in
// APP_SECRET_PREVIOUS (comma-separated); values sealed under a previous secret still open, new
// ones are sealed under the current secret; `npm run admin -- reseal-secrets` re-seals what is
// stored; then the previous secret can be dropped.

const CURRENT_VERSION = 'v2';
const LEGACY_VERSION = 'v1';

/** The secrets a box opens with: the current one (which seals) first, then the previous ones. */
export interface Keyring {
  current: string;
  previous: readonly string[];
}

interface KeyringEntry {
  secret: string;
  keyId: string;
}

/** The key id of an APP_SECRET: 8 hex digits, the same on every instance that has the secret. */
export function keyIdOf(secret: string): string {
  return crypto.createHmac('sha256', secret).update('secret-box key id').digest('hex').slice(0, 8);
}

/** APP_SECRET and APP_SECRET_PREVIOUS (comma-separated; blanks and repeats of the current one ignored). */
export function keyringFromEnv(): Keyring {
  const { APP_SECRET: current, APP_SECRET_PREVIOUS: previous } = env();
  return { current, previous: parsePreviousSecrets(previous, current) };
}

export function parsePreviousSecrets(list: string | undefined, current: string): string[] {
  const secrets = (list ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '' && secret !== current);
  return [...new Set(secrets)];
}

// Derivations are cached: HKDF runs once per (secret, purpose) for the life of the process. The
// bound is far above a few secrets (APP_SECRET and the previous ones) times a few purposes.
const DERIVED_KEYS_MAX = 64;
const derivedKeys = new LRUCache<string, Buffer>({ max: DERIVED_KEYS_MAX });
const keyIds = new LRUCache<string, string>({ max: DERIVED_KEYS_MAX });

function keyFor(secret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\0${secret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, 'licensing-service', `secret-box:${purpose}`, 32));
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

function entriesOf(keyring: Keyring): KeyringEntry[] {
  return [keyring.current, ...keyring.previous].map((secret) => {
    let keyId = keyIds.get(secret);
    if (!keyId) {
      keyId = keyIdOf(secret);
      keyIds.set(secret, keyId);
    }
    return { secret, keyId };
  });
}

/** Seals `plaintext` for `purpose` under the current APP_SECRET. */
export function seal(purpose: string, plaintext: string, keyring: Keyring = keyringFromEnv()): string {
  const [current] = entriesOf(keyring);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(current!.secret, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [CURRENT_VERSION, current!.keyId, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

function decrypt(secret: string, purpose: string, iv: string, tag: string, ciphertext: string): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Thrown when a sealed value cannot be opened: unknown format, a secret this instance lacks, or tampered bytes. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/**
 * Opens a value sealed for `purpose` under the current APP_SECRET or one in APP_SECRET_PREVIOUS.
 * Throws SecretBoxError otherwise (the message names the key id, never a secret).
 */
export function open(purpose: string, sealed: string, keyring: Keyring = keyringFromEnv()): string {
  const parts = sealed.split('.');
  const entries = entriesOf(keyring);
  if (parts[0] === CURRENT_VERSION && parts.length === 5) {
    const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const entry = entries.find((candidate) => candidate.keyId === keyId);
    if (!entry) {
      throw new SecretBoxError(`Sealed under an APP_SECRET this instance does not have (key id ${keyId}); list it in APP_SECRET_PREVIOUS.`);
    }
    try {
      return decrypt(entry.secret, purpose, iv, tag, ciphertext);
    } catch {
      throw new SecretBoxError(`A value sealed under key id ${keyId} does not open: it was altered, or sealed for another purpose.`);
    }
  }
  if (parts[0] === LEGACY_VERSION && parts.length === 4) {
    // No key id: try every secret, the current one first.
    const [, iv, tag, ciphertext] = parts as [string, string, string, string];
    for (const entry of entries) {
      try {
        return decrypt(entry.secret, purpose, iv, tag, ciphertext);
      } catch {
        // the next secret
      }
    }
    throw new SecretBoxError('A value sealed without a key id opens under neither APP_SECRET nor APP_SECRET_PREVIOUS.');
  }
  throw new SecretBoxError('Unknown sealed value format.');
}

/** True when `sealed` is not in the current format under the current APP_SECRET (so reseal-secrets re-seals it). */
export function sealedUnderOtherKey(sealed: string, keyring: Keyring = keyringFromEnv()): boolean {
  const parts = sealed.split('.');
  return !(parts[0] === CURRENT_VERSION && parts.length === 5 && parts[1] === keyIdOf(keyring.current));
}

/** Opens with any known secret and seals again under the current one. */
export function reseal(purpose: string, sealed: string, keyring: Keyring = keyringFromEnv()): string {
  return seal(purpose, open(purpose, sealed, keyring), keyring);
}
