import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { getActiveSigningKey, listPublicJwks, rotateSigningKey } from '@/server/keys/signing-keys';
import { startInvalidationListener, stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { runAdminCommand } from '../support/admin-cli';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A copy never signs with a version its own JWKS does not serve: when a rotation's notice is late
// (here: lost, this copy listens on another database, and the operator rotates from another process) and the new version's activation passes, the
// signing version is read again at its activation while the key set would still be cached; the key
// set is then read again too, before anything is signed with the new kid.

let database: TestDatabase;
let elsewhere: TestDatabase;
const saved = { ...process.env };

beforeAll(async () => {
  [database, elsewhere] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url'), PUBLIC_BASE_URL: 'http://127.0.0.1:1' });
  resetEnvForTests();
  // Listening on another database: this copy hears none of the rotation's notices.
  await startInvalidationListener(elsewhere.url);
});

afterAll(async () => {
  await stopInvalidationListener();
  await Promise.all([database?.drop(), elsewhere?.drop()]);
  process.env = saved;
  resetEnvForTests();
});

describe('the signing version and the served key set', () => {
  it('with the rotation notice lost, the new version signs from its activation and the JWKS served by this copy already has it', async () => {
    const ctx = { db: database.db };
    // A purpose's first version signs at once.
    const first = await rotateSigningKey(ctx, 'runtime');
    expect(first.signingUntilThen).toBeNull();
    // The key set is cached (60 s) before the rotation; no notice will drop it.
    expect((await listPublicJwks(ctx, 'runtime')).map((key) => key.kid)).toEqual([first.kid]);
    // The operator rotates from another process: its notice reaches the database, not this copy.
    const rotation = await runAdminCommand({ DATABASE_URL: database.url, APP_SECRET: process.env.APP_SECRET! }, 'rotate-signing-key', '--activate-in', '3');
    expect(rotation.status).toBe(0);
    const rotated = await database.db.signingKey.findFirstOrThrow({ where: { purpose: 'runtime' }, orderBy: { createdAt: 'desc' } });
    // The signing version, read now, is cached until the new version's activation at most…
    await getActiveSigningKey(ctx, 'runtime');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, rotated.activatesAt.getTime() - Date.now()) + 100));
    // …then the new version signs, and the JWKS this copy serves names it.
    const signing = await getActiveSigningKey(ctx, 'runtime');
    expect(signing.kid).toBe(rotated.kid);
    expect((await listPublicJwks(ctx, 'runtime')).map((key) => key.kid)).toContain(rotated.kid);
  }, 60_000);
});
