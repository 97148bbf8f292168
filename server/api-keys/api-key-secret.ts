import crypto from 'node:crypto';
import { sha256Hex } from '../crypto/secrets';

// An account API key reads `SVC_AK_<8 base32 characters>_<32 random bytes, base64url>`.
// The first part (`SVC_AK_XXXXXXXX`) is the prefix: not secret, stored and shown in lists so a
// person can tell keys apart (and secret scanners can recognise a leaked one). Only the sha256 of
// the whole key is stored; the key itself is shown once.

const API_KEY_MARKER = 'SVC_AK_';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PREFIX_ID_LENGTH = 8;
const SECRET_BYTES = 32;

export const API_KEY_PATTERN = /^SVC_AK_[A-Z2-7]{8}_[A-Za-z0-9_-]{43}$/;
export const API_KEY_PREFIX_PATTERN = /^SVC_AK_[A-Z2-7]{8}$/;

/** 40 random bits as 8 base32 characters: distinct enough that a prefix names one key in practice. */
function randomPrefixId(): string {
  const bytes = crypto.randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = PREFIX_ID_LENGTH - 1; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

export function generateApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = `${API_KEY_MARKER}${randomPrefixId()}`;
  const key = `${prefix}_${crypto.randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { key, prefix, secretHash: hashApiKey(key) };
}

/** sha256 of the whole key, hex: what the database stores and the lookup uses. */
export const hashApiKey = sha256Hex;
