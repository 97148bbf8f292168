import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations } from '@/server/http/rest-app';
import { SURFACE_NAMES, SURFACES, surfaceOf, type SurfaceName } from '@/server/platform/routing-table';
import { rawRequest, type RawResponse } from '../support/raw-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Under a surface's prefix nothing answers but our app (DESIGN.md "Platform decisions"): odd methods,
// slash variants, NUL bytes, over-long segments, invalid ids, oversized, deeply nested and
// mistyped bodies sent to every route family of every surface all end as that surface's refusal
// (ApiError, OAuth error, JSON-RPC error, the processor's `{error}`, a page) with X-Correlation-Id,
// and none as a 5xx.

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'SEARCH', 'PURGE', 'LOCK', 'COPY'];
const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, '0192f000-0000-7000-8000-000000000001');

/** Every route family: each documented operation of every surface, plus unknown paths under each prefix. */
function targets(): { method: string; path: string }[] {
  const documented = documentedOperations().map(({ method, path }) => ({ method, path: concrete(path) }));
  const prefixes = [...SURFACE_NAMES.flatMap((name) => SURFACES[name].prefixes), '/licensing/runtime', '/consumption/runtime'];
  return [...documented, ...prefixes.map((prefix) => ({ method: 'GET', path: `${prefix}/no/such/thing` }))];
}

function variants(target: { method: string; path: string }): { label: string; method: string; path: string; body?: string; headers?: Record<string, string> }[] {
  const segments = target.path.split('/');
  const last = segments.length - 1;
  const withSegment = (index: number, value: string) => segments.map((segment, i) => (i === index ? value : segment)).join('/');
  const deep = `${'{"A":'.repeat(5000)}1${'}'.repeat(5000)}`;
  // A path of one segment (/mcp) has no segment to spoil that would keep it under its prefix.
  const segmentVariants =
    last < 2
      ? []
      : [
          { label: 'NUL in the last segment', method: target.method, path: withSegment(last, '%00') },
          { label: 'NUL inside the second segment', method: target.method, path: withSegment(2, `a%00b`) },
          { label: 'ill-formed percent-encoding', method: target.method, path: withSegment(last, '%E0%A4%A') },
          { label: 'lone surrogate', method: target.method, path: withSegment(last, '%ED%A0%80') },
          { label: 'over-long segment', method: target.method, path: withSegment(last, 'x'.repeat(8000)) },
          { label: 'invalid id', method: target.method, path: withSegment(last, encodeURIComponent("'; drop table license; --")) },
        ];
  return [
    ...METHODS.map((method) => ({ label: `method ${method}`, method, path: target.path })),
    { label: 'trailing slash', method: target.method, path: `${target.path}/` },
    { label: 'double slash', method: target.method, path: target.path.replace('/', '//') },
    { label: 'inner double slash', method: target.method, path: withSegment(1, `${segments[1]}/`) },
    ...segmentVariants,
    { label: 'NUL in a query', method: target.method, path: `${target.path}?correlationId=%00&x=%00` },
    { label: 'oversized body', method: 'POST', path: target.path, body: JSON.stringify({ Pad: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } },
    { label: 'deeply nested body', method: 'POST', path: target.path, body: deep, headers: { 'content-type': 'application/json' } },
    { label: 'array body', method: 'POST', path: target.path, body: '[1,2,3]', headers: { 'content-type': 'application/json' } },
    { label: 'form content type', method: 'POST', path: target.path, body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { label: 'xml content type', method: 'POST', path: target.path, body: '<a>1</a>', headers: { 'content-type': 'application/xml' } },
    { label: 'NUL in a body string', method: 'POST', path: target.path, body: '{"RequestId":"\\u0000","CorrelationId":"a\\u0000"}', headers: { 'content-type': 'application/json' } },
    { label: 'lone surrogate in a body string', method: 'POST', path: target.path, body: '{"CorrelationId":"ref-\\ud800"}', headers: { 'content-type': 'application/json' } },
  ];
}

type JsonRpcError = { jsonrpc?: unknown; error?: { code?: unknown; data?: { Code?: unknown; CorrelationId?: unknown } } };

/**
 * Under /mcp a refusal is a JSON-RPC error: the app's own (limits, methods) carry the ApiError as
 * `data`; the SDK transport's protocol refusals (parse error, Accept, Content-Type) carry its code.
 */
function mcpProblem(status: number, body: JsonRpcError, correlationId: string): string | null {
  if (body.jsonrpc !== '2.0' || typeof body.error?.code !== 'number') return `a ${status} without a JSON-RPC error`;
  if (body.error.data !== undefined && (typeof body.error.data.Code !== 'string' || body.error.data.CorrelationId !== correlationId)) return 'a JSON-RPC error whose data is no ApiError of this request';
  return null;
}

/** The surface whose refusal a request gets: the routing table's, for the path as the entry server routes it. */
function surfaceAnswering(path: string): SurfaceName {
  const pathname = path.split('?')[0]!.replace(/\/{2,}/g, '/');
  return surfaceOf(pathname) ?? 'api';
}

function problem(response: RawResponse, method: string, path: string): string | null {
  if (response.status >= 500) return `answered ${response.status}`;
  // A variant that leaves every surface (`/payments/stripe/%00`) is a page's path: Next's to answer.
  if (surfaceOf(path.split('?')[0]!.replace(/\/{2,}/g, '/')) === null && method !== 'TRACK') return null;
  const correlationId = response.headers['x-correlation-id'];
  if (typeof correlationId !== 'string' || correlationId.length === 0) return 'no X-Correlation-Id';
  if (response.status < 400) return null;
  if (method === 'HEAD') return null;
  if (method !== 'TRACK' && surfaceAnswering(path) === 'checkoutCallbacks') {
    return response.headers['content-type']?.startsWith('text/html') ? null : `a ${response.status} that is no page for the browser: ${response.text.slice(0, 80)}`;
  }
  let body: { Code?: unknown; CorrelationId?: unknown };
  try {
    body = JSON.parse(response.text);
  } catch {
    return `a ${response.status} without a JSON body: ${response.text.slice(0, 80)}`;
  }
  // TRACK never reaches a router (Node's HTTP parser refuses the method before the path is known):
  // its answer is the ApiError of any unreadable request, on every surface.
  const surface = method === 'TRACK' ? 'api' : surfaceAnswering(path);
  if (surface === 'mcp') return mcpProblem(response.status, body as JsonRpcError, correlationId);
  if (surface === 'identity' || surface === 'processorCallbacks') return typeof (body as { error?: unknown }).error === 'string' ? null : `a ${response.status} without an error`;
  if (typeof body.Code !== 'string') return `a ${response.status} without an ApiError Code`;
  if (body.CorrelationId !== correlationId) return 'CorrelationId differs from the header';
  return null;
}

describe(`fuzzing every route family of every surface (REST app ${process.env.TEST_REST_MOUNT === 'next' ? "behind Next's route files" : 'on node:http'})`, () => {
  it("every category to every route family answers its surface's refusal with X-Correlation-Id and never a 5xx", async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const target of targets()) {
      for (const variant of variants(target)) {
        let response;
        try {
          response = await rawRequest(server.baseUrl, variant.method, variant.path, variant.body, variant.headers);
        } catch (error) {
          // A 2 MB body is answered 413 as soon as its Content-Length is read, and the connection closed
          // on the rest: the client's write can fail (EPIPE, ECONNRESET) before it reads the answer. A
          // refusal either way, never a 5xx; the 413 itself is held by the tests below.
          const code = (error as NodeJS.ErrnoException).code;
          if (variant.label === 'oversized body' && (code === 'EPIPE' || code === 'ECONNRESET')) {
            sent++;
            continue;
          }
          throw error;
        }
        sent++;
        const found = problem(response, variant.method, variant.path);
        if (found) problems.push(`${variant.method} ${variant.path.slice(0, 80)} (${variant.label}): ${found}`);
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(problems).toEqual([]);
  }, 180_000);

  it('a body over the family limit is 413 PayloadTooLarge before credentials are looked at', async () => {
    const response = await rawRequest(server.baseUrl, 'POST', '/purchase/checkout', JSON.stringify({ Pad: 'x'.repeat(20_000) }), { 'content-type': 'application/json' });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text).Code).toBe('PayloadTooLarge');
  });

  it('a body sent in chunks without Content-Length is limited while it is read', async () => {
    const response = await rawRequest(server.baseUrl, 'POST', '/purchase/checkout', JSON.stringify({ Pad: 'x'.repeat(20_000) }), { 'transfer-encoding': 'chunked' });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text).Code).toBe('PayloadTooLarge');
  });
});
