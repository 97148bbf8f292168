import type { OpenAPIHono } from '@hono/zod-openapi';
import { db } from '../db';
import { env } from '../env';
import { LOOPBACK_CLIENT_HEADER } from '../mail/outbox-access';
import { checkReadiness, isStopping } from '../platform/health/readiness';
import { invalidationListenerState } from '../platform/invalidation/invalidation';
import { limitsBackend } from '../platform/limits/limits';
import { metricsAccessAllowed, renderMetrics } from '../platform/metrics/metrics';
import { DomainError } from '../errors';
import { registerApiReferenceRoutes } from './api-reference-page';
import type { AppEnv } from './app-env';
import { DOCUMENT_INFO } from './openapi';

// Routes for operators and readers of the API, outside the REST prefixes and outside the OpenAPI
// document: liveness, readiness, Prometheus metrics, the document itself and its reference page
// (api-reference-page.ts).

export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs'] as const;

const noStore = { 'Cache-Control': 'no-store' };

export function registerOperationsRoutes(app: OpenAPIHono<AppEnv>): void {
  app.get('/healthz', (c) => c.json({ Status: 'ok' }, 200, noStore));

  app.get('/readyz', async (c) => {
    const readiness = await checkReadiness({ db: db() });
    // Stopping (SIGTERM): not ready, so a load balancer sends nothing new while requests finish.
    // The invalidation listener and the limits' store are shown, not judged: while the listener
    // reconnects caches serve 5 s at most; while Redis is away each instance counts its share.
    const ready = readiness.ready && !isStopping();
    const checks = { Database: readiness.checks.database, Migrations: readiness.checks.migrations, Invalidation: invalidationListenerState(), Limits: await limitsBackend() };
    return c.json({ Ready: ready, Stopping: isStopping(), Checks: checks }, ready ? 200 : 503, noStore);
  });

  app.get('/metrics', async (c) => {
    const allowed = metricsAccessAllowed({
      isLoopback: c.req.header(LOOPBACK_CLIENT_HEADER) === '1',
      authorization: c.req.header('authorization') ?? null,
      token: env().METRICS_TOKEN,
    });
    // Not found rather than forbidden: the address does not advertise itself to strangers.
    if (!allowed) throw new DomainError('NotFound', 'No resource at this path.');
    const metrics = await renderMetrics();
    return c.body(metrics.body, 200, { 'content-type': metrics.contentType, ...noStore });
  });

  let document: unknown;
  app.get('/openapi.json', (c) => {
    document ??= app.getOpenAPI31Document(DOCUMENT_INFO);
    return c.json(document as object, 200, { 'Cache-Control': 'public, max-age=300' });
  });

  registerApiReferenceRoutes(app);
}
