import crypto from 'node:crypto';

/** sha256 hex: how every secret we hand out (keys, codes, tokens) is stored. */
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
