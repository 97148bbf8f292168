import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * APP_SECRET encrypts signing keys at rest. When unset (a first `npm start` on a laptop), one is
 * generated once and kept in DATA_DIR/app-secret; deployments with several instances set it.
 */
export function ensureAppSecret(log: (line: string) => void): void {
  if (process.env.APP_SECRET) return;
  const file = path.resolve(process.env.DATA_DIR ?? '.data', 'app-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
    log(`APP_SECRET is not set: generated one in ${path.relative(process.cwd(), file)} (set APP_SECRET in production).`);
  }
  process.env.APP_SECRET = fs.readFileSync(file, 'utf8').trim();
}
