import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/generated/prisma/client';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { hashApiKey } from '@/server/api-keys/api-key-secret';
import { pruneAuditLog } from '@/server/audit/prune-audit-log';
import { recordPortalSignIn } from '@/server/audit/record-portal-sign-in';
import { listAuditLog } from '@/server/audit/list-audit-log';
import { auditLogCsv } from '@/server/audit/audit-log-csv';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { db } from '@/server/db';
import { issueLicenseCode } from '@/server/licensing/codes/issue-license-code';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { runWithActingContext, type ActingContext } from '@/server/platform/database/acting-context';
import { ActingContextPool } from '@/server/platform/database/acting-context-pool';
import { appRouter } from '@/server/trpc/app-router';
import { runAdminCommand } from '../support/admin-cli';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createLicenseRow } from '../support/order-factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The seller's audit log (docs/api/management.md "Audit log"): every change a seller side makes
// through the portal's procedures, the management API, the MCP tools and the operator's commands is
// an entry written in the change's own transaction, naming who, with what role or scopes, from
// where; never a secret; none when the change rolls back. Entries cannot be changed or deleted, but
// by the retention after 400 days; the REST feed pages them and needs the scope audit:read.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: InProcessService;
let sellerId: string;
let issuerClientId: string;
let owner: { id: string; email: string };
let fullKey: { id: string; key: string; label: string };

const unique = () => crypto.randomBytes(4).toString('hex');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false', APP_SECRET } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  issuerClientId = seller.issuerClientId;
  owner = await database.db.account.create({ data: { email: `owner-${unique()}@example.test` } });
  await database.db.sellerMember.create({ data: { sellerId, accountId: owner.id, role: 'Owner' } });
  const created = await createApiKey({ db: database.db }, { sellerId, label: 'backend-full' });
  fullKey = { id: created.id, key: created.key, label: created.label };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The member's portal procedures, as the tRPC route file would call them for this request. */
function portal(request: { ip?: string; userAgent?: string; correlationId?: string } = {}) {
  return appRouter.createCaller({
    db: db(),
    session: { accountId: owner.id, email: owner.email },
    clientIp: request.ip ?? '203.0.113.7',
    userAgent: request.userAgent ?? 'AuditTest/1.0',
    correlationId: request.correlationId ?? `corr-${unique()}`,
  });
}

async function entries(where: { action?: string; targetId?: string; sellerId?: string } = {}): Promise<AuditEntry[]> {
  return database.db.auditEntry.findMany({ where: { sellerId, ...where }, orderBy: { sequence: 'asc' } });
}

const asJson = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? Number(inner) : inner));

async function onlyEntry(where: { action: string; targetId: string }): Promise<AuditEntry> {
  const found = await entries(where);
  expect(found, asJson(found)).toHaveLength(1);
  return found[0]!;
}

function withKey(key: string, init: RequestInit & { headers?: Record<string, string> } = {}): RequestInit {
  return { ...init, headers: { 'dub-apiKey': key, ...init.headers } };
}

describe('changes through the portal', () => {
  it('a product created and renamed in the portal is two entries naming the member, the role, the address, the browser and the correlation id', async () => {
    const product = await portal({ correlationId: 'corr-portal-create' }).catalogAdmin.createProduct({ name: 'Pixel Forge' });
    const created = await onlyEntry({ action: 'product.created', targetId: product.id });
    expect(created).toMatchObject({
      actorType: 'Member',
      actorId: owner.id,
      actorLabel: owner.email,
      actorRole: 'Owner',
      actorScopes: [],
      surface: 'Portal',
      operation: 'catalogAdmin.createProduct',
      targetType: 'product',
      ipAddress: '203.0.113.7',
      userAgent: 'AuditTest/1.0',
      correlationId: 'corr-portal-create',
    });
    expect(created.changes).toMatchObject({ name: { After: 'Pixel Forge' }, sellerId: { After: sellerId } });
    expect(Object.values(created.changes as object).every((change) => !('Before' in change))).toBe(true);

    await portal().catalogAdmin.updateProduct({ productId: product.id, name: 'Pixel Forge Pro' });
    const updated = await onlyEntry({ action: 'product.updated', targetId: product.id });
    // Only what changed (updatedAt is noise).
    expect(updated.changes).toEqual({ name: { Before: 'Pixel Forge', After: 'Pixel Forge Pro' } });
    expect(updated.sequence).toBe(created.sequence + 1n);
  });

  it('an update that changes nothing recorded writes no entry', async () => {
    const product = await portal().catalogAdmin.createProduct({ name: 'Same Name' });
    const before = await database.db.auditEntry.count({ where: { sellerId } });
    await portal().catalogAdmin.updateProduct({ productId: product.id, name: 'Same Name' });
    expect(await database.db.auditEntry.count({ where: { sellerId } })).toBe(before);
  });

  it('API keys and webhook endpoints made in the portal are recorded without their secrets', async () => {
    const key = await portal().apiKeys.create({ label: 'portal-made' });
    const endpoint = await portal().webhooks.create({ url: 'https://hooks.example.com/audit', eventTypes: [] });
    await portal().webhooks.rotateSecret({ endpointId: endpoint.id });
    await portal().apiKeys.revoke({ id: key.id });

    expect((await onlyEntry({ action: 'api_key.created', targetId: key.id })).changes).toMatchObject({ label: { After: 'portal-made' }, prefix: { After: key.prefix } });
    expect((await onlyEntry({ action: 'api_key.updated', targetId: key.id })).changes).toHaveProperty('revokedAt.Before', null);
    await onlyEntry({ action: 'webhook_endpoint.created', targetId: endpoint.id });

    const keyRow = await database.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    const endpointRow = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const everything = asJson(await entries());
    for (const secret of [key.key, keyRow.secretHash, hashApiKey(key.key), endpoint.secret, endpointRow.secretCiphertext, endpointRow.previousSecretCiphertext]) {
      expect(secret, 'a secret to look for').toBeTruthy();
      expect(everything).not.toContain(secret!);
    }
    expect(everything).not.toMatch(/secretHash|secretCiphertext|"whsec_/);
  });

  it('a feature added and removed, and an offering changed, are entries of their own', async () => {
    const product = await createProduct(database.db, sellerId);
    const offering = await createOffering(database.db, product, { priceMinor: 1000, currency: 'usd' });
    const feature = await portal().catalogAdmin.upsertFeature({ offeringId: offering.id, key: 'export', displayName: 'Export' });
    await portal().catalogAdmin.deleteFeature({ featureId: feature.id });
    await portal().catalogAdmin.setOfferingListed({ offeringId: offering.id, listed: false });

    expect((await onlyEntry({ action: 'feature.created', targetId: feature.id })).changes).toMatchObject({ key: { After: 'export' } });
    expect((await onlyEntry({ action: 'feature.deleted', targetId: feature.id })).changes).toMatchObject({ key: { Before: 'export' } });
    expect((await onlyEntry({ action: 'offering.updated', targetId: offering.id })).changes).toEqual({ listed: { Before: true, After: false } });
  });

  it('a change that rolls back leaves no entry and gives its number back', async () => {
    const member: ActingContext = {
      sellerId, actorType: 'Member', actorId: owner.id, actorLabel: owner.email, actorRole: 'Owner', actorScopes: [],
      surface: 'Portal', operation: 'test.rollback', ipAddress: null, userAgent: null, correlationId: null,
    };
    const last = (await database.db.sellerAuditCounter.findUniqueOrThrow({ where: { sellerId } })).last;
    const name = `Rolled back ${unique()}`;
    await expect(
      runWithActingContext(member, () =>
        db().$transaction(async (tx) => {
          await tx.product.create({ data: { sellerId, name } });
          throw new Error('the service fails after writing');
        }),
      ),
    ).rejects.toThrow('the service fails after writing');
    expect(await database.db.product.count({ where: { name } })).toBe(0);
    expect(await database.db.auditEntry.count({ where: { sellerId, operation: 'test.rollback' } })).toBe(0);
    expect((await database.db.sellerAuditCounter.findUniqueOrThrow({ where: { sellerId } })).last).toBe(last);

    const product = await portal().catalogAdmin.createProduct({ name: 'After the rollback' });
    expect((await onlyEntry({ action: 'product.created', targetId: product.id })).sequence).toBe(last + 1n);
  });

  it('a connection that carried a member is reset before it serves a call with nobody acting', async () => {
    // Every connection of the pool has served the portal by now; these run with no context.
    const name = `Unattributed ${unique()}`;
    await Promise.all(Array.from({ length: 8 }, (_, index) => db().product.create({ data: { sellerId, name: `${name} ${index}` } })));
    const made = await database.db.product.findMany({ where: { name: { startsWith: name } }, select: { id: true } });
    expect(made).toHaveLength(8);
    expect(await database.db.auditEntry.count({ where: { targetId: { in: made.map((product) => product.id) } } })).toBe(0);
  });
});

describe('the pool', () => {
  it('a call with nobody acting on a connection that never carried anyone runs no extra statement; a carried context is set once and reset once', async () => {
    const pool = new ActingContextPool({ connectionString: database.url, max: 1 });
    const sent: string[] = [];
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text: string };
        sent.push(typeof first === 'string' ? first : first.text);
        return query(...args);
      };
    });
    try {
      await pool.query('select 1');
      await pool.query({ name: 'hot-statement', text: 'select 2', values: [] });
      expect(sent).toEqual(['select 1', 'select 2']);
      const member: ActingContext = {
        sellerId, actorType: 'Member', actorId: owner.id, actorLabel: owner.email, actorRole: 'Owner', actorScopes: [],
        surface: 'Portal', operation: 'test.pool', ipAddress: null, userAgent: null, correlationId: null,
      };
      await runWithActingContext(member, async () => {
        await pool.query('select 3');
        const client = await pool.connect();
        await client.query('select 4');
        client.release();
      });
      await pool.query('select 5');
      await pool.query('select 6');
      const setting = "select set_config('licensing.audit_context', $1, false)";
      expect(sent.slice(2)).toEqual([setting, 'select 3', 'select 4', setting, 'select 5', 'select 6']);
    } finally {
      await pool.end();
    }
  });
});

describe('sign-ins', () => {
  it('a portal sign-in is one member.signed_in entry in each seller the account is a member of', async () => {
    const other = await createSeller(database.db);
    const person = await database.db.account.create({ data: { email: `both-${unique()}@example.test` } });
    const here = await database.db.sellerMember.create({ data: { sellerId, accountId: person.id, role: 'Support' } });
    const there = await database.db.sellerMember.create({ data: { sellerId: other.id, accountId: person.id, role: 'Owner' } });
    const count = await db().$transaction((tx) => recordPortalSignIn(tx, { accountId: person.id, email: person.email, ipAddress: '198.51.100.4', userAgent: 'Browser/2', correlationId: 'corr-sign-in' }));
    expect(count).toBe(2);
    expect(await onlyEntry({ action: 'member.signed_in', targetId: here.id })).toMatchObject({ actorLabel: person.email, actorRole: 'Support', ipAddress: '198.51.100.4', userAgent: 'Browser/2', correlationId: 'corr-sign-in', surface: 'Portal' });
    const elsewhere = await database.db.auditEntry.findMany({ where: { sellerId: other.id } });
    expect(elsewhere).toHaveLength(1);
    expect(elsewhere[0]).toMatchObject({ action: 'member.signed_in', targetId: there.id, actorRole: 'Owner', sequence: 1n });
  });
});

describe('changes through the management API and MCP', () => {
  it('a license suspended with an API key is an entry naming the key, its scopes, the address, the browser and the correlation id', async () => {
    const product = await createProduct(database.db, sellerId);
    const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
    const license = await createLicenseRow(database.db, offering, {});
    const scoped = await createApiKey({ db: database.db }, { sellerId, label: 'support-tool', scopes: ['licenses:write', 'licenses:read'] });
    const response = await server.fetch(
      `/licensing-mgmt/licenses/${license.id}/suspend`,
      withKey(scoped.key, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'backend/3.1', 'x-correlation-id': 'corr-rest-suspend' }, body: JSON.stringify({ RequestId: crypto.randomUUID() }) }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const entry = await onlyEntry({ action: 'license.updated', targetId: license.id });
    expect(entry).toMatchObject({
      actorType: 'ApiKey',
      actorId: scoped.id,
      actorLabel: 'support-tool',
      actorRole: null,
      actorScopes: ['licenses:write', 'licenses:read'],
      surface: 'ManagementApi',
      operation: 'POST /licensing-mgmt/licenses/:licenseId/suspend',
      ipAddress: '127.0.0.1',
      userAgent: 'backend/3.1',
      correlationId: 'corr-rest-suspend',
    });
    expect(entry.changes).toMatchObject({ status: { Before: 'Active', After: 'Suspended' }, suspendedBySeller: { Before: false, After: true } });
  });

  it('a product created by an MCP seller tool is an entry of surface Mcp naming the tool and the key', async () => {
    const name = `Agent Product ${unique()}`;
    const response = await server.fetch('/mcp', withKey(fullKey.key, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-correlation-id': 'corr-mcp' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_product', arguments: { Name: name, RequestId: crypto.randomUUID() } } }),
    }));
    const body = await response.text();
    expect(body).not.toContain('"isError":true');
    const product = await database.db.product.findFirstOrThrow({ where: { name } });
    expect(await onlyEntry({ action: 'product.created', targetId: product.id })).toMatchObject({
      actorType: 'ApiKey', actorId: fullKey.id, actorLabel: fullKey.label, actorScopes: ['*'], surface: 'Mcp', operation: 'create_product', correlationId: 'corr-mcp',
    });
  });

  it('using an API key (its lastUsedAt moving) and the runtime paths write no entries', async () => {
    const product = await createProduct(database.db, sellerId);
    const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual });
    const license = await createLicenseRow(database.db, offering, {});
    const seat = await database.db.seat.create({ data: { licenseId: license.id } });
    const { code } = await issueLicenseCode({ db: database.db }, { licenseId: license.id, seatId: seat.id, label: 'app' });
    const key = await createApiKey({ db: database.db }, { sellerId, label: 'reader', scopes: ['licenses:read'] });
    const before = await database.db.auditEntry.count();

    expect((await server.fetch(`/licensing-mgmt/licenses/${license.id}`, withKey(key.key))).status).toBe(200);
    const authorized = await server.fetch('/licensing/runtime/GenerateLicenseAuthorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(code)}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.id }),
    });
    expect(authorized.status, await authorized.clone().text()).toBe(200);
    // The key's use is recorded after the answer.
    await expect.poll(async () => (await database.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
    expect(await database.db.auditEntry.count()).toBe(before);
  });
});

describe('an operator command', () => {
  it('an API key created with npm run admin is an entry of the operator in the seller\'s log', async () => {
    const result = await runAdminCommand({ DATABASE_URL: database.url, APP_SECRET }, 'create-api-key', '--issuer', issuerClientId, '--label', 'made-by-operator');
    expect(result.status, result.stderr).toBe(0);
    const key = await database.db.apiKey.findFirstOrThrow({ where: { sellerId, label: 'made-by-operator' } });
    expect(await onlyEntry({ action: 'api_key.created', targetId: key.id })).toMatchObject({ actorType: 'Operator', actorLabel: 'operator', surface: 'Operator', operation: 'admin create-api-key' });
  }, 120_000);
});

describe('entries are kept', () => {
  it('updating, deleting or emptying the audit log is refused', async () => {
    const [entry] = await entries();
    await expect(database.db.$executeRaw`UPDATE "AuditEntry" SET "action" = 'forged' WHERE "id" = ${entry!.id}`).rejects.toThrow(/cannot be changed or deleted/);
    await expect(database.db.$executeRaw`DELETE FROM "AuditEntry" WHERE "id" = ${entry!.id}`).rejects.toThrow(/cannot be changed or deleted/);
    await expect(database.db.$executeRawUnsafe('TRUNCATE "AuditEntry"')).rejects.toThrow(/cannot be emptied/);
    expect(await database.db.auditEntry.findUniqueOrThrow({ where: { id: entry!.id } })).toEqual(entry);
  });

  it('the retention deletes the entries older than 400 days and only those', async () => {
    const seller = await createSeller(database.db);
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const make = (sequence: number, days: number) => ({ sellerId: seller.id, sequence, at: at(days), actorType: 'Operator' as const, actorLabel: 'operator', surface: 'Operator' as const, operation: 'test', action: 'seller.updated', targetType: 'seller', targetId: seller.id });
    await database.db.auditEntry.createMany({ data: [make(1, 401), make(2, 399), make(3, 1)] });
    // Without the retention's say-so, even an old entry stays.
    await expect(database.db.$executeRaw`DELETE FROM "AuditEntry" WHERE "sellerId" = ${seller.id} AND "sequence" = 1`).rejects.toThrow(/cannot be changed or deleted/);
    expect(await pruneAuditLog({ db: db() })).toBeGreaterThanOrEqual(1);
    expect((await database.db.auditEntry.findMany({ where: { sellerId: seller.id }, orderBy: { sequence: 'asc' } })).map((entry) => Number(entry.sequence))).toEqual([2, 3]);
    // The setting does not let a younger entry go either.
    await expect(
      database.db.$transaction(async (tx) => {
        await tx.$executeRaw`select set_config('licensing.audit_retention', 'on', true)`;
        await tx.$executeRaw`DELETE FROM "AuditEntry" WHERE "sellerId" = ${seller.id} AND "sequence" = 2`;
      }),
    ).rejects.toThrow(/cannot be changed or deleted/);
  });
});

describe('reading the log', () => {
  it('GET /licensing-mgmt/audit-log pages the entries oldest first with after and limit', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(3);
    const first = await server.fetch('/licensing-mgmt/audit-log?limit=2', withKey(fullKey.key));
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as { Entries: { Sequence: number; Action: string; ActorLabel: string; Changes: unknown }[]; NextCursor: number; HasMore: boolean };
    expect(page1.Entries.map((entry) => entry.Sequence)).toEqual([1, 2]);
    expect(page1.NextCursor).toBe(2);
    expect(page1.HasMore).toBe(true);
    const page2 = (await (await server.fetch(`/licensing-mgmt/audit-log?after=${page1.NextCursor}&limit=100`, withKey(fullKey.key))).json()) as typeof page1;
    expect(page2.Entries.map((entry) => entry.Sequence)).toEqual(all.slice(2).map((entry) => Number(entry.sequence)));
    expect(page2.Entries[0]).toHaveProperty('ActorLabel');
  });

  it('filters by action, actor and target id', async () => {
    const product = await portal().catalogAdmin.createProduct({ name: 'Filtered' });
    const byTarget = await listAuditLog({ db: db() }, { sellerId, targetId: product.id });
    expect(byTarget.entries.map((entry) => entry.action)).toEqual(['product.created']);
    const byAction = await listAuditLog({ db: db() }, { sellerId, action: 'api_key.created', limit: 100 });
    expect(byAction.entries.length).toBeGreaterThanOrEqual(2);
    expect(byAction.entries.every((entry) => entry.action === 'api_key.created')).toBe(true);
    const byActor = await listAuditLog({ db: db() }, { sellerId, actor: owner.email.toUpperCase(), limit: 100 });
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((entry) => entry.actorId === owner.id)).toBe(true);
    const future = await listAuditLog({ db: db() }, { sellerId, from: new Date(Date.now() + 86_400_000) });
    expect(future.entries).toEqual([]);
    const csv = await new Response(auditLogCsv({ db: db() }, { sellerId, targetId: product.id })).text();
    expect(csv.split('\r\n')[0]).toContain('Sequence,At (UTC),Actor type,Actor');
    expect(csv).toContain(`product.created,product,${product.id}`);
  });

  it('a key without audit:read is refused 403 ApiKeyScope, and the portal procedure refuses a role without it', async () => {
    const eventsOnly = await createApiKey({ db: database.db }, { sellerId, label: 'events-only', scopes: ['events:read'] });
    const response = await server.fetch('/licensing-mgmt/audit-log', withKey(eventsOnly.key));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { Code: string }).Code).toBe('ApiKeyScope');

    const viewer = await database.db.account.create({ data: { email: `viewer-${unique()}@example.test` } });
    await database.db.sellerMember.create({ data: { sellerId, accountId: viewer.id, role: 'Viewer' } });
    const asViewer = appRouter.createCaller({ db: db(), session: { accountId: viewer.id, email: viewer.email } });
    await expect(asViewer.audit.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await portal().audit.list({ before: Number.MAX_SAFE_INTEGER, limit: 1 })).entries).toHaveLength(1);
  });
});
