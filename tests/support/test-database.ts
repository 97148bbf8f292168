import crypto from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { inject } from 'vitest';
import { PrismaClient } from '../../generated/prisma/client';
import { databaseUrl } from '../../server/platform/database/embedded-postgres';

export interface TestDatabase {
  url: string;
  name: string;
  db: PrismaClient;
  drop: () => Promise<void>;
}

const DROP_GRACE_MS = 2_000;

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `licensing_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(inject('templateDatabase'))}`);
  await admin.end();

  const url = databaseUrl(adminUrl, name);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 5 }) });
  return {
    url,
    name,
    db,
    drop: async () => {
      await db.$disconnect();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // A client of this process closed just now may still be saying goodbye, and a forced drop under
      // it is an unhandled FATAL (57P01) in that client: wait for them to leave, then force the rest.
      for (let waited = 0; waited < DROP_GRACE_MS; waited += 50) {
        const { rows } = await cleanup.query<{ connected: number }>('select count(*)::int as connected from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.connected === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await cleanup.end();
    },
  };
}
