// Builds the Next app and records a hash of the sources it was built from.
//   npm run build              always builds
//   ... build.ts --if-stale    builds only when there is no build or the sources changed since
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const BUILD_INPUTS = ['app', 'server', 'emails', 'public', 'prisma/schema.prisma', 'package-lock.json', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json'];
// NEXT_DIST_DIR: a build directory of its own (next.config.ts reads it too), e.g. for a second work tree's tests.
const DIST_DIR = process.env.NEXT_DIST_DIR ?? '.next';
const HASH_FILE = path.join(DIST_DIR, 'source-hash');

function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((child) => listFiles(path.join(entry, child.name)))
    .sort();
}

export function sourceHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(listFiles)) {
    hash.update(file).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  return fs.existsSync(path.join(DIST_DIR, 'BUILD_ID')) && fs.existsSync(HASH_FILE) && fs.readFileSync(HASH_FILE, 'utf8') === sourceHash();
}

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function build(): void {
  const hash = sourceHash();
  run(['--import', 'tsx', 'scripts/prisma-generate.ts']);
  run([path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build']);
  fs.writeFileSync(HASH_FILE, hash);
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/build.ts');
if (invokedDirectly) {
  if (process.argv.includes('--if-stale') && buildIsCurrent()) {
    console.log('Build is current.');
  } else {
    build();
  }
}
