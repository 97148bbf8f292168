import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_BY_CODE } from '@/server/errors';
import { documentedOperations, openApiDocument, restApp } from '@/server/http/rest-app';

const document = openApiDocument();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the three security schemes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['AccountApiKey', 'BuyerToken', 'RuntimeToken']);
  });

  it('lists every operation of the app, on every surface (the operators\' and the callbacks\' marked internal)', () => {
    const appRoutes = restApp.routes
      .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
      .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) => METHODS.filter((method) => item?.[method]).map((method) => `${method.toUpperCase()} ${path}`));
    expect(appRoutes.length).toBeGreaterThan(0);
    expect([...new Set(appRoutes)].sort()).toEqual(documented.sort());
  });

  it('the callbacks and the operators\' routes are marked internal; the REST contract, the sign-in authority and MCP are not', () => {
    const internal = documentedOperations().filter((operation) => operation.internal);
    expect(new Set(internal.map((operation) => operation.surface))).toEqual(new Set(['operations', 'processorCallbacks', 'checkoutCallbacks']));
    expect(documentedOperations().filter((operation) => !operation.internal && operation.surface !== 'api').map((operation) => operation.operationId).sort()).toEqual(
      ['authorize', 'challenge', 'identityJwks', 'initiate', 'mcp', 'openIdConfiguration', 'submitSignInCode', 'submitSignInEmail', 'token'],
    );
  });

  it('each REST operation names an id, its security and every ApiError Code it can answer, under the Code\'s status', () => {
    const rest = new Set(documentedOperations().filter((operation) => operation.surface === 'api').map((operation) => `${operation.method.toLowerCase()} ${operation.path}`));
    expect(rest.size).toBeGreaterThan(25);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation || !rest.has(`${method} ${path}`)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toBeTruthy();
        expect(operation.security, where).toBeDefined();
        const statuses = Object.keys(operation.responses ?? {});
        expect(statuses, where).toEqual(expect.arrayContaining(['429', '500']));
        // One success answer: 200, or 201 (made), 202 (accepted), 204 (nothing to say).
        expect(statuses.filter((status) => status.startsWith('2')), where).toHaveLength(1);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (status.startsWith('2')) continue;
          const schema = (response as { content?: Record<string, { schema?: { properties?: { Code?: { enum?: string[] } } } }> }).content?.['application/json']?.schema;
          const codes = schema?.properties?.Code?.enum ?? [];
          expect(codes.length, `${where} ${status}`).toBeGreaterThan(0);
          for (const code of codes) expect(HTTP_STATUS_BY_CODE[code as keyof typeof HTTP_STATUS_BY_CODE], `${where} ${code}`).toBe(Number(status));
        }
      }
    }
  });

  it('request bodies are the wire shapes: PascalCase keys', () => {
    const body = document.paths?.['/purchase/checkout']?.post?.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    const schema = body.content['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(['RequestId', 'OfferingId', 'IssuerClientId', 'CorrelationId', 'SuccessUrl', 'CancelUrl', 'OriginContext', 'Currency', 'DiscountCode']);
    expect(schema.required).toEqual(['RequestId', 'OfferingId', 'IssuerClientId']);
  });
});

describe('the document tells what the service enforces', () => {
  /** The first property schema of that name anywhere in the document. */
  function schemaOf(name: string, node: unknown = document): { pattern?: string; format?: string } {
    if (node && typeof node === 'object') {
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      if (properties?.[name]) return properties[name];
      for (const child of Object.values(node)) {
        const found = schemaOf(name, child);
        if (found.pattern || found.format) return found;
      }
    }
    return {};
  }

  it('a GUID key (RequestId, BatchId) has a pattern that refuses the all-zero GUID and takes any other', () => {
    for (const name of ['RequestId', 'BatchId']) {
      const pattern = new RegExp(schemaOf(name).pattern!);
      expect(pattern.test('00000000-0000-0000-0000-000000000000'), name).toBe(false);
      expect(pattern.test('0f5e2c1a-9b8d-4c7e-a1b2-3c4d5e6f7a8b'), name).toBe(true);
      expect(pattern.test('not-a-guid'), name).toBe(false);
    }
  });

  it('SuccessUrl, CancelUrl and ReturnUrl are absolute http(s) URIs', () => {
    for (const name of ['SuccessUrl', 'CancelUrl', 'ReturnUrl']) {
      const schema = schemaOf(name);
      expect(schema.format, name).toBe('uri');
      expect(new RegExp(schema.pattern!).test('https://app.example/done'), name).toBe(true);
      expect(new RegExp(schema.pattern!).test('javascript:alert(1)'), name).toBe(false);
    }
  });

  it('every 429 carries Retry-After; the runtime path documents WWW-Authenticate and its bodiless 401', () => {
    for (const item of Object.values(document.paths ?? {})) {
      for (const method of METHODS) {
        const responses = item?.[method]?.responses;
        if (responses?.['429']) expect(Object.keys(responses['429'].headers ?? {})).toContain('Retry-After');
      }
    }
    const unauthorized = (document.paths?.['/licensing/runtime/GenerateLicenseAuthorization']?.post?.responses as Record<string, { headers?: Record<string, unknown>; description?: string }>)['401']!;
    expect(Object.keys(unauthorized.headers ?? {})).toContain('WWW-Authenticate');
    expect(unauthorized.description).toContain('no body');
  });

  it('names its servers, license and contact', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This deployment' }]);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.info.contact?.name).toBeTruthy();
  });
});
