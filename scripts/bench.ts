// `npm run bench`: the runtime paths mounted straight on node:http against the same handler served
// through Next's request handler (DESIGN.md "Speed of the runtime paths"), measured in one run on
// this machine and reported as a ratio. Both servers are the production entry (`scripts/start.ts`)
// on the same database; only RUNTIME_DIRECT_MOUNT differs. Load comes from autocannon on loopback,
// bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import autocannon from 'autocannon';
import { ensureAppSecret } from '../server/app-secret';
import { build, buildIsCurrent } from './build';
import { resolveDatabase } from '../server/database/local-database';
import { applyMigrations } from '../server/database/migrate';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PATH = '/licensing/runtime/.well-known/jwks';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startServer(databaseUrl: string, directMount: boolean): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RUNTIME_DIRECT_MOUNT: String(directMount) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Service listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

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
  const direct = await startServer(database.databaseUrl, true);
  const viaNext = await startServer(database.databaseUrl, false);
  try {
    // One server at a time under load: two cores, and the load generator needs one.
    const baseline = await measure(viaNext.url);
    const mounted = await measure(direct.url);
    const ratio = mounted.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`GET ${PATH}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, same machine, same run`);
    console.log(`  through Next (baseline):   ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99Ms} ms, ${baseline.errors} errors`);
    console.log(`  direct node:http mount:    ${mounted.requestsPerSecond.toFixed(0)} req/s, p99 ${mounted.p99Ms} ms, ${mounted.errors} errors`);
    console.log(`  ratio direct / Next:       ${ratio.toFixed(2)}x`);
  } finally {
    direct.child.kill('SIGTERM');
    viaNext.child.kill('SIGTERM');
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
