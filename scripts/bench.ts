// `npm run bench`: the runtime paths mounted straight on node:http against the same handler served
// through Next's request handler (DESIGN.md "Speed of the runtime paths"), measured in one run on
// this machine and reported as a ratio. Both servers are the production entry (`scripts/start.ts`)
// on the same database; only RUNTIME_DIRECT_MOUNT differs. Load comes from autocannon on loopback,
// bounded in time.
import autocannon from 'autocannon';
import { ensureAppSecret } from '../server/app-secret';
import { build, buildIsCurrent } from './build';
import { startServiceProcess } from './service-process';
import { resolveDatabase } from '../server/database/local-database';
import { applyMigrations } from '../server/database/migrate';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PATH = '/licensing/runtime/.well-known/jwks';

async function measure(url: string): Promise<{ requestsPerSecond: number; p99Ms: number; errors: number }> {
  // A short warm-up, so both mounts are measured with their caches and JIT warm.
  await autocannon({ url: url + PATH, connections: 4, duration: 1 });
  const result = await autocannon({ url: url + PATH, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  ensureAppSecret(() => {});
  // Built here once, so the two servers never build at the same time.
  if (!buildIsCurrent()) build();
  const database = await resolveDatabase();
  await applyMigrations(database.databaseUrl);
  // Both servers share the database, so they share its APP_SECRET-encrypted signing keys.
  const start = (directMount: boolean) =>
    startServiceProcess({ databaseUrl: database.databaseUrl, env: { APP_SECRET: process.env.APP_SECRET!, RUNTIME_DIRECT_MOUNT: String(directMount) } });
  const direct = await start(true);
  const viaNext = await start(false);
  try {
    // One server at a time under load: two cores, and the load generator needs one.
    const baseline = await measure(viaNext.baseUrl);
    const mounted = await measure(direct.baseUrl);
    const ratio = mounted.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`GET ${PATH}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, same machine, same run`);
    console.log(`  through Next (baseline):   ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99Ms} ms, ${baseline.errors} errors`);
    console.log(`  direct node:http mount:    ${mounted.requestsPerSecond.toFixed(0)} req/s, p99 ${mounted.p99Ms} ms, ${mounted.errors} errors`);
    console.log(`  ratio direct / Next:       ${ratio.toFixed(2)}x`);
  } finally {
    await Promise.all([direct.stop(), viaNext.stop()]);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
