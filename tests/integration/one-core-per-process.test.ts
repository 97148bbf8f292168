import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALIDATION_LISTENER_NAME } from '@/server/platform/invalidation/invalidation';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The production entry and Next's pages, tRPC and route files load one copy of the core (the built
// server/dist): one LISTEN connection per instance, and each invalidation is received once.

let database: TestDatabase;
let server: TestServer;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { SEED_DEMO: 'true' } });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await server?.stop();
  await database?.drop();
});

async function listenerConnections(): Promise<number> {
  const result = await client.query<{ count: string }>('select count(*) from pg_stat_activity where application_name = $1 and datname = current_database()', [INVALIDATION_LISTENER_NAME]);
  return Number(result.rows[0]!.count);
}

async function invalidationsReceived(topic: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const match = new RegExp(`cache_invalidations_received_total\\{topic="${topic}"\\} (\\d+)`).exec(text);
  return match ? Number(match[1]) : 0;
}

describe('one copy of the core per process', () => {
  it('a running instance that served the REST app, a page and tRPC holds exactly one LISTEN connection', async () => {
    // Each face reads a cache (the catalog), which would start a listener in a copy of its own.
    expect((await fetch(`${server.baseUrl}/purchase/demo/offerings`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/marketplace/demo`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/trpc/catalog.storefront?input=${encodeURIComponent(JSON.stringify({ json: { issuerClientId: 'demo' } }))}`)).status).toBe(200);
    expect(await listenerConnections()).toBe(1);
  });

  it('one invalidation published to the database is received once by the instance', async () => {
    const before = await invalidationsReceived('catalog');
    await client.query(`select pg_notify('licensing_cache_invalidation', $1)`, [JSON.stringify({ topic: 'catalog', key: 'one-core-test' })]);
    await expect.poll(() => invalidationsReceived('catalog'), { timeout: 5_000 }).toBe(before + 1);
    // Nothing arrives late from a second listener.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await invalidationsReceived('catalog')).toBe(before + 1);
  });
});
