import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authenticateApiKey } from '@/server/api-keys/authenticate-api-key';
import { hashApiKey } from '@/server/api-keys/api-key-secret';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { listApiKeys } from '@/server/api-keys/list-api-keys';
import { revokeApiKey, revokeApiKeyByPrefixOrId } from '@/server/api-keys/revoke-api-key';
import type { ApiErrorCode, DomainError } from '@/server/errors';
import { startInvalidationListener, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createSeller } from '../support/factories';
import { refusalOf } from '../support/refusal';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let ctx: { db: TestDatabase['db'] };

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db };
  // The key cache listens for revocations from other copies (tests/integration/invalidation.test.ts);
  // started here on this file's database rather than lazily from an unset DATABASE_URL.
  await startInvalidationListener(database.url);
});
afterAll(async () => {
  await stopInvalidationListener();
  await database?.drop();
});

async function expectCode(promise: Promise<unknown>, code: ApiErrorCode): Promise<DomainError> {
  const error = await refusalOf(promise);
  expect(error.code).toBe(code);
  return error;
}

describe('account API keys', () => {
  it('the key is returned once and only its sha256 is stored', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'production backend' });

    const row = await database.db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretHash).toBe(hashApiKey(created.key));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain(created.key);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length + 1));
    // Nothing but the creation answer ever carries the key again.
    expect(JSON.stringify(await listApiKeys(ctx, seller.id))).not.toContain(created.key);
  });

  it('the key has a recognisable prefix SVC_AK_XXXXXXXX, stored and shown in lists', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'ci' });
    expect(created.key).toMatch(/^SVC_AK_[A-Z2-7]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toMatch(/^SVC_AK_[A-Z2-7]{8}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created.label).toBe('ci');
    const [listed] = await listApiKeys(ctx, seller.id);
    expect(listed?.prefix).toBe(created.prefix);
  });

  it('a key is made with full access by default, or restricted to the scopes named, until its expiry; bad scopes or days are ValidationError naming the field', async () => {
    const seller = await createSeller(database.db);
    const full = await createApiKey(ctx, { sellerId: seller.id, label: 'full' });
    expect(full).toMatchObject({ scopes: null, expiresAt: null });
    const restricted = await createApiKey(ctx, { sellerId: seller.id, label: 'reporting', scopes: ['licenses:read', 'events:read'], expiresInDays: 30 });
    expect(restricted.scopes).toEqual(['licenses:read', 'events:read']);
    expect((await authenticateApiKey(ctx, restricted.key)).grant).toEqual(['licenses:read', 'events:read']);
    expect((await authenticateApiKey(ctx, full.key)).grant).toBeNull();
    const listed = await listApiKeys(ctx, seller.id);
    expect(listed.map((key) => [key.label, key.scopes, key.expiresAt?.getTime() ?? null, key.expired])).toEqual([
      ['reporting', ['licenses:read', 'events:read'], restricted.expiresAt!.getTime(), false],
      ['full', null, null, false],
    ]);
    await database.db.apiKey.update({ where: { id: restricted.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await listApiKeys(ctx, seller.id))[0]!.expired).toBe(true);
    for (const [input, field] of [
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['licenses:read', 'licenses:read'] }, 'scopes'],
      [{ scopes: ['everything'] }, 'scopes.0'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ expiresInDays: 3651 }, 'expiresInDays'],
    ] as const) {
      const error = await expectCode(createApiKey(ctx, { sellerId: seller.id, label: 'bad', ...(input as object) }), 'ValidationError');
      expect(error.details?.map((detail) => detail.Field.toLowerCase())).toContain(field.toLowerCase());
    }
    expect(await database.db.apiKey.count({ where: { sellerId: seller.id } })).toBe(2);
  });

  it('two keys never share a key or a prefix', async () => {
    const seller = await createSeller(database.db);
    const keys = await Promise.all(Array.from({ length: 20 }, () => createApiKey(ctx, { sellerId: seller.id, label: 'k' })));
    expect(new Set(keys.map((key) => key.key)).size).toBe(20);
    expect(new Set(keys.map((key) => key.prefix)).size).toBe(20);
  });

  it('the list never returns the hash, only prefix, label and dates', async () => {
    const seller = await createSeller(database.db);
    await createApiKey(ctx, { sellerId: seller.id, label: 'one' });
    await createApiKey(ctx, { sellerId: seller.id, label: 'two' });
    const other = await createSeller(database.db);
    await createApiKey(ctx, { sellerId: other.id, label: 'not mine' });

    const listed = await listApiKeys(ctx, seller.id);
    expect(listed.map((key) => key.label).sort()).toEqual(['one', 'two']);
    for (const key of listed) {
      expect(Object.keys(key).sort()).toEqual(['createdAt', 'expired', 'expiresAt', 'id', 'label', 'lastUsedAt', 'prefix', 'revokedAt', 'scopes']);
    }
  });

  it('a label must be 1 to 100 characters (ValidationError on Label)', async () => {
    const seller = await createSeller(database.db);
    for (const label of ['', '   ', 'x'.repeat(101)]) {
      const error = await expectCode(createApiKey(ctx, { sellerId: seller.id, label }), 'ValidationError');
      expect(error.details?.[0]?.Field).toBe('Label');
    }
    expect((await createApiKey(ctx, { sellerId: seller.id, label: 'x'.repeat(100) })).label).toHaveLength(100);
  });

  it('a valid key authenticates as its seller', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'backend' });
    expect(await authenticateApiKey(ctx, created.key)).toEqual({
      sellerId: seller.id,
      issuerClientId: seller.issuerClientId,
      apiKeyId: created.id,
      grant: null,
      expiresAt: null,
    });
  });

  it('a revoked key is refused with ApiKeyInvalid at once, even after it was cached', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'backend' });
    await authenticateApiKey(ctx, created.key);

    const revoked = await revokeApiKey(ctx, { sellerId: seller.id, id: created.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    await expectCode(authenticateApiKey(ctx, created.key), 'ApiKeyInvalid');
    // Revoking again keeps the first revocation time.
    expect((await revokeApiKey(ctx, { sellerId: seller.id, id: created.id })).revokedAt).toEqual(revoked.revokedAt);
  });

  it('an unknown or malformed key is refused with ApiKeyInvalid', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'backend' });
    const tampered = `${created.key.slice(0, -1)}${created.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [tampered, 'SVC_AK_AAAAAAAA_' + 'A'.repeat(43), 'not-a-key', created.prefix]) {
      await expectCode(authenticateApiKey(ctx, key), 'ApiKeyInvalid');
    }
  });

  it('a missing or empty key is ApiKeyMissing', async () => {
    for (const key of [null, undefined, '', '   ']) await expectCode(authenticateApiKey(ctx, key), 'ApiKeyMissing');
  });

  it('another seller cannot revoke your key (NotFound), and the key keeps working', async () => {
    const mine = await createSeller(database.db);
    const theirs = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: mine.id, label: 'backend' });

    await expectCode(revokeApiKey(ctx, { sellerId: theirs.id, id: created.id }), 'NotFound');
    await expectCode(revokeApiKey(ctx, { sellerId: mine.id, id: 'no-such-key' }), 'NotFound');
    expect((await database.db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).toBeNull();
    expect((await authenticateApiKey(ctx, created.key)).sellerId).toBe(mine.id);
  });

  it('the operator revokes a key by its prefix or its id', async () => {
    const seller = await createSeller(database.db);
    const byPrefix = await createApiKey(ctx, { sellerId: seller.id, label: 'a' });
    const byId = await createApiKey(ctx, { sellerId: seller.id, label: 'b' });

    expect((await revokeApiKeyByPrefixOrId(ctx, byPrefix.prefix)).issuerClientId).toBe(seller.issuerClientId);
    expect((await revokeApiKeyByPrefixOrId(ctx, byId.id)).revokedAt).toBeInstanceOf(Date);
    await expectCode(authenticateApiKey(ctx, byPrefix.key), 'ApiKeyInvalid');
    await expectCode(authenticateApiKey(ctx, byId.key), 'ApiKeyInvalid');
    await expectCode(revokeApiKeyByPrefixOrId(ctx, 'SVC_AK_AAAAAAAA'), 'NotFound');
  });

  it('a use is recorded in lastUsedAt without the caller waiting, at most once a minute', async () => {
    const seller = await createSeller(database.db);
    const created = await createApiKey(ctx, { sellerId: seller.id, label: 'backend' });
    await authenticateApiKey(ctx, created.key);
    const first = await vi.waitFor(async () => {
      const row = await database.db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
      expect(row.lastUsedAt).toBeInstanceOf(Date);
      return row.lastUsedAt!;
    });

    await authenticateApiKey(ctx, created.key);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await database.db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.lastUsedAt).toEqual(first);
  });
});
