import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { closeLimits } from '@/server/platform/limits/limits';
import { rememberProcessConfig } from './process-config';
import { startStripeServer, type StripeServer } from './stripe-server';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test';

// What an in-process file's service reads, put back after the file.
const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL', 'REDIS_URL', 'TEST_LIMITS'];

/**
 * For a test file that calls the core in its own process: its own database, the process configured
 * as an instance would read it (a random APP_SECRET; no Stripe, so the local processor; no SMTP, so
 * e-mails go to the dev outbox table; no Redis, so limits count in memory; then `env`), and after
 * the file the configuration put back and every connection closed. The handle is filled in before
 * the first test.
 */
export function inProcessCore(env: Record<string, string> = {}): { database: TestDatabase } {
  const handles = {} as { database: TestDatabase };
  useInProcessConfig(env, async () => {
    handles.database = await createTestDatabase();
    return { DATABASE_URL: handles.database.url };
  }, async () => {
    await handles.database?.drop();
  });
  return handles;
}

/**
 * The same with Stripe configured: a local server that answers like Stripe (the real SDK talks to
 * it), its recorded requests cleared before each test. `env` adds to or overrides the Stripe keys.
 */
export function inProcessWithStripe(env: Record<string, string> = {}): { database: TestDatabase; stripe: StripeServer } {
  const handles = {} as { database: TestDatabase; stripe: StripeServer };
  useInProcessConfig(env, async () => {
    [handles.database, handles.stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
    return { DATABASE_URL: handles.database.url, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: handles.stripe.baseUrl };
  }, async () => {
    await Promise.all([handles.stripe?.stop(), handles.database?.drop()]);
  });
  beforeEach(() => {
    handles.stripe.requests.length = 0;
  });
  return handles;
}

function useInProcessConfig(env: Record<string, string>, start: () => Promise<Record<string, string>>, stop: () => Promise<void>): void {
  const restoreConfig = rememberProcessConfig([...CONFIG_KEYS, ...Object.keys(env)]);
  beforeAll(async () => {
    const started = await start();
    for (const key of CONFIG_KEYS) delete process.env[key];
    Object.assign(process.env, { APP_SECRET: crypto.randomBytes(32).toString('base64url') }, started, env);
    resetEnvForTests();
    // Limit stores are built from the configuration at first use: drop any built before it changed.
    await closeLimits();
  });
  afterAll(async () => {
    restoreConfig();
    await closeLimits();
    await stopInvalidationListener();
    await closeDb();
    await stop();
  });
}
