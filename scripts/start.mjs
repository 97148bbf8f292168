// `npm start`: the production entry. Builds when there is no current build (the core and the pages),
// then starts the service from the built core, which Next's pages, tRPC and route files load too:
// one copy of every cache, limiter, listener and pool in the process (README "Design notes").
//   npm start -- --dev    the same with Next in development mode
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-state.mjs';

const dev = process.argv.includes('--dev');
const operatorNodeEnv = process.env.NODE_ENV;

// Next sets NODE_ENV when it starts, but the core loads before it: without this, the e-mail
// templates would get React's development JSX runtime and react-dom/server (loaded lazily, after
// Next) its production build, which cannot render them. Set it first, as Next would.
if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });

if (!buildIsCurrent({ dev })) {
  console.log(`[start] No current build: building (this takes a minute or two)…`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', ...(dev ? ['--core-only'] : [])], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startService } = await import('@licensing/core/start');
startService({ dev, operatorNodeEnv }).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
