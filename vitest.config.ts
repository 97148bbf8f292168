import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Test traffic stays on this machine, in the workers and every process they start.
    setupFiles: ['tests/support/loopback-only.mjs'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    pool: 'forks',
    // Two cores: two test files at a time, each with its own database and, where needed, server.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
