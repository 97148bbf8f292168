// `BENCH_ONLY=layers npm run bench`: what each layer of the HTTP stack costs the runtime
// authorization. The same service functions are served behind successively fuller stacks
// (scripts/bench-layers.ts, each its own process: scripts/bench-layer-server.ts), then by the
// production entry itself, beside the ceiling of the runtime bench; each is loaded in turn, for
// several rounds, and the server's CPU per request (the steadier figure on a shared machine) and
// its rate are printed as medians, with what each layer adds to the one before.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { LAYERS, type Layer } from './bench-layers';
import { benchDatabaseAndPort, measure, median, rotating, RUNTIME_CONNECTIONS, seed, startBenchScript, startCeiling } from './bench-runtime';
import { startServiceProcess } from './service-process';

const LICENSES = Number(process.env.BENCH_LAYER_LICENSES ?? 1000);
const ROUNDS = Number(process.env.BENCH_LAYER_ROUNDS ?? 3);
/** One client makes all the load: the limits would refuse it, which is not what is measured. */
const UNLIMITED = { RATE_LIMIT_IP_PER_MINUTE: '100000000', TEST_LIMITS: JSON.stringify({ runtimeAuthorization: { points: 100_000_000 } }), LOG_LEVEL: 'warn' };

interface Target {
  name: string;
  description: string;
  url: string;
  pid: number;
  /** The token this target accepts when it is not a seeded license's own (the ceiling's). */
  token?: string;
}

async function startLayer(layer: Layer, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const { match, child } = await startBenchScript('scripts/bench-layer-server.ts', { ...process.env, ...env, LAYER: layer }, /listening on (\S+)/);
  return { url: match[1]!, child };
}

export async function benchHttpLayers(options: { anyDatabaseUrl: string; appSecret: string; durationSeconds: number }): Promise<void> {
  const { port, url } = await benchDatabaseAndPort(options);
  const seeded = await seed(url, LICENSES);
  const server = await startServiceProcess({ port, databaseUrl: url, env: { APP_SECRET: options.appSecret, REST_DIRECT_MOUNT: 'true', SEED_DEMO: 'false', ...UNLIMITED } });
  const ceiling = await startCeiling();
  const children: ChildProcess[] = [ceiling.child];
  try {
    const targets: Target[] = [{ name: '(a) ceiling', description: 'node:http, one ES256 verify + one sign', url: ceiling.url, pid: ceiling.child.pid!, token: ceiling.token }];
    for (const [layer, description] of Object.entries(LAYERS) as [Layer, string][]) {
      // The codes name the production server as their issuer: every layer is that service.
      const started = await startLayer(layer, { DATABASE_URL: url, APP_SECRET: options.appSecret, PUBLIC_BASE_URL: server.baseUrl, ...UNLIMITED });
      children.push(started.child);
      targets.push({ name: layer, description, url: started.url, pid: started.child.pid! });
    }
    targets.push({ name: 'entry', description: '+ the production entry (npm start: mounts, trusted headers, connection tracking)', url: server.baseUrl, pid: server.pid });

    console.log(`\nHTTP layers around GenerateLicenseAuthorization: ${LICENSES} licenses, ${RUNTIME_CONNECTIONS} connections, ${options.durationSeconds} s each, ${ROUNDS} rounds in turn; medians`);
    const figures = new Map<string, { cpuUs: number[]; rate: number[] }>(targets.map((target) => [target.name, { cpuUs: [], rate: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const load = target.token
          ? { method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` }, body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: 'license' }) }
          : { requests: [{ setupRequest: rotating(seeded, (license) => JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId })) }] };
        const path = target.token ? '/' : '/licensing/runtime/GenerateLicenseAuthorization';
        const result = await measure({ connections: RUNTIME_CONNECTIONS, duration: options.durationSeconds, url: `${target.url}${path}`, ...load }, undefined, target.pid);
        if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} errors or non-2xx`);
        figures.get(target.name)!.cpuUs.push(result.cpuMsPerRequest! * 1000);
        figures.get(target.name)!.rate.push(result.requestsPerSecond);
      }
    }
    const ceilingRate = median(figures.get('(a) ceiling')!.rate);
    let before: number | undefined;
    for (const target of targets) {
      const cpuUs = median(figures.get(target.name)!.cpuUs);
      const rate = median(figures.get(target.name)!.rate);
      const added = before === undefined || target.token ? '' : `, ${cpuUs - before >= 0 ? '+' : ''}${Math.round(cpuUs - before)} µs`;
      console.log(`  ${target.name.padEnd(11)} ${String(Math.round(cpuUs)).padStart(4)} µs/request${added.padEnd(11)} ${String(Math.round(rate)).padStart(6)} req/s (ratio ${(rate / ceilingRate).toFixed(2)})   ${target.description}`);
      if (!target.token) before = cpuUs;
    }
  } finally {
    for (const child of children) child.kill();
    await server.stop();
  }
}
