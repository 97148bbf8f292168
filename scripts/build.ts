// Builds the core (server/ to server/dist, one bundle with shared chunks) and the pages (Next), each
// with a record of the sources it was built from.
//   npm run build              always builds both, and the client library (sdk/)
//   ... build.ts --if-stale    builds only what has no build or whose sources changed
//   ... build.ts --core-only   the core alone (`npm run dev`: Next builds pages on demand)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { CORE_DIST_DIR, CORE_INPUTS, coreIsCurrent, recordBuild, sourceHash, WEB_DIST_DIR, WEB_INPUTS, webIsCurrent } from './build-state.mjs';

export { buildIsCurrent } from './build-state.mjs';

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The core as JavaScript: every public entry of server/entry in one build with code splitting, so a
 * module that two entries share is one chunk, loaded once per process. npm packages stay external
 * (Node loads them from node_modules); `server-only` resolves as in a server build (to nothing).
 */
export function buildCore(): void {
  const hash = sourceHash(CORE_INPUTS);
  fs.rmSync(CORE_DIST_DIR, { recursive: true, force: true });
  buildSync({
    entryPoints: { app: 'server/entry/app.ts', rest: 'server/http/entry.ts', trpc: 'server/trpc/entry.ts', start: 'server/entry/start.ts', cli: 'server/cli/entry.ts' },
    outdir: CORE_DIST_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    alias: { 'server-only': './node_modules/server-only/empty.js' },
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  recordBuild(CORE_DIST_DIR, hash);
}

export function buildWeb(): void {
  const hash = sourceHash(WEB_INPUTS);
  run([path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build']);
  recordBuild(WEB_DIST_DIR, hash);
}

/** The client library (sdk/) to ESM with type declarations in sdk/dist. */
export function buildSdk(): void {
  run([path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join('sdk', 'tsconfig.json')]);
}

export function build({ ifStale = false, coreOnly = false } = {}): void {
  // The generated Prisma client is part of the core's bundle.
  run(['--import', 'tsx', 'scripts/prisma-generate.ts']);
  if (!ifStale || !coreIsCurrent()) buildCore();
  if (!coreOnly && (!ifStale || !webIsCurrent())) buildWeb();
  // `npm run build` builds the client library too; the service's own start does not need it.
  if (!ifStale) buildSdk();
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/build.ts');
if (invokedDirectly) build({ ifStale: process.argv.includes('--if-stale'), coreOnly: process.argv.includes('--core-only') });
