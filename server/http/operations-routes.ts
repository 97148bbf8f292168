import fs from 'node:fs';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { db } from '../db';
import { env } from '../env';
import { LOOPBACK_CLIENT_HEADER } from '../mail/outbox-access';
import { checkReadiness, isStopping } from '../platform/health/readiness';
import { invalidationListenerState } from '../platform/invalidation/invalidation';
import { limitsBackend } from '../platform/limits/limits';
import { metricsAccessAllowed, renderMetrics } from '../platform/metrics/metrics';
import { DomainError } from '../errors';
import type { AppEnv } from './app-env';
import { DOCUMENT_INFO } from './openapi';

// Routes for operators and readers of the API, outside the REST prefixes and outside the OpenAPI
// document: liveness, readiness, Prometheus metrics, the document itself and its reference page.

export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs'] as const;

const noStore = { 'Cache-Control': 'no-store' };

// The reference page is Swagger UI from the npm package `swagger-ui-dist`, served from here: no CDN.
const SWAGGER_UI_DIR = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');
const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Licensing and purchase service</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><main id="reference" aria-label="API reference"></main>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body>
</html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, defaultModelsExpandDepth: 0 });`;

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

  app.get('/docs', (c) =>
    c.html(DOCS_PAGE, 200, {
      // Swagger UI sets styles inline; its scripts are these files only.
      'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    }),
  );
  app.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/:asset', async (c) => {
    const asset = c.req.param('asset');
    const type = DOCS_ASSETS[asset];
    if (!type) throw new DomainError('NotFound', 'No resource at this path.');
    const content = await fs.promises.readFile(path.join(SWAGGER_UI_DIR, asset));
    return c.body(content, 200, { 'content-type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}
