import crypto from 'node:crypto';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { appRouter } from '@/server/trpc/app-router';
import { createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A NUL (which PostgreSQL cannot store) or a lone surrogate in any tRPC input field is a 400
// ValidationError naming the field, before any service or the database sees it (the REST rule,
// validation-error.ts). Through the portal's tRPC endpoint in-process, as a signed-in seller.

let database: TestDatabase;
const saved = { ...process.env };
let session: { accountId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  resetEnvForTests();
  const seller = await createSeller(database.db);
  const account = await database.db.account.create({ data: { email: `owner-${crypto.randomBytes(3).toString('hex')}@example.test` } });
  await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
  session = { accountId: account.id, email: account.email };
});

afterAll(async () => {
  await database?.drop();
  process.env = saved;
  resetEnvForTests();
});

async function mutate(procedure: string, input: unknown) {
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://test/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json: input }) }),
    router: appRouter,
    createContext: () => ({ db: database.db, session }),
  });
  const body = (await response.json()) as { error?: { json: { data: { apiCode: string; details: { Field: string; Code: string }[] } } } };
  return { status: response.status, error: body.error?.json.data };
}

describe('unreadable text in portal inputs', () => {
  it.each([
    ['an API key label', 'apiKeys.create', { label: 'backend\u0000' }, 'label'],
    ['a product name', 'catalogAdmin.createProduct', { name: 'Editor\u0000Pro' }, 'name'],
    ['a license code id (buyer)', 'licenses.revokeCode', { codeId: 'code-\u0000' }, 'codeId'],
    ['a lone surrogate in a label', 'apiKeys.create', { label: 'ref-\ud800' }, 'label'],
  ])('%s is 400 ValidationError naming the field, and nothing is written', async (_, procedure, input, field) => {
    const before = await database.db.apiKey.count();
    const answer = await mutate(procedure, input);
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ apiCode: 'ValidationError', details: [{ Field: field, Code: 'InvalidFormat' }] });
    expect(await database.db.apiKey.count()).toBe(before);
  });

  it('the same input without the NUL is accepted (the refusal is the text, not the call)', async () => {
    expect((await mutate('apiKeys.create', { label: 'backend' })).status).toBe(200);
  });
});
