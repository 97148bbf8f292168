// Whether the builds are current: a hash of the sources each was built from, kept beside it.
// Plain JavaScript, so `npm start` asks it without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the core (server/dist) is built from. */
export const CORE_INPUTS = ['server', 'emails', 'prisma/seed.ts', 'prisma/schema.prisma', 'package-lock.json', 'tsconfig.json'];
/** What the pages (Next's build) are built from: the core's types and shared values too. */
export const WEB_INPUTS = [...CORE_INPUTS, 'app', 'public', 'proxy.ts', 'instrumentation-client.ts', 'next.config.mjs', 'postcss.config.mjs'];
export const CORE_DIST_DIR = path.join('server', 'dist');
// NEXT_DIST_DIR: a build directory of its own (next.config.mjs reads it too), e.g. for a second work tree's tests.
export const WEB_DIST_DIR = process.env.NEXT_DIST_DIR ?? '.next';
const SKIPPED = new Set([CORE_DIST_DIR, 'node_modules']);

function listFiles(entry) {
  if (SKIPPED.has(entry) || !fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((child) => listFiles(path.join(entry, child.name)))
    .sort();
}

export function sourceHash(inputs) {
  const hash = crypto.createHash('sha256');
  for (const file of inputs.flatMap(listFiles)) hash.update(file).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function hashFile(distDir) {
  return path.join(distDir, 'source-hash');
}

export function recordBuild(distDir, hash) {
  fs.writeFileSync(hashFile(distDir), hash);
}

function isCurrent(distDir, marker, inputs) {
  const file = hashFile(distDir);
  return fs.existsSync(path.join(distDir, marker)) && fs.existsSync(file) && fs.readFileSync(file, 'utf8') === sourceHash(inputs);
}

export const coreIsCurrent = () => isCurrent(CORE_DIST_DIR, 'app.js', CORE_INPUTS);
export const webIsCurrent = () => isCurrent(WEB_DIST_DIR, 'BUILD_ID', WEB_INPUTS);

/** The core always; the pages too unless `dev` (Next builds them on demand then). */
export function buildIsCurrent({ dev = false } = {}) {
  return coreIsCurrent() && (dev || webIsCurrent());
}

/**
 * Builds what is not current (the core; the pages too unless `coreOnly`) before a launcher loads the
 * core: the build's own output goes to stderr, so a command's answer on stdout stays its own. A failed
 * build ends the process with the build's status.
 */
export function buildIfStale({ coreOnly = false, name }) {
  if (buildIsCurrent({ dev: coreOnly })) return;
  console.error(`[${name}] No current build: building (this takes ${coreOnly ? 'a few seconds' : 'a minute or two'})…`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', ...(coreOnly ? ['--core-only'] : [])], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
