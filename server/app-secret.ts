import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Why a production start is refused without APP_SECRET (printed by `npm start` and `npm run admin`). */
const APP_SECRET_REQUIRED_MESSAGE =
  'APP_SECRET is required when NODE_ENV=production: it seals signing keys, checkout credentials and queued e-mails, ' +
  'and every instance must share it. Set APP_SECRET to a random value of at least 32 characters ' +
  '(e.g. `openssl rand -base64 48`) and give the same value to every instance.';

/**
 * APP_SECRET seals secrets at rest (server/crypto/secret-box.ts). Under NODE_ENV=production it must
 * be set: an instance that made up its own could not open what the others sealed, so this throws
 * (before any database work). Elsewhere, when unset (a first `npm start` on a laptop), one is
 * generated once and kept in DATA_DIR/app-secret. `production` follows NODE_ENV as the operator set
 * it: the start script sets NODE_ENV=production for Next when it is unset, which is not their choice.
 */
export function ensureAppSecret(
  log: (line: string) => void,
  { production = process.env.NODE_ENV === 'production', environment = process.env }: { production?: boolean; environment?: NodeJS.ProcessEnv } = {},
): void {
  if (environment.APP_SECRET) return;
  if (production) throw new Error(APP_SECRET_REQUIRED_MESSAGE);
  const file = path.resolve(environment.DATA_DIR ?? '.data', 'app-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
    log(`APP_SECRET is not set: generated one in ${path.relative(process.cwd(), file)} (set APP_SECRET in production).`);
  }
  environment.APP_SECRET = fs.readFileSync(file, 'utf8').trim();
}
