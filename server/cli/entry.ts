import 'server-only';

// The operator's commands, as the core's public entry `@licensing/core/cli` (scripts/admin.mjs,
// scripts/db-seed.mjs): run from the built core like the service, with no TypeScript loader.
export { runAdmin } from './admin';
export { seedDatabase } from './db-seed';
