import crypto from 'node:crypto';
import { env } from '../env';

// AES-256-GCM under a key derived from APP_SECRET with HKDF, one derived key per purpose.
// Format: v1.<iv>.<tag>.<ciphertext>, each base64url.

function keyFor(purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', env().APP_SECRET, 'licensing-service', `secret-box:${purpose}`, 32));
}

export function seal(purpose: string, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function open(purpose: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed value format.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
