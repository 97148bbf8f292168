import type { Context } from 'hono';
import { env } from '../../../env';
import { DomainError } from '../../../errors';
import { LOOPBACK_CLIENT_HEADER } from '../../../mail/outbox-access';
import { metricsAccessAllowed, renderMetrics } from '../../../platform/metrics/metrics';
import type { AppEnv } from '../../app-env';
import { METHOD_NOT_ALLOWED, NO_STORE, operationRoute } from './operation-route';

export const route = operationRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'metrics',
  summary: 'Prometheus metrics (from loopback, or with `Authorization: Bearer <METRICS_TOKEN>`)',
  responses: { 405: METHOD_NOT_ALLOWED, 200: { description: 'The Prometheus text format.', content: { 'text/plain': { schema: { type: 'string' as const } } } }, 404: { description: 'Not from loopback and without the token.' } },
});

export async function handler(c: Context<AppEnv>) {
  const allowed = metricsAccessAllowed({
    isLoopback: c.req.header(LOOPBACK_CLIENT_HEADER) === '1',
    authorization: c.req.header('authorization') ?? null,
    token: env().METRICS_TOKEN,
  });
  // Not found rather than forbidden: the address does not advertise itself to strangers.
  if (!allowed) throw new DomainError('NotFound', 'No resource at this path.');
  const metrics = await renderMetrics();
  return c.body(metrics.body, 200, { 'content-type': metrics.contentType, ...NO_STORE });
}
