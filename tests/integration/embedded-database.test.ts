import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDatabase } from '@/server/platform/database/local-database';

// The default database of `npm start` on a machine with no PostgreSQL installed.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'licensing-embedded-'));
fs.chmodSync(dataDir, 0o755);
const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR, EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT };

afterAll(() => {
  Object.assign(process.env, savedEnv);
  for (const [key, value] of Object.entries(savedEnv)) if (value === undefined) delete process.env[key];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL (no DATABASE_URL)', () => {
  it('starts real PostgreSQL under DATA_DIR on its own port, adopts a running one, and recovers from a stale pid file', async () => {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
    process.env.EMBEDDED_PG_PORT = '54349';

    const first = await resolveDatabase();
    expect(first.embedded).toBe(true);
    expect(first.databaseUrl).toContain(':54349/licensing');
    expect((await query(first.databaseUrl, 'select version()'))[0].version).toMatch(/PostgreSQL/);

    // A second start while the first runs adopts it instead of failing.
    const second = await resolveDatabase();
    expect(second.databaseUrl).toBe(first.databaseUrl);
    await second.stop();
    expect(await query(first.databaseUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    await first.stop();

    // A crash leaves postmaster.pid behind; the next start removes it and starts anyway.
    fs.writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), '999999\n');
    const third = await resolveDatabase();
    expect(await query(third.databaseUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    await third.stop();
  }, 120_000);

  it('uses DATABASE_URL when it is set, starting nothing', async () => {
    process.env.DATABASE_URL = 'postgresql://user@db.example:5432/prod';
    const resolved = await resolveDatabase();
    expect(resolved).toMatchObject({ databaseUrl: 'postgresql://user@db.example:5432/prod', embedded: false });
  });
});
