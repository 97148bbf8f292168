import crypto from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPE_NAMES, type ApiKeyScope } from '@/server/api-keys/api-key-scopes';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createLicenseRow } from '../support/order-factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Scoped account API keys (docs/api/README.md "Scoped API keys") over real HTTP: every operation of
// the API document under the account key names the one scope it needs, and is refused 403
// ApiKeyScope (naming it) to a key without it and let through to a key with only it; a refused write
// changes nothing; a key made before scopes (unrestricted) does everything; an expired key is
// ApiKeyInvalid, also while its lookup is cached; the MCP seller tools obey the same scopes.

let database: TestDatabase;
let server: TestServer;
let sellerId: string;
let licenseId: string;
const keys = { full: '', only: {} as Record<ApiKeyScope, string>, allBut: {} as Record<ApiKeyScope, string> };

interface Operation {
  method: string;
  path: string;
  scope: ApiKeyScope;
  hasBody: boolean;
}
let operations: Operation[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  licenseId = (await createLicenseRow(database.db, offering, {})).id;
  const make = (scopes?: ApiKeyScope[]) => createApiKey({ db: database.db }, { sellerId, label: scopes ? scopes.join(' ').slice(0, 100) : 'full', scopes }).then((created) => created.key);
  keys.full = await make();
  for (const scope of API_KEY_SCOPE_NAMES) {
    keys.only[scope] = await make([scope]);
    keys.allBut[scope] = await make(API_KEY_SCOPE_NAMES.filter((other) => other !== scope));
  }
  const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: unknown }>>;
  };
  // /mcp takes a key optionally, and each of its seller tools names its scope (below).
  operations = Object.entries(document.paths).filter(([path]) => path !== '/mcp').flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.security?.some((requirement) => 'AccountApiKey' in requirement))
      .map(([method, operation]) => {
        const scopes = operation.security!.find((requirement) => 'AccountApiKey' in requirement)!.AccountApiKey!;
        expect(scopes, `${method} ${path} names one scope`).toHaveLength(1);
        return { method: method.toUpperCase(), path, scope: scopes[0] as ApiKeyScope, hasBody: operation.requestBody !== undefined };
      }),
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The operation on made-up ids (the scope is checked before anything is looked up). */
function send(operation: Operation, key: string) {
  const path = operation.path.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
  return fetch(`${server.baseUrl}${path}`, {
    method: operation.method,
    headers: { 'dub-apiKey': key, ...(operation.hasBody && { 'content-type': 'application/json' }) },
    body: operation.hasBody ? JSON.stringify({ RequestId: crypto.randomUUID() }) : undefined,
  });
}

async function codeOf(response: Response): Promise<string | null> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { Code?: string }).Code ?? null;
  } catch {
    return null;
  }
}

describe('scope × operation over REST', () => {
  it('the API document names a scope for every operation under the account key, from the closed list, each scope used', () => {
    expect(operations.length).toBeGreaterThan(25);
    for (const operation of operations) expect(API_KEY_SCOPE_NAMES).toContain(operation.scope);
    // Every scope but orders:read (the sales summary, an MCP tool) guards a REST operation.
    expect(new Set(operations.map((operation) => operation.scope))).toEqual(new Set(API_KEY_SCOPE_NAMES.filter((scope) => scope !== 'orders:read')));
  });

  it('a key with every scope but the one an operation needs is 403 ApiKeyScope naming it; a key with only that scope, or full access, passes', async () => {
    for (const operation of operations) {
      const refused = await send(operation, keys.allBut[operation.scope]);
      const body = (await refused.json()) as { Code: string; Message: string };
      expect([operation.method, operation.path, refused.status, body.Code]).toEqual([operation.method, operation.path, 403, 'ApiKeyScope']);
      expect(body.Message).toContain(`needs the scope ${operation.scope}`);
      for (const key of [keys.only[operation.scope], keys.full]) {
        const passed = await send(operation, key);
        expect([operation.method, operation.path, await codeOf(passed)]).not.toEqual([operation.method, operation.path, 'ApiKeyScope']);
        expect(passed.status).not.toBe(401);
      }
    }
  }, 120_000);

  it('a refused write changes nothing: no license suspended, no webhook endpoint, no discount code made', async () => {
    const post = (path: string, key: string, body: Record<string, unknown>) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'dub-apiKey': key, 'content-type': 'application/json' }, body: JSON.stringify({ RequestId: crypto.randomUUID(), ...body }) });
    const suspended = await post(`/licensing-mgmt/licenses/${licenseId}/suspend`, keys.only['licenses:read'], {});
    expect(suspended.status).toBe(403);
    expect((await database.db.license.findUniqueOrThrow({ where: { id: licenseId } })).status).toBe('Active');
    const endpoint = await post('/licensing-mgmt/webhook-endpoints', keys.allBut.webhooks, { Url: 'https://hooks.example.com/in', EventTypes: ['license.created'] });
    expect(endpoint.status).toBe(403);
    expect(await database.db.webhookEndpoint.count({ where: { sellerId } })).toBe(0);
    const discount = await post('/licensing-mgmt/discounts', keys.only['catalog:read'], { Code: 'SPRING', PercentOff: 10 });
    expect(discount.status).toBe(403);
    expect(await database.db.discount.count({ where: { sellerId } })).toBe(0);
    // With the scope, the same suspension is made.
    expect((await post(`/licensing-mgmt/licenses/${licenseId}/suspend`, keys.only['licenses:write'], {})).status).toBe(200);
    expect((await database.db.license.findUniqueOrThrow({ where: { id: licenseId } })).status).toBe('Suspended');
  });
});

describe('expiry', () => {
  it('an expired key is 403 ApiKeyInvalid saying so, even while its lookup is cached from a use just before', async () => {
    const created = await createApiKey({ db: database.db }, { sellerId, label: 'short-lived', expiresInDays: 1 });
    expect(created.expiresAt!.getTime() - Date.now()).toBeGreaterThan(86_300_000);
    await database.db.apiKey.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() + 1_500) } });
    const read = () => fetch(`${server.baseUrl}/licensing-mgmt/licenses/${licenseId}`, { headers: { 'dub-apiKey': created.key } });
    expect((await read()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const refused = await read();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ Code: 'ApiKeyInvalid', Message: expect.stringMatching(/expired/) });
  });

  it('a key made before scopes existed (unrestricted, no expiry) keeps full access', async () => {
    const row = await database.db.apiKey.findFirstOrThrow({ where: { sellerId, label: 'full' } });
    expect(row).toMatchObject({ restricted: false, scopes: [], expiresAt: null });
  });

  it('the database refuses a restricted key without scopes, an unrestricted one with some, and a scope it does not know', async () => {
    const base = { sellerId, label: 'raw', prefix: 'SVC_AK_RAWROWXX' };
    for (const data of [
      { restricted: true, scopes: [] },
      { restricted: false, scopes: ['licenses:read'] },
      { restricted: true, scopes: ['licenses:everything'] },
    ]) {
      await expect(database.db.apiKey.create({ data: { ...base, ...data, secretHash: crypto.randomBytes(32).toString('hex') } })).rejects.toThrow(/ApiKey_scopes_/);
    }
  });
});

describe('scope × tool over MCP', () => {
  const TOOL_SCOPES: [string, ApiKeyScope, Record<string, unknown>][] = [
    ['list_catalog', 'catalog:read', {}],
    ['create_product', 'catalog:write', { RequestId: crypto.randomUUID(), Name: 'Scoped Product' }],
    ['set_offering_listed', 'catalog:write', { RequestId: crypto.randomUUID(), OfferingId: crypto.randomUUID(), Listed: true }],
    ['get_sales_summary', 'orders:read', {}],
  ];

  async function callTool(key: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const client = new Client({ name: 'scope-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { 'dub-apiKey': key } } }));
    try {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
  }
  const codeOfResult = (result: CallToolResult) => (result.isError ? (JSON.parse((result.content[0] as { text: string }).text) as { Code: string; Message: string }) : null);

  it('each seller tool is refused ApiKeyScope (naming its scope) without its scope, and runs past the check with only it', async () => {
    for (const [name, scope, args] of TOOL_SCOPES) {
      const refused = codeOfResult(await callTool(keys.allBut[scope], name, args));
      expect([name, refused?.Code]).toEqual([name, 'ApiKeyScope']);
      expect(refused!.Message).toContain(`needs the scope ${scope}`);
      const passed = codeOfResult(await callTool(keys.only[scope], name, args));
      expect([name, passed?.Code]).not.toEqual([name, 'ApiKeyScope']);
    }
    // Made once, by the key with the scope; the refused call made nothing.
    expect(await database.db.product.count({ where: { sellerId, name: 'Scoped Product' } })).toBe(1);
  });
});
