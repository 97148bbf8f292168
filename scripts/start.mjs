// `npm start`: the production entry. Builds when there is no current build (the core and the pages),
// then starts the service from the built core, which Next's pages, tRPC and route files load too:
// one copy of every cache, limiter, listener and pool in the process (docs/design.md).
//   npm start -- --dev    the same with Next in development mode
import v8 from 'node:v8';
import { buildIfStale } from './build-state.mjs';

// After each full collection V8 lets the heap grow by a factor of up to four before the next one:
// under load the process held 380-540 MB, most of it garbage not yet collected. Growing by 35% keeps
// it near the live heap (about 100 MB) plus headroom: 260-295 MB after the runtime bench at the same
// throughput, with more frequent, shorter collections (docs/performance.md "Memory"). An operator's
// own `node --heap-growing-percent=N` wins.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) v8.setFlagsFromString('--heap-growing-percent=35');

// Prisma's query compiler is a 3 MB WebAssembly module. V8 compiles it with its baseline compiler
// (Liftoff), then recompiles the hot functions with its optimising one (TurboFan) on worker threads,
// whose scratch memory stays with those threads' malloc arenas: about 45 MB of resident memory for
// no measurable gain, since the client caches each query's plan and the database's round trip is
// most of a query (docs/performance.md, "Prisma's query compiler without the optimising
// compiler"). Set before Prisma's module is compiled; an operator's own wasm flag wins.
if (!process.execArgv.some((arg) => /^--(no-)?(liftoff|wasm)/.test(arg))) v8.setFlagsFromString('--liftoff-only');

const dev = process.argv.includes('--dev');
const operatorNodeEnv = process.env.NODE_ENV;

// Next sets NODE_ENV when it starts, but the core loads before it: without this, the e-mail
// templates would get React's development JSX runtime and react-dom/server (loaded lazily, after
// Next) its production build, which cannot render them. Set it first, as Next would.
if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });

buildIfStale({ coreOnly: dev, name: 'start' });

const { startService } = await import('@licensing/core/start');
startService({ dev, operatorNodeEnv }).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
