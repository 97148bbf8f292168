// The runtime part of `npm run bench` (issue: runtime paths and their speed): seeds a database with
// a few thousand licenses, then measures in one run (a) the ceiling, a plain node:http handler doing
// one ES256 verify and one sign (scripts/bench-ceiling.ts), (b) GenerateLicenseAuthorization over
// every license in steady state (each seen before, as seats refresh every five minutes in service)
// and (c) usage ingestion through the production server, with autocannon at 64 connections. For
// reference it also measures (b) at the first touch of each license (caches empty, as after a
// start), over 64 licenses only and at 4 connections (latency not bound by the queue of 64: at 64
// connections the mean latency is 64 / throughput).
// BENCH_PROFILE_DIR=<dir> profiles the server during (b) and (c) (scripts/bench-profile.ts);
// BENCH_ONLY=runtime (scripts/bench.ts) skips the mount comparison before it.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import autocannon from 'autocannon';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '../server/catalog/catalog-enums';
import { databaseUrl } from '../server/platform/database/embedded-postgres';
import { applyMigrations } from '../server/platform/database/migrate';
import { resetEnvForTests } from '../server/env';
import { stopInvalidationListener } from '../server/platform/invalidation/invalidation';
import { ensureSigningKeys } from '../server/keys/signing-keys';
import { mintLicense } from '../server/licensing/licenses/mint-license';
import { decodeLicenseCode } from '../server/licensing/codes/runtime-token';
import { attachProfiler, profilerNodeOptions, summariseProfile, type ServerProfiler } from './bench-profile';
import { startServiceProcess } from './service-process';

export const RUNTIME_CONNECTIONS = Number(process.env.BENCH_RUNTIME_CONNECTIONS ?? 64);
const LICENSES = Number(process.env.BENCH_LICENSES ?? 3000);
const ITEMS_PER_BATCH = 100;
const BENCH_DATABASE = 'licensing_bench';
/** Pairs of (a) and (b) whose ratios' median is the figure: the first in the run's order, the rest alternated at its end. */
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 3);
/** BENCH_PROFILE_DIR=<dir>: a CPU profile of the server during (b) and during (c), summarised after the figures. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

interface Figures {
  requestsPerSecond: number;
  /** 2xx answers per second (over the measured time). */
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU time of the measured server process, all its threads, per request answered (when its pid was given). */
  cpuMsPerRequest?: number;
}

export interface Seeded {
  licenseId: string;
  token: string;
}

/** A fresh database beside the given one (never the operator's own data), migrated. */
export async function freshBenchDatabase(anyDatabaseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: anyDatabaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  const url = databaseUrl(anyDatabaseUrl, BENCH_DATABASE);
  await applyMigrations(url);
  return url;
}

export async function seed(url: string, licenses: number = LICENSES): Promise<Seeded[]> {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 8 }) });
  try {
    // The signing keys exist before the parallel mints below use them (as the server's start does).
    await ensureSigningKeys({ db });
    const seller = await db.seller.create({ data: { issuerClientId: 'bench', legalName: 'Bench Ltd', checkoutReady: true } });
    const product = await db.product.create({ data: { sellerId: seller.id, name: 'Bench', status: CatalogStatus.Active } });
    const offering = await db.offering.create({
      data: {
        sellerId: seller.id,
        productId: product.id,
        name: 'Bench Monthly',
        status: CatalogStatus.Active,
        listed: true,
        classification: LicenseClassification.Subscription,
        priceMinor: 900,
        interval: 1,
        intervalUnit: IntervalUnit.Month,
      },
    });
    await db.feature.createMany({
      data: [
        { offeringId: offering.id, key: 'render', displayName: 'Render', rate: '0.01', allowance: 1_000_000_000, allowancePeriodUnit: IntervalUnit.Month, rateLimit: 120, accessLevel: 'Allowed' },
        { offeringId: offering.id, key: 'export', displayName: 'Export', rateLimit: 60, accessLevel: 'Allowed' },
        { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
      ],
    });
    const seeded: Seeded[] = [];
    const PARALLEL = 8;
    for (let start = 0; start < licenses; start += PARALLEL) {
      const minted = await Promise.all(
        Array.from({ length: Math.min(PARALLEL, licenses - start) }, () =>
          db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 })),
        ),
      );
      for (const license of minted) seeded.push({ licenseId: license.licenseId, token: decodeLicenseCode(license.codes[0]!)! });
    }
    return seeded;
  } finally {
    // The signing-key cache started this process's invalidation listener: closed before the
    // database it listens on goes away.
    await stopInvalidationListener();
    await db.$disconnect();
  }
}

/** User + system CPU time of a process and all its threads so far, in ms (Linux /proc). */
function processCpuMs(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;

export async function measure(options: autocannon.Options, profile?: { profiler: ServerProfiler; name: string; files: string[] }, serverPid?: number): Promise<Figures> {
  await autocannon({ ...options, connections: 8, duration: 1 });
  profile?.profiler.start();
  const cpuBefore = serverPid === undefined ? 0 : processCpuMs(serverPid);
  const result = await autocannon(options);
  const cpuMs = serverPid === undefined ? 0 : processCpuMs(serverPid) - cpuBefore;
  if (profile) profile.files.push(await profile.profiler.stop(profile.name));
  return {
    cpuMsPerRequest: serverPid === undefined || result.requests.total === 0 ? undefined : cpuMs / result.requests.total,
    requestsPerSecond: result.requests.average,
    okPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
  };
}

/** Batches of ITEMS_PER_BATCH items, each request a new BatchId of the next license (round robin). */
export function ingestionLoad(baseUrl: string, seeded: Seeded[]): Pick<autocannon.Options, 'url' | 'requests'> {
  const now = new Date().toISOString();
  return {
    url: `${baseUrl}/consumption/runtime/messages`,
    requests: [
      {
        setupRequest: rotating(seeded, (license) =>
          JSON.stringify({
            LicenseId: license.licenseId,
            BatchId: crypto.randomUUID(),
            Items: Array.from({ length: ITEMS_PER_BATCH }, (_, index) => ({ FeatureKey: index % 2 === 0 ? 'render' : 'export', Units: 1 + (index % 5), TimeUtc: now })),
          }),
        ),
      },
    ],
  };
}

/** Each request a different license (round robin), so the caches see many keys. */
export function rotating(seeded: Seeded[], body: (license: Seeded) => string) {
  let next = 0;
  return (request: autocannon.Request) => {
    const license = seeded[next++ % seeded.length]!;
    return { ...request, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` }, body: body(license) } as autocannon.Request;
  };
}

/** Starts a bench script as its own process and waits for its line that says where it listens (`listening`). */
export async function startBenchScript(script: string, env: NodeJS.ProcessEnv, listening: RegExp): Promise<{ match: RegExpExecArray; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = listening.exec(output);
      if (found) resolve(found);
    });
    child.once('exit', () => reject(new Error(`${script} ended: ${output}`)));
  });
  return { match, child };
}

export async function startCeiling(): Promise<{ url: string; token: string; child: ChildProcess }> {
  const { match, child } = await startBenchScript('scripts/bench-ceiling.ts', process.env, /ceiling listening on (\S+) token (\S+)/);
  return { url: match[1]!, token: match[2]!, child };
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const figuresText = (figures: Figures) =>
  `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.failures} errors or non-2xx` +
  (figures.cpuMsPerRequest === undefined ? '' : `, server CPU ${(figures.cpuMsPerRequest * 1000).toFixed(0)} µs/request`);
const describe = (name: string, figures: Figures) => `${name}: ${figuresText(figures)}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server's resident set (VmRSS) once every face has run: the runtime load above, then pages,
 * tRPC and the API reference, so Next's side has loaded what it uses of the core.
 */
async function residentMemoryAfterPages(server: { baseUrl: string; pid: number }): Promise<{ residentMb: number; parts: string }> {
  for (const page of ['/', '/marketplace', '/login', '/docs', '/api/trpc/catalog.storefront?input=%7B%22json%22%3A%7B%22issuerClientId%22%3A%22none%22%7D%7D']) {
    await (await fetch(server.baseUrl + page)).arrayBuffer();
  }
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  // Where it goes, from the process's own /metrics (prom-client's default metrics).
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const mb = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(metrics);
    return match ? `${Math.round(Number(match[1]) / 1024 / 1024)} MB` : '?';
  };
  const parts = `V8 heap ${mb('nodejs_heap_size_used_bytes')} used of ${mb('nodejs_heap_size_total_bytes')}, external ${mb('nodejs_external_memory_bytes')}`;
  return { residentMb: residentMegabytes(server.pid, status), parts };
}

const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);

function residentMegabytes(pid: number, status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')): number {
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024);
}

/**
 * A fresh bench database and the port its server will listen on, with this process configured for
 * them: the codes minted here carry the issuer of the server that will verify them (its base URL),
 * and the services used to seed read their configuration (DATABASE_URL included, e.g. for the
 * invalidation listener) from the environment.
 */
export async function benchDatabaseAndPort(options: { anyDatabaseUrl: string; appSecret: string }): Promise<{ port: number; url: string }> {
  const port = await freePort();
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.APP_SECRET = options.appSecret;
  const url = await freshBenchDatabase(options.anyDatabaseUrl);
  process.env.DATABASE_URL = url;
  resetEnvForTests();
  return { port, url };
}

export async function benchRuntime(options: { anyDatabaseUrl: string; appSecret: string; durationSeconds: number }): Promise<void> {
  const { port, url } = await benchDatabaseAndPort(options);
  const seededAt = Date.now();
  const seeded = await seed(url);
  console.log(`\nRuntime paths: ${seeded.length} licenses seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s; ${RUNTIME_CONNECTIONS} connections, ${options.durationSeconds} s each`);

  const ceiling = await startCeiling();
  if (PROFILE_DIR) fs.rmSync(PROFILE_DIR, { recursive: true, force: true });
  const server = await startServiceProcess({
    port,
    databaseUrl: url,
    env: {
      APP_SECRET: options.appSecret,
      REST_DIRECT_MOUNT: 'true',
      RATE_LIMIT_IP_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // BENCH_SERVER_NODE_OPTIONS, e.g. '--inspect', is passed on (Node refuses --cpu-prof there: use BENCH_PROFILE_DIR).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS || PROFILE_DIR
        ? { NODE_OPTIONS: [process.env.BENCH_SERVER_NODE_OPTIONS, PROFILE_DIR ? profilerNodeOptions(PROFILE_DIR) : undefined].filter(Boolean).join(' ') }
        : {}),
      // One client makes all the load: the per-license limits would refuse it, which is not what is measured.
      TEST_LIMITS: JSON.stringify({ runtimeAuthorization: { points: 100_000_000 }, consumption: { points: 100_000_000 }, deviceChurn: { points: 100_000_000 } }),
    },
  });
  try {
    const sample = await fetch(`${server.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded[0]!.token}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: seeded[0]!.licenseId }),
    });
    if (sample.status !== 200) throw new Error(`The server refuses the seeded codes (${sample.status}): ${await sample.text()}`);
    const profiler = PROFILE_DIR ? await attachProfiler(PROFILE_DIR) : undefined;
    const profiles: string[] = [];
    const base = { connections: RUNTIME_CONNECTIONS, duration: options.durationSeconds };
    const ceilingLoad: autocannon.Options = {
      ...base,
      url: `${ceiling.url}/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ceiling.token}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: 'license' }),
    };
    const ceilingFigures = await measure(ceilingLoad, undefined, ceiling.child.pid);
    const authorizationOf = (licenses: Seeded[]) => ({
      url: `${server.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`,
      requests: [{ setupRequest: rotating(licenses, (license) => JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId })) }],
    });
    // First touch: every license is new to the server's caches (as after a start).
    const firstTouch = await measure({ ...base, ...authorizationOf(seeded) }, undefined, server.pid);
    const ingestion = await measure({ ...base, ...ingestionLoad(server.baseUrl, seeded) }, profiler && { profiler, name: 'ingestion', files: profiles }, server.pid);
    // Steady state, as in service: every license seen before (seats refresh every five minutes,
    // the runtime caches live ten); the usage just ingested makes the seats' windows be read again.
    const authorization = await measure({ ...base, ...authorizationOf(seeded) }, profiler && { profiler, name: 'authorization', files: profiles }, server.pid);
    const warm = await measure({ ...base, ...authorizationOf(seeded.slice(0, 64)) }, undefined, server.pid);
    const unqueued = await measure({ ...base, connections: 4, ...authorizationOf(seeded) }, undefined, server.pid);
    const { residentMb, parts: memoryParts } = await residentMemoryAfterPages(server);
    // The same process idle for a while, as between bursts: what V8 keeps once its memory reducer has run.
    await new Promise((resolve) => setTimeout(resolve, (SETTLE_SECONDS / 2) * 1000));
    const halfSettledMb = residentMegabytes(server.pid);
    await new Promise((resolve) => setTimeout(resolve, (SETTLE_SECONDS / 2) * 1000));
    const settledMb = residentMegabytes(server.pid);
    // Device activations, after the memory figures so they measure what they did before: each
    // request a new fingerprint taking a place on its license's seat, under the seat's row lock.
    const activations = await measure({
      ...base,
      url: `${server.baseUrl}/licensing/runtime/ActivateDevice`,
      requests: [{ setupRequest: rotating(seeded, (license) => JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId, Fingerprint: crypto.randomBytes(16).toString('hex'), Name: 'bench' })) }],
    }, undefined, server.pid);
    // The ceiling swings by a third between minutes on a shared machine: more pairs, alternated.
    const pairs = [{ ceiling: ceilingFigures, authorization }];
    for (let round = 2; round <= RATIO_ROUNDS; round++) {
      pairs.push({ ceiling: await measure(ceilingLoad, undefined, ceiling.child.pid), authorization: await measure({ ...base, ...authorizationOf(seeded) }, undefined, server.pid) });
    }
    const ratios = pairs.map((pair) => pair.authorization.requestsPerSecond / pair.ceiling.requestsPerSecond);
    const ratio = median(ratios);
    const cpuRatios = pairs.flatMap((pair) => (pair.authorization.cpuMsPerRequest === undefined || pair.ceiling.cpuMsPerRequest === undefined ? [] : [pair.authorization.cpuMsPerRequest / pair.ceiling.cpuMsPerRequest]));
    const firstTouchRatio = firstTouch.requestsPerSecond / median(pairs.map((pair) => pair.ceiling.requestsPerSecond));
    // Items made durable: only batches answered 2xx count.
    const itemsPerSecond = ingestion.okPerSecond * ITEMS_PER_BATCH;
    console.log(`  (a) ${describe('ceiling: node:http, one ES256 verify + one sign', ceilingFigures)}`);
    console.log(`  (b) ${describe(`POST /licensing/runtime/GenerateLicenseAuthorization, ${seeded.length} licenses, steady state`, authorization)}`);
    console.log(`  (c) ${describe(`POST /consumption/runtime/messages (${ITEMS_PER_BATCH} items per batch)`, ingestion)}`);
    const firstTouchMet = firstTouchRatio >= 0.7 && firstTouch.p99Ms <= 2 * authorization.p99Ms;
    console.log(`  (b) first touch of each license (caches empty, as after a start): ${figuresText(firstTouch)}, ratio ${firstTouchRatio.toFixed(2)} (to the ceilings' median)   (target ratio >= 0.7 and p99 <= twice the steady p99: ${firstTouchMet ? 'met' : 'NOT met'})`);
    console.log(`  for reference: (b) over 64 licenses only, caches warm: ${figuresText(warm)}`);
    console.log(`  for reference: (b) at 4 connections: ${figuresText(unqueued)}`);
    const listed = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    console.log(`  ratio (b)/(a): ${ratio.toFixed(2)}, the median of ${pairs.length} pairs (${listed(ratios)}; the ceilings ${pairs.map((pair) => pair.ceiling.requestsPerSecond.toFixed(0)).join(', ')} req/s)   (target >= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'})`);
    if (cpuRatios.length > 0) {
      console.log(`  server CPU per request, (b)/(a): ${median(cpuRatios).toFixed(2)} (${listed(cpuRatios)})   (steadier than the rates on a machine the load generator shares)`);
    }
    console.log(`  p99 of (b): ${authorization.p99Ms} ms   (target < 25 ms: ${authorization.p99Ms < 25 ? 'met' : 'NOT met'}; the ceiling's own p99 at ${RUNTIME_CONNECTIONS} connections: ${ceilingFigures.p99Ms} ms; (b) at 4 connections: ${unqueued.p99Ms} ms)`);
    console.log(`  ingestion: ${itemsPerSecond.toFixed(0)} items/s durable   (target >= 20000: ${itemsPerSecond >= 20_000 ? 'met' : 'NOT met'})`);
    console.log(`  device activations: ${figuresText(activations)} (POST /licensing/runtime/ActivateDevice, each a new device taking a place under its seat's lock)`);
    console.log(
      `  server resident memory after the load above and a round of pages: ${residentMb} MB (${memoryParts}); after ${SETTLE_SECONDS / 2} s idle: ${halfSettledMb} MB, after ${SETTLE_SECONDS} s: ${settledMb} MB   (target <= 220 MB after the load, falling back when idle: ${residentMb <= 220 && settledMb <= residentMb ? 'met' : 'NOT met'})`,
    );
    const rates: Record<string, number> = { authorization: authorization.requestsPerSecond, ingestion: ingestion.requestsPerSecond };
    for (const file of profiles) {
      const requestsPerSecond = rates[path.basename(file, '.cpuprofile')];
      console.log(`\nServer CPU profile (the profiler slows the server a little), ${file}\n${summariseProfile(file, { requestsPerSecond }).join('\n')}`);
    }
  } finally {
    ceiling.child.kill('SIGTERM');
    await server.stop();
  }
}
