// `npm start`: the production entry. Builds when there is no current build, starts the embedded
// PostgreSQL unless DATABASE_URL is set, applies migrations, seeds an empty database, then serves
// Next with the runtime paths mounted straight on node:http (DESIGN.md).
//   npm start -- --dev    the same with Next in development mode (hot reload)
import next from 'next';
import { build, buildIsCurrent } from './build';
import { ensureAppSecret } from '../server/app-secret';
import { resolveDatabase } from '../server/database/local-database';
import { applyMigrations } from '../server/database/migrate';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.log(`[start] ${line}`);

async function main() {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  // "Production mode" is the operator's NODE_ENV at launch (Next sets its own later): the dev
  // outbox serves this machine's browsers unless the operator runs with NODE_ENV=production.
  process.env.DEV_OUTBOX ??= process.env.NODE_ENV === 'production' ? 'false' : 'local';
  ensureAppSecret(log);
  if (!dev && !buildIsCurrent()) {
    log('No current build: building (this takes a minute or two)…');
    build();
  }

  const database = await resolveDatabase((line) => {
    if (/error|fatal/i.test(line)) console.error(`[postgres] ${line}`);
  });
  process.env.DATABASE_URL = database.databaseUrl;
  const applied = await applyMigrations(database.databaseUrl);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);

  // Imported after DATABASE_URL is known: these read the configuration.
  const { env } = await import('../server/env');
  const { db } = await import('../server/db');
  const { seedIfEmpty } = await import('../prisma/seed');
  const { DIRECT_PREFIXES, REST_PREFIXES, handleRest } = await import('../server/http/rest-app');
  const { isUndecodablePath, startMainServer } = await import('../server/main-server');

  const config = env();
  const { ensureSigningKeys } = await import('../server/keys/signing-keys');
  await ensureSigningKeys({ db: db() });
  if (config.SEED_DEMO && (await seedIfEmpty(db()))) log('Seeded the demo seller (issuerClientId "demo").');

  const nextApp = next({ dev, dir: process.cwd(), hostname: config.HOST, port: config.PORT });
  await nextApp.prepare();
  const running = await startMainServer({
    port: config.PORT,
    host: config.HOST,
    mounts: [
      ...(config.RUNTIME_DIRECT_MOUNT ? [{ prefixes: DIRECT_PREFIXES, handler: handleRest }] : []),
      // A REST path Next cannot decode still gets an ApiError, never Next's plain-text 500.
      { prefixes: REST_PREFIXES, when: isUndecodablePath, handler: handleRest },
    ],
    fallback: nextApp.getRequestHandler(),
  });

  const base = config.PUBLIC_BASE_URL ?? `http://localhost:${running.port}`;
  console.log(`Service listening on http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${running.port}`);
  console.log(`  Portal:           ${base}/`);
  console.log(`  Demo storefront:  ${base}/marketplace/demo`);
  console.log(`  API base:         ${base}  (e.g. GET ${base}/purchase/demo/offerings)`);
  console.log(`  Database:         ${database.embedded ? 'embedded PostgreSQL (.data/pg)' : 'DATABASE_URL'}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.close();
    await nextApp.close();
    await db().$disconnect();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
