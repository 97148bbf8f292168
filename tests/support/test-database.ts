import crypto from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { inject } from 'vitest';
import { PrismaClient } from '../../generated/prisma/client';
import { databaseUrl } from '../../server/database/embedded-postgres';

export interface TestDatabase {
  url: string;
  name: string;
  db: PrismaClient;
  drop: () => Promise<void>;
}

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
      await cleanup.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await cleanup.end();
    },
  };
}
