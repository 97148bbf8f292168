// `npm run db:seed`: applies migrations and (re)runs the idempotent demo seed.
import { ensureAppSecret } from '../server/app-secret';
import { resolveDatabase } from '../server/platform/database/local-database';
import { applyMigrations } from '../server/platform/database/migrate';

async function main() {
  ensureAppSecret(console.log);
  const database = await resolveDatabase();
  process.env.DATABASE_URL = database.databaseUrl;
  await applyMigrations(database.databaseUrl);
  const { closeDb, db } = await import('../server/db');
  const { seedDemo } = await import('../prisma/seed');
  await seedDemo(db());
  await closeDb();
  await database.stop();
  console.log('Demo seller seeded (issuerClientId "demo").');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
