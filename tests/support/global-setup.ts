import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { databaseUrl, startEmbeddedPostgres } from '../../server/platform/database/embedded-postgres';
import { applyMigrations } from '../../server/platform/database/migrate';
import { build, buildIsCurrent } from '../../scripts/build';
import { chromiumExecutable } from './browser';

export const TEMPLATE_DATABASE = 'licensing_test_template';
const TEST_EMBEDDED_PORT = 54339;

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the run: DATABASE_URL's server when set, else the embedded one under
 * .data/pg-test. Migrations are applied once to a template database; every test file clones it.
 */
export default async function setup(project: TestProject) {
  // Servers under test run the production build; build it once here, never in parallel, and only
  // when a file of this run starts one (`npm test -- tests/unit/x.test.ts` builds nothing).
  if (process.env.TEST_SKIP_BUILD !== 'true' && selectedFilesNeedBuild(process.argv.slice(2)) && !buildIsCurrent()) build({ ifStale: true });

  // Unpacked once here when the npm package's Chromium stands in for a system one: test files in
  // parallel would otherwise unpack it at the same time (and launch a half-written binary).
  await chromiumExecutable();

  const server = process.env.DATABASE_URL
    ? { adminUrl: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres({
        dataDir: path.resolve(process.env.DATA_DIR ?? '.data', 'pg-test'),
        port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? TEST_EMBEDDED_PORT),
      });

  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  const leftovers = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'licensing_t\\_%'");
  for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  await applyMigrations(databaseUrl(server.adminUrl, TEMPLATE_DATABASE));
  await installJobQueueSchema(databaseUrl(server.adminUrl, TEMPLATE_DATABASE));

  project.provide('adminDatabaseUrl', server.adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await server.stop();
  };
}

/** What starts the built service (a server process, a browser's server, the operator's commands). */
const STARTS_THE_BUILD = /from '\.\.\/support\/(test-server|browser-test-file|admin-cli)'/;

function testFiles(dir = 'tests'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Whether a file of this run starts the built service. Vitest's filters are the command line's bare
 * words, each matching the test files whose path contains it; a word that matches no file (an
 * option's value) is no filter. No filter at all is the whole suite.
 */
export function selectedFilesNeedBuild(args: string[], files = testFiles()): boolean {
  const words = args.filter((arg) => !arg.startsWith('-') && arg !== 'run').map((word) => word.replace(/^\.\//, ''));
  const selected = files.filter((file) => words.some((word) => file.includes(word)));
  if (selected.length === 0) return true;
  return selected.some((file) => STARTS_THE_BUILD.test(fs.readFileSync(file, 'utf8')));
}

/**
 * pg-boss creates its schema on its first start; doing it once in the template means every
 * database cloned from it starts its job queue at once. Maintenance and schedules stay off: this
 * instance only installs, and it must leave no connection behind (a template cannot be cloned
 * while anyone is connected to it).
 */
async function installJobQueueSchema(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, max: 1, supervise: false, schedule: false });
  boss.on('error', (error) => console.error('pg-boss (template schema):', error));
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: true });
}
