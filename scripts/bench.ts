// `npm run bench`: the one REST app mounted straight on node:http against the same app served
// through Next's route files (DESIGN.md "Speed of the runtime paths"), measured in one run on this
// machine and reported as ratios. Both servers are the production entry (`scripts/start.mjs`) on the
// same database; only REST_DIRECT_MOUNT differs. Load comes from autocannon on loopback, bounded in
// time. The per-IP limit is raised for the run (one client address makes all the load) and request
// logging is at `warn`, so the figures are the app's, not the limiter's or the log pipe's.
import autocannon from 'autocannon';
import { ensureAppSecret } from '../server/app-secret';
import { build, buildIsCurrent } from './build';
import { startServiceProcess } from './service-process';
import { resolveDatabase } from '../server/platform/database/local-database';
import { applyMigrations } from '../server/platform/database/migrate';
import { benchRuntime } from './bench-runtime';
import { benchUsageBilling } from './bench-usage-billing';
import { benchSdkCheck } from './bench-sdk-check';
import { benchUsageGrowth } from './bench-usage-growth';
import { benchHttpLayers } from './bench-http-layers';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PATHS = [
  { name: 'catalog read', path: '/purchase/demo/offerings' },
  { name: 'runtime JWKS', path: '/licensing/runtime/.well-known/jwks' },
];

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

async function measure(url: string): Promise<Figures> {
  // A short warm-up, so both mounts are measured with their caches and JIT warm.
  await autocannon({ url, connections: 4, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  ensureAppSecret(() => {});
  // Built here once, so the two servers never build at the same time.
  if (!buildIsCurrent()) build({ ifStale: true });
  const database = await resolveDatabase();
  await applyMigrations(database.databaseUrl);
  try {
    // BENCH_ONLY=mounts, runtime, usage, sdk or growth runs that part alone (e.g. while profiling it);
    // BENCH_ONLY=layers runs the one part that is not in the whole run.
    const only = process.env.BENCH_ONLY;
    if (!only || only === 'mounts') await benchMounts(database.databaseUrl);
    // The runtime paths, then usage billing, each on a database of their own beside this one (dropped and made again each run).
    if (!only || only === 'runtime') await benchRuntime({ anyDatabaseUrl: database.databaseUrl, appSecret: process.env.APP_SECRET!, durationSeconds: DURATION_SECONDS });
    if (!only || only === 'usage') await benchUsageBilling({ anyDatabaseUrl: database.databaseUrl, appSecret: process.env.APP_SECRET! });
    // The client library's local checks (no service, no database).
    if (!only || only === 'sdk') await benchSdkCheck();
    // Last, as it takes longest: 100,000,000 usage items generated in SQL (BENCH_USAGE_ITEMS sets how many).
    if (!only || only === 'growth') await benchUsageGrowth({ anyDatabaseUrl: database.databaseUrl, appSecret: process.env.APP_SECRET!, durationSeconds: DURATION_SECONDS });
    // Only when asked: what each layer of the HTTP stack costs the runtime authorization.
    if (only === 'layers') await benchHttpLayers({ anyDatabaseUrl: database.databaseUrl, appSecret: process.env.APP_SECRET!, durationSeconds: DURATION_SECONDS });
  } finally {
    await database.stop();
  }
}

async function benchMounts(databaseUrl: string) {
  // Both servers share the database, so they share its APP_SECRET-encrypted signing keys.
  const start = (directMount: boolean) =>
    startServiceProcess({
      databaseUrl,
      env: { APP_SECRET: process.env.APP_SECRET!, REST_DIRECT_MOUNT: String(directMount), RATE_LIMIT_IP_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
    });
  const direct = await start(true);
  const viaNext = await start(false);
  try {
    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server under load at a time, same machine, same run`);
    for (const { name, path } of PATHS) {
      // One server at a time under load: two cores, and the load generator needs one.
      const baseline = await measure(viaNext.baseUrl + path);
      const mounted = await measure(direct.baseUrl + path);
      console.log(`GET ${path} (${name})`);
      console.log(`  through Next route files (baseline): ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99Ms} ms, ${baseline.errors} errors`);
      console.log(`  REST app on node:http:               ${mounted.requestsPerSecond.toFixed(0)} req/s, p99 ${mounted.p99Ms} ms, ${mounted.errors} errors`);
      console.log(`  ratio node:http / Next:              ${(mounted.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x`);
    }
  } finally {
    await Promise.all([direct.stop(), viaNext.stop()]);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
