import { spawn } from 'node:child_process';

export interface AdminResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

type OperatorEnv = { DATABASE_URL: string; APP_SECRET: string };

/** `npm run admin -- …` as the operator runs it (scripts/admin.mjs, the built core), against `env`'s database. */
export function runAdminCommand(env: OperatorEnv, ...args: string[]): Promise<AdminResult> {
  return runOperatorScript('scripts/admin.mjs', env, args);
}

/** `npm run db:seed` (scripts/db-seed.mjs) against `env`'s database. */
export function runDbSeed(env: OperatorEnv): Promise<AdminResult> {
  return runOperatorScript('scripts/db-seed.mjs', env, []);
}

function runOperatorScript(script: string, env: OperatorEnv, args: string[]): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
