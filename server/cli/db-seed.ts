// `npm run db:seed`: applies migrations and (re)runs the idempotent demo seed (scripts/db-seed.mjs
// launches it from the built core).
import { ensureAppSecret } from '../app-secret';
import { resolveDatabase } from '../platform/database/local-database';
import { applyMigrations } from '../platform/database/migrate';

/** Applies the migrations and runs the demo seed again (it is idempotent). */
export async function seedDatabase(): Promise<void> {
  ensureAppSecret(console.log);
  const database = await resolveDatabase();
  process.env.DATABASE_URL = database.databaseUrl;
  await applyMigrations(database.databaseUrl);
  const { closeDb, db } = await import('../db');
  const { seedDemo } = await import('../../prisma/seed');
  await seedDemo(db());
  await closeDb();
  await database.stop();
  console.log('Demo seller seeded (issuerClientId "demo").');
}
