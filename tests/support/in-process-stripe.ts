import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { rememberProcessConfig } from './process-config';
import { startStripeServer, type StripeServer } from './stripe-server';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test';

/**
 * For a test file that calls the core in its own process with Stripe configured: its own database
 * and a local server that answers like Stripe (the real SDK talks to it), the process configured as
 * an instance would read it (`env` adds to or overrides the Stripe keys), the recorded Stripe
 * requests cleared before each test, and everything put back after the file. The handles are filled
 * in before the first test.
 */
export function inProcessWithStripe(env: Record<string, string> = {}): { database: TestDatabase; stripe: StripeServer } {
  const handles = {} as { database: TestDatabase; stripe: StripeServer };
  const restoreConfig = rememberProcessConfig(['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', ...Object.keys(env)]);
  beforeAll(async () => {
    [handles.database, handles.stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
    Object.assign(process.env, {
      DATABASE_URL: handles.database.url,
      APP_SECRET: crypto.randomBytes(32).toString('base64url'),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: handles.stripe.baseUrl,
      ...env,
    });
    resetEnvForTests();
  });
  beforeEach(() => {
    handles.stripe.requests.length = 0;
  });
  afterAll(async () => {
    restoreConfig();
    await stopInvalidationListener();
    await closeDb();
    await Promise.all([handles.stripe?.stop(), handles.database?.drop()]);
  });
  return handles;
}
