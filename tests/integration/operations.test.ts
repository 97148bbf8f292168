import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Operations of the production entry: health, readiness, Prometheus metrics, the per-IP limit ahead
// of every credential check, and a graceful stop on SIGTERM.

const IP_LIMIT = 40;
let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { RATE_LIMIT_IP_PER_MINUTE: String(IP_LIMIT) } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('health, readiness and metrics', () => {
  it('GET /healthz answers 200 while the process lives', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Status: 'ok' });
  });

  it('GET /readyz answers 200 with the database reachable and every migration applied', async () => {
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Ready: true, Stopping: false, Checks: { Database: 'ok', Migrations: 'ok', Invalidation: 'listening', Limits: expect.stringMatching(/^(memory|redis)$/) } });
  });

  it('GET /metrics serves a loopback client requests per route pattern and status, and the job queue depth', async () => {
    await fetch(`${server.baseUrl}/purchase/nobody-here/offerings`);
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{route="\/purchase\/:issuerClientId\/offerings",method="GET",status="404"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/job_queue_depth\{queue="deliver-email"\} \d+/);
    // Raw paths never become labels.
    expect(text).not.toContain('nobody-here');
  });
});

describe('the edge that every REST request passes first', () => {
  it("a refusal of the edge's own steps (a body over the family's limit) carries the correlation id and nosniff, and is counted under its operation", async () => {
    const response = await fetch(`${server.baseUrl}/purchase/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'edge-refusal-1' },
      body: JSON.stringify({ P: 'x'.repeat(17_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('x-correlation-id')).toBe('edge-refusal-1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ Code: 'PayloadTooLarge', CorrelationId: 'edge-refusal-1' });
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_total\{route="\/purchase\/checkout",method="POST",status="413"\} [1-9]/);
  });
});

describe('the per-IP limit ahead of every credential check', () => {
  it(`the ${IP_LIMIT + 1}th request within a minute is 429 RateLimited with Retry-After, before the bearer is looked at`, async () => {
    const statuses: number[] = [];
    // Earlier tests in this file spent some of the minute's budget; bad bearers fill the rest.
    for (let i = 0; i < IP_LIMIT; i++) {
      const response = await fetch(`${server.baseUrl}/purchase/checkout/x`, { headers: { authorization: 'Bearer not-a-token' } });
      statuses.push(response.status);
      if (response.status === 429) break;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await fetch(`${server.baseUrl}/purchase/checkout/x`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body).toMatchObject({ Code: 'RateLimited', CorrelationId: refused.headers.get('x-correlation-id') });
  });

  it('the sign-in authority refuses with the OAuth error temporarily_unavailable, 429 and Retry-After', async () => {
    const refused = await fetch(`${server.baseUrl}/identity/oauth2/v2.0/token`, { method: 'POST', body: 'grant_type=oob', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe('temporarily_unavailable');
    expect(refused.headers.get('x-correlation-id')).toBeTruthy();
  });

  it('the refusals are counted in rate_limit_refusals_total', async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toMatch(/rate_limit_refusals_total\{limit="ip"\} [1-9]\d*/);
  });
});

describe('graceful stop', () => {
  it('on SIGTERM a request in flight is finished, then the process exits 0', async () => {
    const url = new URL(server.baseUrl);
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, method: 'POST', path: '/healthz', headers: { 'transfer-encoding': 'chunked' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('{"part":');
      // The stop begins while this request is still being sent.
      setTimeout(() => void server.stop(), 200);
      setTimeout(() => request.end('1}'), 800);
    });
    const { status, body } = await answered;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(JSON.parse(body).Code).toBeTruthy();
    expect(await server.exited).toBe(0);
  });
});
