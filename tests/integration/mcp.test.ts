import crypto from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createLicenseRow, createOrder } from '../support/order-factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { urlOf } from '../support/fetch-url';

// The MCP endpoint (/mcp) through the SDK's own Client and Streamable HTTP transport against
// running instances: the tool lists, every tool, refusals as tool results with the ApiError Code,
// the seller key, JSON-RPC refusals of the transport, and two instances answering one client.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const IP_LIMIT = 60;
let database: TestDatabase;
let first: TestServer;
let second: TestServer;
let key: string;
let otherKey: string;
let sellerId: string;
let issuerClientId: string;
let notReadyIssuerClientId: string;
const ids: Record<string, string> = {};
/** Every tool result of the file, scanned for secrets at the end. */
const results: CallToolResult[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { APP_SECRET, SEED_DEMO: 'false' };
  [first, second] = await Promise.all([
    startTestServer({ databaseUrl: database.url, env }),
    // The second instance takes few requests per IP, so its per-IP refusal can be seen.
    startTestServer({ databaseUrl: database.url, env: { ...env, TEST_LIMITS: JSON.stringify({ ip: { points: IP_LIMIT, durationSeconds: 600 } }) } }),
  ]);
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: first.baseUrl });
  resetEnvForTests();

  const seller = await createSeller(database.db, { checkoutReady: true });
  await database.db.seller.update({ where: { id: seller.id }, data: { storeName: 'Quill Works' } });
  sellerId = seller.id;
  issuerClientId = seller.issuerClientId;
  const editor = await createProduct(database.db, seller.id, { name: 'Quill Editor' });
  const monthly = await createOffering(database.db, editor, {
    name: 'Quill Team Monthly',
    classification: LicenseClassification.Subscription,
    priceMinor: 1200,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  await database.db.feature.create({ data: { offeringId: monthly.id, key: 'export', displayName: 'Export', allowance: 100, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  const free = await createOffering(database.db, editor, { name: 'Quill Reader' });
  const trial = await createOffering(database.db, editor, { name: 'Quill Trial', classification: LicenseClassification.Trial, interval: 14, intervalUnit: IntervalUnit.Day });
  const hidden = await createOffering(database.db, editor, { name: 'Quill Secret Beta', listed: false });
  const draftProduct = await createProduct(database.db, seller.id, { name: 'Quill Draft', status: CatalogStatus.Draft });
  const ofDraft = await createOffering(database.db, draftProduct, { name: 'Quill Draft Edition' });
  Object.assign(ids, { monthly: monthly.id, free: free.id, trial: trial.id, hidden: hidden.id, ofDraft: ofDraft.id, editor: editor.id });

  const notReady = await createSeller(database.db, { checkoutReady: false });
  notReadyIssuerClientId = notReady.issuerClientId;
  ids.notReadyPaid = (await createOffering(database.db, await createProduct(database.db, notReady.id, { name: 'Inkwell' }), { name: 'Inkwell Pro', priceMinor: 5000 })).id;

  key = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'agent' })).key;
  otherKey = (await createApiKey({ db: database.db }, { sellerId: notReady.id, label: 'agent' })).key;

  // Sales: two paid orders (usd, eur), one free, one failed, one before the period.
  const now = Date.now();
  await createOrder(database.db, monthly, { amountMinor: 1200, currency: 'usd', createdAt: new Date(now - 2 * 86_400_000), withLicense: true });
  await createOrder(database.db, monthly, { amountMinor: 3000, currency: 'eur', createdAt: new Date(now - 3 * 86_400_000), withLicense: true });
  await createOrder(database.db, free, { amountMinor: 0, createdAt: new Date(now - 86_400_000), withLicense: true });
  await createOrder(database.db, monthly, { status: 'failed', amountMinor: 1200, createdAt: new Date(now - 86_400_000) });
  await createOrder(database.db, monthly, { amountMinor: 9900, createdAt: new Date(now - 40 * 86_400_000), withLicense: true });
  await createLicenseRow(database.db, monthly, { status: 'Cancelled', createdAt: new Date(now - 86_400_000) });
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

async function connect(options: { apiKey?: string; baseUrl?: string; fetch?: typeof fetch } = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${options.baseUrl ?? first.baseUrl}/mcp`), {
    requestInit: options.apiKey ? { headers: { 'dub-apiKey': options.apiKey } } : undefined,
    fetch: options.fetch,
  });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  results.push(result);
  return result;
}

/** The ApiError body of a refused tool call. */
function refusal(result: CallToolResult): { Code: string; Message: string; CorrelationId: string; Details?: { Field: string; Code: string }[] } {
  expect(result.isError).toBe(true);
  const [content] = result.content;
  expect(content?.type).toBe('text');
  return JSON.parse((content as { text: string }).text);
}

const ANONYMOUS_TOOLS = ['search_offerings', 'get_storefront', 'get_offering', 'start_purchase'];
const SELLER_TOOLS = ['list_catalog', 'create_product', 'create_offering', 'set_offering_listed', 'get_sales_summary'];

describe('tools/list', () => {
  it('without a key lists the four read-only catalog tools, with object input and output schemas in PascalCase', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...ANONYMOUS_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(20);
    }
    const search = tools.find((tool) => tool.name === 'search_offerings')!;
    expect(Object.keys(search.inputSchema.properties!).sort()).toEqual(['Billing', 'IssuerClientId', 'Page', 'Price', 'Query']);
    expect(Object.keys(tools.find((tool) => tool.name === 'get_offering')!.outputSchema!.properties!)).toEqual(expect.arrayContaining(['Offering', 'Product', 'Allowances', 'PurchaseUrl', 'SeatBased']));
    await client.close();
  });

  it('with the account API key also lists the seller tools; writes take a RequestId; no tool names licenses, seats or codes', async () => {
    const client = await connect({ apiKey: key });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...ANONYMOUS_TOOLS, ...SELLER_TOOLS].sort());
    for (const name of ['create_product', 'create_offering', 'set_offering_listed']) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      expect(tool.inputSchema.required).toContain('RequestId');
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: false });
    }
    expect(Object.keys(tools.find((tool) => tool.name === 'create_offering')!.inputSchema.properties!)).not.toContain('Listed');
    for (const tool of tools) expect(`${tool.name} ${tool.description}`).not.toMatch(/\b(license code|seat id|licenses? id)\b/i);
    expect(tools.map((tool) => tool.name).join(' ')).not.toMatch(/licen[cs]e|seat|code/);
    await client.close();
  });
});

describe('anonymous catalog tools', () => {
  it('search_offerings finds listed offerings by words, seller, price and billing; never an unlisted one or one of a draft product', async () => {
    const client = await connect();
    const byWord = await call(client, 'search_offerings', { Query: 'quill' });
    const names = (byWord.structuredContent as { Offerings: { Offering: { Name: string } }[] }).Offerings.map((hit) => hit.Offering.Name).sort();
    expect(names).toEqual(['Quill Reader', 'Quill Team Monthly', 'Quill Trial']);
    expect(byWord.structuredContent).toMatchObject({ Page: 1, PageCount: 1, Total: 3 });
    expect((byWord.content[0] as { text: string }).text).toContain('Quill Team Monthly');

    const byStore = await call(client, 'search_offerings', { Query: 'quill works', Price: 'paid' });
    expect(byStore.structuredContent).toMatchObject({ Total: 1, Offerings: [{ Offering: { Id: ids.monthly, BaseRate: 12 }, StoreName: 'Quill Works', SeatBased: true, Price: '$12.00 per seat / month' }] });
    const free = await call(client, 'search_offerings', { IssuerClientId: issuerClientId, Price: 'free' });
    expect((free.structuredContent as { Total: number }).Total).toBe(2);
    const trials = await call(client, 'search_offerings', { IssuerClientId: issuerClientId, Billing: 'trial' });
    expect(trials.structuredContent).toMatchObject({ Total: 1, Offerings: [{ Offering: { Id: ids.trial } }] });
    const hidden = await call(client, 'search_offerings', { Query: 'Secret Beta' });
    expect(hidden.structuredContent).toMatchObject({ Total: 0, Offerings: [] });
    expect((await call(client, 'search_offerings', { Query: 'Draft Edition' })).structuredContent).toMatchObject({ Total: 0 });
    await client.close();
  });

  it('get_storefront answers exactly what GET /purchase/{issuerClientId}/offerings answers', async () => {
    const client = await connect();
    const result = await call(client, 'get_storefront', { IssuerClientId: issuerClientId });
    const rest = await (await fetch(`${first.baseUrl}/purchase/${issuerClientId}/offerings`)).json();
    expect(result.structuredContent).toEqual(rest);
    expect((result.content[0] as { text: string }).text).toContain('Quill Editor:');
    await client.close();
  });

  it('get_offering tells price, seats, features with allowances and the link to buy; an unlisted offering is NotFound', async () => {
    const client = await connect();
    const result = await call(client, 'get_offering', { IssuerClientId: issuerClientId, OfferingId: ids.monthly });
    expect(result.structuredContent).toMatchObject({
      Offering: { Id: ids.monthly, BaseRate: 12, Currency: 'usd', Interval: 1, IntervalUnit: IntervalUnit.Month, LicenseClassification: 1 },
      Product: { Name: 'Quill Editor' },
      StoreName: 'Quill Works',
      SeatBased: true,
      Free: false,
      ResolvedFeatures: [{ FeatureKey: 'export', DisplayName: 'Export', ServiceAccessLevel: 'Allowed' }],
      Allowances: [{ FeatureKey: 'export', Allowance: 100, AllowancePeriodUnit: IntervalUnit.Month }],
      PurchaseUrl: `${first.baseUrl}/marketplace/${issuerClientId}#offering-${ids.monthly}`,
    });
    const unlisted = refusal(await call(client, 'get_offering', { IssuerClientId: issuerClientId, OfferingId: ids.hidden }));
    expect(unlisted.Code).toBe('NotFound');
    await client.close();
  });

  it('start_purchase hands back the hosted storefront link and buys nothing; a paid offering of a seller without payments is CheckoutFailed', async () => {
    const checkoutsBefore = await database.db.checkout.count();
    const client = await connect();
    const result = await call(client, 'start_purchase', { IssuerClientId: issuerClientId, OfferingId: ids.free });
    expect(result.structuredContent).toEqual({ PurchaseUrl: `${first.baseUrl}/marketplace/${issuerClientId}#offering-${ids.free}`, OfferingName: 'Quill Reader', StoreName: 'Quill Works', Price: 'Free' });
    expect(refusal(await call(client, 'start_purchase', { IssuerClientId: notReadyIssuerClientId, OfferingId: ids.notReadyPaid })).Code).toBe('CheckoutFailed');
    expect(await database.db.checkout.count()).toBe(checkoutsBefore);
    await client.close();
  });

  it('refusals are tool results with the ApiError Code: an unknown seller, arguments of the wrong shape, text with a NUL, an unknown tool', async () => {
    const client = await connect();
    const unknownSeller = refusal(await call(client, 'get_storefront', { IssuerClientId: 'nobody-here' }));
    expect(unknownSeller).toMatchObject({ Code: 'NotFound', CorrelationId: expect.any(String) });
    const wrongShape = refusal(await call(client, 'search_offerings', { Price: 'cheap', Page: 0 }));
    expect(wrongShape.Code).toBe('ValidationError');
    expect(wrongShape.Details!.map((detail) => detail.Field).sort()).toEqual(['Page', 'Price']);
    expect(refusal(await call(client, 'search_offerings', { Query: 'a\u0000b' })).Code).toBe('ValidationError');
    expect(refusal(await call(client, 'list_licenses')).Code).toBe('NotFound');
    await client.close();
  });
});

describe('seller tools', () => {
  it('without a key a seller tool is ApiKeyMissing, with a wrong key ApiKeyInvalid, and nothing is written', async () => {
    const products = await database.db.product.count();
    const anonymous = await connect();
    expect(refusal(await call(anonymous, 'create_product', { RequestId: crypto.randomUUID(), Name: 'Nope' })).Code).toBe('ApiKeyMissing');
    expect(refusal(await call(anonymous, 'list_catalog')).Code).toBe('ApiKeyMissing');
    await anonymous.close();
    const wrong = await connect({ apiKey: 'SVC_AK_not-a-key' });
    expect(refusal(await call(wrong, 'create_product', { RequestId: crypto.randomUUID(), Name: 'Nope' })).Code).toBe('ApiKeyInvalid');
    await wrong.close();
    expect(await database.db.product.count()).toBe(products);
  });

  it('create_product, create_offering (unlisted) and set_offering_listed keep the catalog; buyers see the offering once listed', async () => {
    const client = await connect({ apiKey: key });
    const product = await call(client, 'create_product', { RequestId: crypto.randomUUID(), Name: 'Quill Cloud', Description: 'Sync for Quill' });
    const productId = (product.structuredContent as { Id: string }).Id;
    expect(product.structuredContent).toMatchObject({ Name: 'Quill Cloud', Description: 'Sync for Quill', Offerings: [] });
    expect(await database.db.product.findUnique({ where: { id: productId } })).toMatchObject({ sellerId, name: 'Quill Cloud' });

    const offering = await call(client, 'create_offering', {
      RequestId: crypto.randomUUID(),
      ProductId: productId,
      Name: 'Quill Cloud Yearly',
      Classification: LicenseClassification.Subscription,
      BaseRate: 99,
      Interval: 1,
      IntervalUnit: IntervalUnit.Year,
    });
    const offeringId = (offering.structuredContent as { Id: string }).Id;
    expect(offering.structuredContent).toMatchObject({ Name: 'Quill Cloud Yearly', Listed: false, BaseRate: 99 });
    expect((await call(client, 'search_offerings', { Query: 'Cloud Yearly' })).structuredContent).toMatchObject({ Total: 0 });
    // The storefront is cached: the listing below must reach it through the cache's invalidation.
    await call(client, 'get_storefront', { IssuerClientId: issuerClientId });

    const listed = await call(client, 'set_offering_listed', { RequestId: crypto.randomUUID(), OfferingId: offeringId, Listed: true });
    expect(listed.structuredContent).toMatchObject({ Id: offeringId, Listed: true });
    expect((await call(client, 'search_offerings', { Query: 'Cloud Yearly' })).structuredContent).toMatchObject({ Total: 1 });
    await expect.poll(async () => {
      const storefront = (await call(client, 'get_storefront', { IssuerClientId: issuerClientId })).structuredContent as { OfferingsByProduct: Record<string, unknown[]> };
      return storefront.OfferingsByProduct[productId]?.length ?? 0;
    }).toBe(1);

    const catalog = await call(client, 'list_catalog');
    const cloud = (catalog.structuredContent as { Products: { Id: string; Offerings: { Id: string; Listed: boolean }[] }[] }).Products.find((candidate) => candidate.Id === productId)!;
    expect(cloud.Offerings).toEqual([expect.objectContaining({ Id: offeringId, Listed: true })]);
    expect((catalog.structuredContent as { Products: unknown[] }).Products.length).toBeGreaterThanOrEqual(3);
    await client.close();
  });

  it('a write sent twice with one RequestId writes once and answers the same; the RequestId with other inputs is RequestIdMismatch', async () => {
    const client = await connect({ apiKey: key });
    const requestId = crypto.randomUUID();
    const firstAnswer = await call(client, 'create_product', { RequestId: requestId, Name: 'Quill Once' });
    const again = await call(client, 'create_product', { RequestId: requestId, Name: 'Quill Once' });
    expect(again.structuredContent).toEqual(firstAnswer.structuredContent);
    expect(await database.db.product.count({ where: { sellerId, name: 'Quill Once' } })).toBe(1);
    expect(refusal(await call(client, 'create_product', { RequestId: requestId, Name: 'Quill Twice' })).Code).toBe('RequestIdMismatch');
    await client.close();
  });

  it("the services' rules answer ValidationError naming the field; another seller's product is NotFound", async () => {
    const client = await connect({ apiKey: key });
    const noInterval = refusal(await call(client, 'create_offering', { RequestId: crypto.randomUUID(), ProductId: ids.editor, Name: 'Broken', Classification: LicenseClassification.Subscription, BaseRate: 5 }));
    expect(noInterval.Code).toBe('ValidationError');
    expect(noInterval.Details!.map((detail) => detail.Field)).toEqual(expect.arrayContaining(['Interval', 'IntervalUnit']));
    const badRequestId = refusal(await call(client, 'create_product', { RequestId: 'not-a-guid', Name: 'X' }));
    expect(badRequestId.Details!.map((detail) => detail.Field)).toEqual(['RequestId']);
    await client.close();
    const other = await connect({ apiKey: otherKey });
    expect(refusal(await call(other, 'set_offering_listed', { RequestId: crypto.randomUUID(), OfferingId: ids.monthly, Listed: false })).Code).toBe('NotFound');
    await other.close();
    expect((await database.db.offering.findUniqueOrThrow({ where: { id: ids.monthly } })).listed).toBe(true);
  });

  it('get_sales_summary counts completed orders, revenue per currency and licenses over the period', async () => {
    const client = await connect({ apiKey: key });
    const summary = await call(client, 'get_sales_summary');
    expect(summary.structuredContent).toMatchObject({
      CompletedOrders: 3,
      PaidOrders: 2,
      Revenue: [
        { Currency: 'eur', Amount: 30 },
        { Currency: 'usd', Amount: 12 },
      ],
      LicensesIssued: 4,
      ActiveLicenses: 4,
    });
    const longAgo = await call(client, 'get_sales_summary', { From: new Date(Date.now() - 60 * 86_400_000).toISOString(), To: new Date(Date.now() - 30 * 86_400_000).toISOString() });
    expect(longAgo.structuredContent).toMatchObject({ CompletedOrders: 1, PaidOrders: 1, Revenue: [{ Currency: 'usd', Amount: 99 }] });
    const backwards = refusal(await call(client, 'get_sales_summary', { From: new Date().toISOString(), To: new Date(Date.now() - 86_400_000).toISOString() }));
    expect(backwards).toMatchObject({ Code: 'ValidationError', Details: [{ Field: 'To' }] });
    await client.close();
  });
});

describe('fuzzing the tools', () => {
  it('hostile arguments to every tool answer a result or a refusal with an ApiError Code, never ServerError or a protocol failure', async () => {
    const client = await connect({ apiKey: key });
    const { tools } = await client.listTools();
    const hostile: unknown[] = [
      'x'.repeat(70_000),
      '\u0000',
      'a\ud800b',
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      null,
      [],
      ['a', 1],
      { Nested: { Deeper: 'x' } },
      "'; drop table \"Offering\"; --",
      '00000000-0000-0000-0000-000000000000',
      '../../etc/passwd',
    ];
    const problems: string[] = [];
    let calls = 0;
    for (const tool of tools) {
      const fields = Object.keys(tool.inputSchema.properties ?? {});
      for (const field of fields.length > 0 ? fields : ['Unexpected']) {
        for (const value of hostile) {
          calls++;
          const args = { RequestId: crypto.randomUUID(), IssuerClientId: issuerClientId, [field]: value };
          const result = (await client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
          results.push(result);
          if (!result.isError) continue;
          const body = JSON.parse((result.content[0] as { text: string }).text) as { Code?: string };
          if (typeof body.Code !== 'string' || body.Code === 'ServerError') problems.push(`${tool.name} ${field}=${JSON.stringify(value).slice(0, 40)}: ${JSON.stringify(body).slice(0, 160)}`);
        }
      }
    }
    await client.close();
    expect(calls).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the transport', () => {
  it('GET /mcp answers 405 with Allow: POST and a JSON-RPC error, with X-Correlation-Id', async () => {
    const response = await fetch(`${first.baseUrl}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('x-correlation-id')).toMatch(/.+/);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { Code: 'MethodNotAllowed' } } });
  });

  it('a plain POST answers JSON, uncached, with X-Correlation-Id; malformed JSON is a JSON-RPC parse error (400), never a stack trace; a body over 256 KiB is 413 with data.Code PayloadTooLarge', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const answered = await fetch(`${first.baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('cache-control')).toBe('no-store');
    expect(answered.headers.get('x-correlation-id')).toMatch(/.+/);
    expect(await answered.json()).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
    const malformed = await fetch(`${first.baseUrl}/mcp`, { method: 'POST', headers, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-correlation-id')).toMatch(/.+/);
    const parseError = await malformed.json();
    expect(parseError).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(JSON.stringify(parseError)).not.toMatch(/at .*\.(js|ts):\d+/);
    const large = await fetch(`${first.baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(300 * 1024) } }) });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { Code: 'PayloadTooLarge' } } });
  });

  it('tools/call with malformed params ({"name":123}, no name, arguments as a string, no params) is -32602 Invalid params with a short message, never -32603 or a validation dump', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    for (const params of [{ name: 123 }, {}, { name: 'search_offerings', arguments: 'query=quill' }, undefined]) {
      const response = await fetch(`${first.baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params === undefined ? {} : { params }) }) });
      const body = await response.json();
      expect(body, JSON.stringify(params)).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32602, message: expect.stringMatching(/^MCP error -32602: Invalid params: /) } });
      expect(body.error.message.length, body.error.message).toBeLessThan(180);
      expect(JSON.stringify(body)).not.toMatch(/issues|invalid_type|"path"|at .*\.(js|ts):\d+/);
    }
    // A well-formed call still answers as a tool result.
    const fine = await fetch(`${first.baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }) });
    expect(await fine.json()).toMatchObject({ jsonrpc: '2.0', id: 10, result: { isError: true } });
  });

  it('two instances answer one client alternately: no session, no sticky routing', async () => {
    const served: string[] = [];
    let turn = 0;
    const alternate: typeof fetch = (input, init) => {
      const target = turn++ % 2 === 0 ? first : second;
      served.push(target.baseUrl);
      return fetch(urlOf(input).replace(first.baseUrl, target.baseUrl), init);
    };
    const client = await connect({ fetch: alternate, apiKey: key });
    for (let round = 0; round < 3; round++) {
      expect((await client.listTools()).tools).toHaveLength(ANONYMOUS_TOOLS.length + SELLER_TOOLS.length);
      expect((await call(client, 'get_offering', { IssuerClientId: issuerClientId, OfferingId: ids.trial })).structuredContent).toMatchObject({ Offering: { Id: ids.trial } });
    }
    await client.close();
    expect(new Set(served)).toEqual(new Set([first.baseUrl, second.baseUrl]));
  });

  it('the per-IP limit applies: over it, 429 with Retry-After and a JSON-RPC error whose data.Code is RateLimited', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    let refused: Response | undefined;
    for (let sent = 0; sent <= IP_LIMIT && !refused; sent++) {
      const response = await fetch(`${second.baseUrl}/mcp`, { method: 'POST', headers, body });
      if (response.status === 429) refused = response;
      else await response.arrayBuffer();
    }
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { Code: 'RateLimited' } } });
  });

  it('MCP requests are counted in /metrics under the route /mcp, by status', async () => {
    const text = await (await fetch(`${first.baseUrl}/metrics`)).text();
    expect(text).toMatch(/http_requests_total\{route="\/mcp",method="POST",status="200"\} \d+/);
    expect(text).toMatch(/http_requests_total\{route="\/mcp",method="GET",status="405"\} \d+/);
  });

  it('no tool result of this file holds a license code, a runtime or claim token, or an API key', () => {
    expect(results.length).toBeGreaterThan(30);
    const everything = JSON.stringify(results);
    expect(everything).not.toMatch(/SVC_LIC_|SVC_AK_|\/claim\/|eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(otherKey);
  });
});
