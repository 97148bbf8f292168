import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@/server/errors';
import { validateBody, jsonResponse } from '@/server/http/json';
import { createRestHandler } from '@/server/http/rest-router';

const echoSchema = z.object({ requestId: z.uuid(), correlationId: z.string().max(128).optional(), nested: z.object({ name: z.string() }).optional() });

const handleRest = createRestHandler([
  { method: 'GET', path: '/purchase/:issuerClientId/things', handler: async ({ params }) => jsonResponse({ Seller: params.issuerClientId }) },
  { method: 'POST', path: '/purchase/echo', handler: async ({ body }) => jsonResponse(validateBody(body, echoSchema)) },
  { method: 'GET', path: '/purchase/conflict', handler: async () => { throw new DomainError('RequestIdInUse', 'Taken.'); } },
  { method: 'GET', path: '/purchase/boom', handler: async () => { throw new Error('secret internal detail at /srv/app.ts:12'); } },
]);

const call = (path: string, init: RequestInit = {}) => handleRest(new Request(`http://test${path}`, init));

describe('REST plumbing', () => {
  it('every response carries X-Correlation-Id, generated when the request has none', async () => {
    const response = await call('/purchase/demo/things');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adopts the caller x-correlation-id and repeats it in the ApiError body', async () => {
    const response = await call('/purchase/nothing-here', { headers: { 'x-correlation-id': 'abc' } });
    expect(response.headers.get('x-correlation-id')).toBe('abc');
    expect(await response.json()).toEqual({ Code: 'NotFound', Message: expect.any(String), CorrelationId: 'abc' });
  });

  it('replaces an unusable x-correlation-id (over 128 characters) with a generated one', async () => {
    const response = await call('/purchase/demo/things', { headers: { 'x-correlation-id': 'x'.repeat(129) } });
    expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown path under a REST prefix is 404 NotFound as ApiError JSON', async () => {
    const response = await call('/purchase/a/b/c/d');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body.Code).toBe('NotFound');
    expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
  });

  it('a wrong method is 405 MethodNotAllowed with an Allow header', async () => {
    const response = await call('/purchase/demo/things', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await response.json()).Code).toBe('MethodNotAllowed');
  });

  it('HEAD is answered wherever GET is, without a body', async () => {
    const response = await call('/purchase/demo/things', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it.each(['{', '', 'not json', '[1,2]', 'null', '"text"'])('unreadable body %j is 400 InvalidPayload', async (body) => {
    const response = await call('/purchase/echo', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect((await response.json()).Code).toBe('InvalidPayload');
  });

  it('field failures are 400 ValidationError with Details naming each PascalCase field', async () => {
    const response = await call('/purchase/echo', {
      method: 'POST',
      body: JSON.stringify({ RequestId: 'nope', CorrelationId: 'c'.repeat(129), Nested: { Name: 5 } }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.Code).toBe('ValidationError');
    expect(body.Details).toEqual(
      expect.arrayContaining([
        { Code: 'InvalidFormat', Message: expect.any(String), Field: 'RequestId' },
        { Code: 'TooLong', Message: expect.any(String), Field: 'CorrelationId' },
      ]),
    );
  });

  it('a missing required field is reported as Required', async () => {
    const response = await call('/purchase/echo', { method: 'POST', body: '{}' });
    const body = await response.json();
    expect(body.Details).toEqual([{ Code: 'Required', Message: 'This field is required.', Field: 'RequestId' }]);
  });

  it('only PascalCase keys are read from a body: a camelCase twin does not count', async () => {
    const response = await call('/purchase/echo', { method: 'POST', body: JSON.stringify({ requestId: '0192f000-0000-7000-8000-000000000001' }) });
    expect(response.status).toBe(400);
    expect((await response.json()).Details[0].Field).toBe('RequestId');
  });

  it('a DomainError maps to its Code and status from the one table', async () => {
    const response = await call('/purchase/conflict');
    expect(response.status).toBe(409);
    expect((await response.json()).Code).toBe('RequestIdInUse');
  });

  it('an unexpected exception is 500 ServerError with no internals in the body', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await call('/purchase/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).Code).toBe('ServerError');
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('app.ts');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
