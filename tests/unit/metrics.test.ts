import { describe, expect, it } from 'vitest';
import {
  metricsAccessAllowed,
  recordHttpRequest,
  recordRateLimitRefusal,
  renderMetrics,
  gaugeReadAtScrape,
} from '@/server/platform/metrics/metrics';

describe('metrics exposition', () => {
  it('counts requests and observes their duration under route, method and status', async () => {
    recordHttpRequest({ route: '/purchase/:issuerClientId/offerings', method: 'get', status: 200 }, 0.012);
    recordHttpRequest({ route: '/purchase/:issuerClientId/offerings', method: 'GET', status: 200 }, 0.003);
    recordHttpRequest({ route: '/purchase/:issuerClientId/checkout', method: 'POST', status: 409 }, 1.2);

    const { contentType, body } = await renderMetrics();
    expect(contentType).toContain('text/plain');
    expect(body).toContain('# TYPE http_requests_total counter');
    expect(body).toContain('http_requests_total{route="/purchase/:issuerClientId/offerings",method="GET",status="200"} 2');
    expect(body).toContain('http_requests_total{route="/purchase/:issuerClientId/checkout",method="POST",status="409"} 1');
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.005",route="/purchase/:issuerClientId/offerings",method="GET",status="200"} 1');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.025",route="/purchase/:issuerClientId/offerings",method="GET",status="200"} 2');
    expect(body).toContain('http_request_duration_seconds_bucket{le="5",route="/purchase/:issuerClientId/checkout",method="POST",status="409"} 1');
    expect(body).toContain('http_request_duration_seconds_count{route="/purchase/:issuerClientId/checkout",method="POST",status="409"} 1');
  });

  it('counts rate limit refusals by limit', async () => {
    recordRateLimitRefusal('ip');
    recordRateLimitRefusal('ip');
    recordRateLimitRefusal('api-key');
    const { body } = await renderMetrics();
    expect(body).toContain('rate_limit_refusals_total{limit="ip"} 2');
    expect(body).toContain('rate_limit_refusals_total{limit="api-key"} 1');
  });

  it('includes the default process metrics', async () => {
    const { body } = await renderMetrics();
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads the job queue depth from its source at each scrape', async () => {
    let reads = 0;
    let depths: Record<string, number> = { email: 3, expiry: 0 };
    gaugeReadAtScrape({ name: 'job_queue_depth', help: 'Jobs waiting.', labelName: 'queue', read: async () => {
      reads += 1;
      return depths;
    } });
    expect(reads).toBe(0);

    let { body } = await renderMetrics();
    expect(reads).toBe(1);
    expect(body).toContain('job_queue_depth{queue="email"} 3');
    expect(body).toContain('job_queue_depth{queue="expiry"} 0');

    depths = { email: 7 };
    ({ body } = await renderMetrics());
    expect(reads).toBe(2);
    expect(body).toContain('job_queue_depth{queue="email"} 7');
    expect(body).not.toContain('job_queue_depth{queue="expiry"}');
  });

  it('a failing source leaves the gauge out but the scrape still answers', async () => {
    recordRateLimitRefusal('identity');
    gaugeReadAtScrape({ name: 'job_queue_depth', help: 'Jobs waiting.', labelName: 'queue', read: async () => {
      throw new Error('queue database unreachable');
    } });
    const { body } = await renderMetrics();
    expect(body).toContain('rate_limit_refusals_total{limit="identity"} 1');
    expect(body).toContain('http_requests_total');
    expect(body).not.toMatch(/^job_queue_depth\{/m);
  });
});

describe('metricsAccessAllowed', () => {
  const token = 'metrics-token-0123456789';
  const cases: [string, Parameters<typeof metricsAccessAllowed>[0], boolean][] = [
    ['loopback, no header, no token configured', { isLoopback: true, authorization: null, token: undefined }, true],
    ['loopback, wrong header', { isLoopback: true, authorization: 'Bearer nope', token }, true],
    ['remote, right token', { isLoopback: false, authorization: `Bearer ${token}`, token }, true],
    ['remote, right token, lower-case scheme', { isLoopback: false, authorization: `bearer ${token}`, token }, true],
    ['remote, no header', { isLoopback: false, authorization: null, token }, false],
    ['remote, wrong token of the same length', { isLoopback: false, authorization: `Bearer ${'x'.repeat(token.length)}`, token }, false],
    ['remote, token of a different length', { isLoopback: false, authorization: `Bearer ${token}-longer`, token }, false],
    ['remote, a prefix of the token', { isLoopback: false, authorization: `Bearer ${token.slice(0, 10)}`, token }, false],
    ['remote, the token without the Bearer scheme', { isLoopback: false, authorization: token, token }, false],
    ['remote, Basic scheme', { isLoopback: false, authorization: `Basic ${token}`, token }, false],
    ['remote, empty Bearer', { isLoopback: false, authorization: 'Bearer ', token }, false],
    ['remote, no token configured', { isLoopback: false, authorization: 'Bearer anything', token: undefined }, false],
    ['remote, no token configured, empty Bearer', { isLoopback: false, authorization: 'Bearer ', token: undefined }, false],
  ];
  it.each(cases)('%s', (_name, input, allowed) => {
    expect(metricsAccessAllowed(input)).toBe(allowed);
  });
});
