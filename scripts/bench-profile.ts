// CPU profiles of the server under the runtime bench (BENCH_PROFILE_DIR=<dir> npm run bench).
// Node 20 refuses --cpu-prof in NODE_OPTIONS, and the server is started by startServiceProcess, so
// the server gets a preload instead (a data: URL given to --import through NODE_OPTIONS) that starts
// and stops the V8 sampling profiler on SIGUSR2. The bench signals it around each measurement, so a
// profile holds one measurement only (not the start-up), and summarises it here: the main thread's
// time by rough cost area (database client, HTTP/Fetch layer, JWT, ...), per package, and the
// functions with the most self and inclusive time.
import fs from 'node:fs';
import path from 'node:path';

/**
 * NODE_OPTIONS for the server: on load (only in the process running scripts/start.mjs) writes its pid
 * to <dir>/server.pid; each pair of SIGUSR2 starts, then stops the profiler and writes
 * <dir>/profile-<n>.cpuprofile.
 */
export function profilerNodeOptions(dir: string): string {
  const source = `
import inspector from 'node:inspector';
import fs from 'node:fs';
import path from 'node:path';
if ((process.argv[1] ?? '').endsWith('start.mjs')) {
  const dir = ${JSON.stringify(path.resolve(dir))};
  fs.mkdirSync(dir, { recursive: true });
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let count = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 250 }, () => session.post('Profiler.start')));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      count += 1;
      const file = path.join(dir, 'profile-' + count + '.cpuprofile');
      fs.writeFileSync(file + '.tmp', JSON.stringify(error ? { error: String(error) } : result.profile));
      fs.renameSync(file + '.tmp', file);
    });
  });
  fs.writeFileSync(path.join(dir, 'server.pid'), String(process.pid));
}`;
  return `--import=data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
}

export interface ServerProfiler {
  /** Starts sampling; `stop` ends it and resolves with the profile's file, renamed after `name`. */
  start: () => void;
  stop: (name: string) => Promise<string>;
}

export async function attachProfiler(dir: string, timeoutMs = 30_000): Promise<ServerProfiler> {
  const pidFile = path.join(dir, 'server.pid');
  const pid = Number(await waitForFile(pidFile, timeoutMs).then(() => fs.readFileSync(pidFile, 'utf8')));
  let count = 0;
  return {
    start: () => process.kill(pid, 'SIGUSR2'),
    stop: async (name) => {
      count += 1;
      process.kill(pid, 'SIGUSR2');
      const written = path.join(dir, `profile-${count}.cpuprofile`);
      await waitForFile(written, timeoutMs);
      const named = path.join(dir, `${name}.cpuprofile`);
      fs.renameSync(written, named);
      return named;
    },
  };
}

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script belongs: its package under node_modules, node's own (by area), or the service's source. */
function ownerOf(url: string): string {
  if (url === '') return '(native / V8)';
  if (url.startsWith('node:')) {
    // node:internal split by area: deps/undici (Fetch), async_hooks (AsyncLocalStorage), crypto, streams...
    const parts = url.slice(5).split('/');
    if (parts[0] !== 'internal') return `node:${parts[0]}`;
    return `node:internal/${parts[1] === 'deps' ? `deps/${parts[2]}` : parts[1]!.replace(/\.js$/, '')}`;
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const source = /\/(server|scripts|app|generated)\//.exec(url);
  return source ? `service ${source[1]}/` : url;
}

/** A function as printed: its name, and its file (from its package, or from the service's root) and line. */
function frameName(frame: ProfileNode['callFrame']): string {
  const file = frame.url.replace(/^file:\/\//, '');
  const short = file.includes('node_modules/') ? file.slice(file.lastIndexOf('node_modules/') + 13) : file.replace(/^.*\/(server|scripts|app|generated)\//, '$1/');
  return `${frame.functionName || '(anonymous)'}  ${short}${short ? `:${frame.lineNumber + 1}` : ''}`;
}

const DATABASE = /node_modules\/(@prisma|prisma|pg|pg-pool|pg-protocol)\//;
const HTTP = /undici|webstreams|abort_controller|@hono\/node-server|node:_http_|node:net|stream_base_commons|internal\/streams|node:events/;

/**
 * A rough cost area of a sample, from its own frame and, for native frames (a socket write, a
 * crypto job), from the frames that called it. Stream internals reached from a socket read cannot
 * tell an HTTP socket from a database one and count as HTTP.
 */
function costArea(stack: ProfileNode['callFrame'][]): string {
  const { url, functionName } = stack[0]!;
  const calledFrom = (pattern: RegExp) => stack.some((frame) => pattern.test(frame.url));
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return '(program: V8 and native, unattributed)';
  if (DATABASE.test(url) || (url === '' && calledFrom(DATABASE))) return 'database client (Prisma, pg, their socket writes)';
  if (/node_modules\/jose\/|node:internal\/crypto|js_transferable/.test(url) || (url === '' && calledFrom(/node:internal\/crypto/))) return 'JWT verify + sign (jose, WebCrypto)';
  if (/async_hooks/.test(url)) return 'async hooks (AsyncLocalStorage on Node 20)';
  if (HTTP.test(url) || (url === '' && calledFrom(HTTP))) return 'HTTP + Fetch layer (node:http, undici Request/Response/Headers, streams)';
  if (/node_modules\/(hono|@hono|zod)\//.test(url)) return 'Hono + zod';
  if (/node_modules\/(prom-client|rate-limiter-flexible|pino)\//.test(url)) return 'metrics, limiter, logger libraries';
  if (/node_modules\/next\//.test(url)) return "Next's process-wide patches (Date, randomUUID)";
  if (!url.includes('node_modules/') && /\/(server|scripts|app)\//.test(url)) return 'service code (server/)';
  return 'other (microtask queue, Buffer, encoding...)';
}

/**
 * Printable lines: the busy time by cost area (and per request when `requestsPerSecond` is given),
 * self time per package, the top functions by self time and by inclusive (synchronous) time.
 */
export function summariseProfile(file: string, options: { top?: number; requestsPerSecond?: number } = {}): string[] {
  const top = options.top ?? 25;
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const frames: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
    return frames;
  };
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

  let total = 0;
  let idle = 0;
  const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
  const byArea = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    total += micros;
    const stack = stackOf(id);
    const frame = stack[0]!;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    add(byArea, costArea(stack), micros);
    const special = frame.functionName === '(garbage collector)' || frame.functionName === '(program)';
    add(byOwner, special ? frame.functionName : ownerOf(frame.url.replace(/^file:\/\//, '')), micros);
    add(byFunction, frameName(frame), micros);
    // Inclusive: a sample counts once for every function on its (synchronous) stack.
    const seen = new Set<string>();
    for (const caller of stack) {
      if (caller.functionName === '(root)' || caller.functionName === '(program)') continue;
      const name = frameName(caller);
      if (!seen.has(name)) add(inclusive, name, micros);
      seen.add(name);
    }
  }
  const busy = total - idle;
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
  const perRequest = (micros: number) =>
    options.requestsPerSecond ? `  ${(((micros / busy) * (busy / total) * 1000) / options.requestsPerSecond).toFixed(3)} ms/request` : '';
  const sorted = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  const lines = [`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(0)}% idle; shares of the busy time of the main thread`];
  lines.push('  by cost area:');
  for (const [area, micros] of sorted(byArea, 20)) lines.push(`    ${share(micros)}${perRequest(micros)}  ${area}`);
  lines.push('  self time per package:');
  for (const [owner, micros] of sorted(byOwner, 15)) lines.push(`    ${share(micros)}  ${owner}`);
  lines.push(`  top ${top} functions by self time:`);
  for (const [name, micros] of sorted(byFunction, top)) lines.push(`    ${share(micros)}  ${name}`);
  lines.push(`  top ${top} functions by inclusive time (synchronous stacks only):`);
  for (const [name, micros] of sorted(inclusive, top)) lines.push(`    ${share(micros)}  ${name}`);
  return lines;
}

// `node --import tsx scripts/bench-profile.ts <file.cpuprofile> [requests per second]` prints a summary again.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [file, requestsPerSecond] = process.argv.slice(2);
  if (!file) throw new Error('Usage: node --import tsx scripts/bench-profile.ts <file.cpuprofile> [requests per second]');
  console.log(summariseProfile(file, { requestsPerSecond: requestsPerSecond ? Number(requestsPerSecond) : undefined }).join('\n'));
}
