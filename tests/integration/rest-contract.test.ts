import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations } from '@/server/http/rest-app';
import { rawRequest } from '../support/raw-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// One set of contract checks against both mounts of the one REST app: straight on node:http (the
// production entry) and behind Next's route files (`next dev`, hosts without our entry).

let database: TestDatabase;
const servers: Record<'node:http' | 'Next route files', TestServer> = {} as never;

beforeAll(async () => {
  database = await createTestDatabase();
  // One database, so one APP_SECRET: the signing keys stored there are sealed under it.
  const APP_SECRET = crypto.randomBytes(32).toString('base64url');
  const direct = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, REST_DIRECT_MOUNT: 'true' } });
  const viaNext = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET, REST_DIRECT_MOUNT: 'false' } });
  servers['node:http'] = direct;
  servers['Next route files'] = viaNext;
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await database?.drop();
});

interface Case {
  rule: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
  code?: string;
  allow?: string;
}

const CASES: Case[] = [
  { rule: 'an unknown seller is 404 NotFound', method: 'GET', path: '/purchase/nobody-here/offerings', status: 404, code: 'NotFound' },
  { rule: 'an unknown path under a prefix is 404 NotFound', method: 'GET', path: '/licensing/no/such/path', status: 404, code: 'NotFound' },
  { rule: 'a trailing slash is 404 NotFound, never a redirect', method: 'GET', path: '/purchase/demo/offerings/', status: 404, code: 'NotFound' },
  { rule: 'a trailing slash on a POST path is 404 NotFound, never a redirect', method: 'POST', path: '/purchase/checkout/', body: '{}', status: 404, code: 'NotFound' },
  { rule: 'a wrong method is 405 MethodNotAllowed with Allow', method: 'DELETE', path: '/purchase/demo/offerings', status: 405, code: 'MethodNotAllowed', allow: 'GET, HEAD' },
  { rule: 'TRACE is 405 MethodNotAllowed with Allow', method: 'TRACE', path: '/purchase/demo/offerings', status: 405, code: 'MethodNotAllowed', allow: 'GET, HEAD' },
  { rule: 'a NUL in a path segment names nothing (404)', method: 'GET', path: '/purchase/%00/offerings', status: 404, code: 'NotFound' },
  { rule: 'a NUL in a session id names nothing (404)', method: 'GET', path: '/purchase/checkout/%00', status: 404, code: 'NotFound' },
  { rule: 'a NUL in a query parameter is 400 ValidationError', method: 'GET', path: '/licensing-mgmt/licenses?correlationId=%00', status: 400, code: 'ValidationError' },
  { rule: 'an unreadable body is 400 InvalidPayload before credentials', method: 'POST', path: '/purchase/checkout', body: '{', status: 400, code: 'InvalidPayload' },
  { rule: 'a body over 16 KiB on /purchase is 413 PayloadTooLarge before credentials', method: 'POST', path: '/purchase/checkout', body: JSON.stringify({ P: 'x'.repeat(17_000) }), status: 413, code: 'PayloadTooLarge' },
  { rule: 'a readable body without a buyer token is 401 BuyerTokenMissing', method: 'POST', path: '/purchase/checkout', body: '{}', status: 401, code: 'BuyerTokenMissing' },
  { rule: 'a management read without a key is 401 ApiKeyMissing', method: 'GET', path: '/licensing-mgmt/licenses/abc', status: 401, code: 'ApiKeyMissing' },
  { rule: 'the storefront answers', method: 'GET', path: '/purchase/demo/offerings', status: 200 },
  { rule: 'the runtime JWKS answers', method: 'GET', path: '/licensing/runtime/.well-known/jwks', status: 200 },
];

describe.each(['node:http', 'Next route files'])('the REST contract through %s', (mount) => {
  const server = () => servers[mount as keyof typeof servers];

  it.each(CASES)('$rule', async (testCase) => {
    const response = await rawRequest(server().baseUrl, testCase.method, testCase.path, testCase.body, { 'x-correlation-id': 'contract-1', ...testCase.headers });
    expect(response.status).toBe(testCase.status);
    expect(response.headers['x-correlation-id']).toBe('contract-1');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    if (testCase.code) {
      const body = JSON.parse(response.text);
      expect(body).toMatchObject({ Code: testCase.code, CorrelationId: 'contract-1' });
    }
    if (testCase.allow) expect(response.headers.allow).toBe(testCase.allow);
  });

  it('a correlation id is generated when the request has none', async () => {
    const response = await rawRequest(server().baseUrl, 'GET', '/purchase/nobody-here/offerings');
    expect(response.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(response.text).CorrelationId).toBe(response.headers['x-correlation-id']);
  });

  it('HEAD is answered wherever GET is, without a body', async () => {
    const response = await rawRequest(server().baseUrl, 'HEAD', '/purchase/demo/offerings');
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
  });

  it('every documented operation answers (no route of the document is missing from the app)', async () => {
    for (const operation of documentedOperations().filter((documented) => documented.surface === 'api')) {
      const response = await rawRequest(server().baseUrl, operation.method, operation.path.replace(/\{[A-Za-z]+\}/g, 'x'), operation.takesBody ? '{}' : undefined);
      const body = response.text ? JSON.parse(response.text) : {};
      expect(body.Message, `${operation.method} ${operation.path}`).not.toBe('No resource at this path.');
      expect(body.Code, `${operation.method} ${operation.path}`).not.toBe('MethodNotAllowed');
    }
  });
});
