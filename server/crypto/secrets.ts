import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { env } from '../env';

/** sha256 hex: how high-entropy secrets we hand out (keys, tokens) are stored. */
export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** An unguessable token: `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Constant-time comparison of two strings of hex or base64url. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// Low-entropy secrets (a 6-digit one-time code has a million values) are stored as an HMAC: a plain
// hash of one is reversed by hashing every candidate, an HMAC only with the key. The key is derived
// from APP_SECRET with HKDF-SHA256 (salt "licensing-service", info "hmac:<purpose>"), one key per
// purpose, so it is never the key of anything else (the secret box uses "secret-box:<purpose>").

// Derived once per (secret, purpose): a few secrets (APP_SECRET and the previous ones) times a few purposes.
const DERIVED_HMAC_KEYS_MAX = 64;
const hmacKeys = new LRUCache<string, Buffer>({ max: DERIVED_HMAC_KEYS_MAX });

function hmacKey(secret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\0${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, 'licensing-service', `hmac:${purpose}`, 32));
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

/** HMAC-SHA256 (hex) of `value` under the key for `purpose` derived from APP_SECRET (or `secret`). */
export function secretHmacHex(purpose: string, value: string, secret: string = env().APP_SECRET): string {
  return crypto.createHmac('sha256', hmacKey(secret, purpose)).update(value).digest('hex');
}

/**
 * Whether `stored` is the HMAC of `value` for `purpose` under APP_SECRET or one of APP_SECRET_PREVIOUS
 * (so a value stored just before a rotation still matches). Each comparison is constant-time.
 */
export function matchesSecretHmac(purpose: string, value: string, stored: string): boolean {
  const secrets = hmacSecrets();
  let matched = false;
  // Every candidate is compared, so the time does not say which secret matched.
  for (const secret of secrets) matched = safeEqual(secretHmacHex(purpose, value, secret), stored) || matched;
  return matched;
}

/** The HMACs of `value` for `purpose` under APP_SECRET and each of APP_SECRET_PREVIOUS: look-up keys for a secret stored as its HMAC. */
export function secretHmacCandidates(purpose: string, value: string): string[] {
  return hmacSecrets().map((secret) => secretHmacHex(purpose, value, secret));
}

/** APP_SECRET, then each of APP_SECRET_PREVIOUS: the keys a stored HMAC may have been made under. */
function hmacSecrets(): string[] {
  const { APP_SECRET: current, APP_SECRET_PREVIOUS: previous } = env();
  return [current, ...(previous ?? '').split(',').map((secret) => secret.trim()).filter((secret) => secret && secret !== current)];
}
