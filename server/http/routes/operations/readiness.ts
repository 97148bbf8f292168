import { describedJson } from '../../openapi';
import type { Context } from 'hono';
import { db } from '../../../db';
import { checkReadiness, isStopping } from '../../../platform/health/readiness';
import { invalidationListenerState } from '../../../platform/invalidation/invalidation';
import { limitsBackend } from '../../../platform/limits/limits';
import type { AppEnv } from '../../app-env';
import { METHOD_NOT_ALLOWED, NO_STORE, operationRoute } from './operation-route';

export const route = operationRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'readiness',
  summary: 'Readiness: the database answers, migrations are applied, the instance is not stopping',
  responses: { 405: METHOD_NOT_ALLOWED, 200: describedJson('Ready, with each check.'), 503: describedJson('Not ready (or stopping), with each check.') },
});

export async function handler(c: Context<AppEnv>) {
  const readiness = await checkReadiness({ db: db() });
  // Stopping (SIGTERM): not ready, so a load balancer sends nothing new while requests finish.
  // The invalidation listener and the limits' store are shown, not judged: while the listener
  // reconnects caches serve 5 s at most; while Redis is away each instance counts its share.
  const ready = readiness.ready && !isStopping();
  const checks = { Database: readiness.checks.database, Migrations: readiness.checks.migrations, Invalidation: invalidationListenerState(), Limits: await limitsBackend() };
  return c.json({ Ready: ready, Stopping: isStopping(), Checks: checks }, ready ? 200 : 503, NO_STORE);
}
