// `npm run db:seed`: applies migrations and (re)runs the idempotent demo seed, from the built core.
import { buildIfStale } from './build-state.mjs';

buildIfStale({ coreOnly: true, name: 'db:seed' });
const { seedDatabase } = await import('@licensing/core/cli');
seedDatabase().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
