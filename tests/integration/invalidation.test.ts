import crypto from 'node:crypto';
import pg from 'pg';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_TOPIC } from '@/server/api-keys/api-key-cache';
import { CATALOG_TOPIC } from '@/server/catalog/catalog-cache';
import { LICENSE_CODE_TOPIC, LICENSE_STATUS_TOPIC, SEAT_TOPIC } from '@/server/licensing/licensing-topics';
import { authenticateApiKey } from '@/server/api-keys/authenticate-api-key';
import { hashApiKey } from '@/server/api-keys/api-key-secret';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { revokeApiKey } from '@/server/api-keys/revoke-api-key';
import { catalogCache, catalogCacheKeys } from '@/server/catalog/catalog-cache';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { resetEnvForTests } from '@/server/env';
import { getActiveSigningKey, listPublicJwks } from '@/server/keys/signing-keys';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { revokeLicenseCodeByBuyer } from '@/server/licensing/codes/revoke-license-code-by-buyer';
import { applyStripeEvent } from '../support/stripe-events';
import {
  ALL_KEYS,
  INVALIDATION_CHANNEL,
  INVALIDATION_LISTENER_NAME,
  onInvalidation,
  publishInvalidation,
  startInvalidationListener,
  stopInvalidationListener,
  type InvalidationTopic,
} from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { logger } from '@/server/platform/logging/logger';
import { rememberProcessConfig } from '../support/process-config';

// Cache invalidation across instances (DESIGN.md "Platform decisions": caches): "another instance"
// is a separate connection running NOTIFY, or a second copy of the modules loaded apart, with caches
// and a listener of its own, as another instance has. (A production process loads the core once:
// tests/integration/one-core-per-process.test.ts.)

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);

/** The promise of every invalidation: within one second. Polled every 20 ms up to that deadline. */
const WITHIN_ONE_SECOND = { timeout: 1_000, interval: 20 };

let database: TestDatabase;
let ctx: { db: TestDatabase['db'] };
/** Another instance: its own connection, no module of ours. */
let other: pg.Client;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db };
  // Signing keys are sealed under APP_SECRET; a lazily started listener reads DATABASE_URL.
  process.env.DATABASE_URL = database.url;
  process.env.APP_SECRET = 'invalidation-test-secret-of-32-chars-or-more';
  resetEnvForTests();
  await startInvalidationListener(database.url);
  other = new pg.Client({ connectionString: database.url });
  await other.connect();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await stopInvalidationListener();
  await other?.end();
  await database?.drop();
  restoreConfig();
});

function notifyFromAnotherInstance(payload: string): Promise<unknown> {
  return other.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload]);
}

const publishFromAnotherInstance = (topic: InvalidationTopic, key: string) => notifyFromAnotherInstance(JSON.stringify({ topic, key }));

/** What another instance's listener hears on the channel, parsed, in order. */
async function listenElsewhere(): Promise<{ topic: string; key: string }[]> {
  const heard: { topic: string; key: string }[] = [];
  const elsewhere = new pg.Client({ connectionString: database.url });
  await elsewhere.connect();
  cleanups.push(() => elsewhere.end());
  elsewhere.on('notification', (message) => {
    try {
      heard.push(JSON.parse(message.payload ?? ''));
    } catch {
      heard.push({ topic: '(malformed)', key: message.payload ?? '' });
    }
  });
  await elsewhere.query(`listen ${pg.escapeIdentifier(INVALIDATION_CHANNEL)}`);
  return heard;
}

/** Keys a handler of this copy received on a topic, in order. */
function recordTopic(topic: InvalidationTopic): string[] {
  const received: string[] = [];
  cleanups.push(onInvalidation(topic, (key) => received.push(key)));
  return received;
}

/** 'accepted', or the Code of the refusal (compared by Code: a second module copy has its own error class). */
async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'accepted';
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

async function listenerPids(): Promise<number[]> {
  const result = await other.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1 and datname = current_database() order by pid',
    [INVALIDATION_LISTENER_NAME],
  );
  return result.rows.map((row) => row.pid);
}

/** A key that authenticates from this copy's cache while its row is already revoked in the database. */
async function keyCachedButRevokedInDatabase() {
  const seller = await createSeller(database.db);
  const created = await createApiKey(ctx, { sellerId: seller.id, label: 'backend' });
  await authenticateApiKey(ctx, created.key);
  // Revoked behind the caches' back (no notification): only the cached entry still accepts it.
  await other.query('update "ApiKey" set "revokedAt" = now() where id = $1', [created.id]);
  expect(await outcomeOf(authenticateApiKey(ctx, created.key))).toBe('accepted');
  return created;
}

/** A buyer's subscription license with its one seat and license code. */
async function mintedLicense() {
  const buyer = await database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com` } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 999, interval: 1, intervalUnit: 2 });
  const minted = await mintLicense(database.db, { offering, buyerAccountId: buyer.id, correlationId: null, seatCount: 1 });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { buyer, licenseId: minted.licenseId, codeId: code.id };
}

describe('cache invalidation over PostgreSQL LISTEN/NOTIFY', () => {
  it('a notification published by another instance reaches the handlers of this copy within one second', async () => {
    const codes = recordTopic(LICENSE_CODE_TOPIC);
    const seats = recordTopic(SEAT_TOPIC);
    await publishFromAnotherInstance(LICENSE_CODE_TOPIC, 'code-from-elsewhere');
    await vi.waitFor(() => expect(codes).toContain('code-from-elsewhere'), WITHIN_ONE_SECOND);
    // Only the handlers of the named topic hear it.
    expect(seats).toEqual([]);
  });

  it('what this copy publishes runs its own handlers at once and reaches other instances as {topic, key}', async () => {
    const statuses = recordTopic(LICENSE_STATUS_TOPIC);
    const heard = await listenElsewhere();
    await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, 'license-1');
    expect(statuses).toContain('license-1');
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: 'license-status', key: 'license-1' }), WITHIN_ONE_SECOND);
  });

  it('a key too long for a notification (PostgreSQL refuses 8000 bytes) is published as a flush of its topic', async () => {
    const seats = recordTopic(SEAT_TOPIC);
    await publishInvalidation(ctx, SEAT_TOPIC, 'x'.repeat(9_000));
    // Once at once in this copy, once more when this copy's listener hears its own notification.
    await vi.waitFor(() => expect(seats).toEqual([ALL_KEYS, ALL_KEYS]), WITHIN_ONE_SECOND);
  });

  it('a malformed notification or an unknown topic is ignored, and the next one is still delivered', async () => {
    const errors = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    cleanups.push(() => errors.mockRestore());
    const seats = recordTopic(SEAT_TOPIC);
    await notifyFromAnotherInstance('not json');
    await notifyFromAnotherInstance(JSON.stringify({ topic: 'no-such-topic', key: 'k' }));
    await publishFromAnotherInstance(SEAT_TOPIC, 'seat-after-garbage');
    await vi.waitFor(() => expect(seats).toEqual(['seat-after-garbage']), WITHIN_ONE_SECOND);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('a revoked API key cached in this copy is refused within one second of a revocation published by another instance', async () => {
    const created = await keyCachedButRevokedInDatabase();
    await publishFromAnotherInstance(API_KEY_TOPIC, hashApiKey(created.key));
    await vi.waitFor(async () => expect(await outcomeOf(authenticateApiKey(ctx, created.key))).toBe('ApiKeyInvalid'), WITHIN_ONE_SECOND);
  });

  it("a catalog edit published by another instance drops that seller's storefront and offerings within one second, not another seller's", async () => {
    catalogCache.set(catalogCacheKeys.storefront('edited'), 'storefront');
    catalogCache.set(catalogCacheKeys.offering('edited', 'offering-1'), 'offering');
    catalogCache.set(catalogCacheKeys.storefront('edited-too'), 'a seller whose id starts the same');
    catalogCache.set(catalogCacheKeys.storefront('untouched'), 'storefront');
    await publishFromAnotherInstance(CATALOG_TOPIC, 'edited');
    await vi.waitFor(() => {
      expect(catalogCache.get(catalogCacheKeys.storefront('edited'))).toBeUndefined();
      expect(catalogCache.get(catalogCacheKeys.offering('edited', 'offering-1'))).toBeUndefined();
    }, WITHIN_ONE_SECOND);
    expect(catalogCache.get(catalogCacheKeys.storefront('edited-too'))?.value).toBe('a seller whose id starts the same');
    expect(catalogCache.get(catalogCacheKeys.storefront('untouched'))?.value).toBe('storefront');
  });

  it('a buyer revoking a license code publishes license-code with the code id to every instance', async () => {
    const heard = await listenElsewhere();
    const { buyer, codeId } = await mintedLicense();
    await revokeLicenseCodeByBuyer(ctx, { codeId, buyerAccountId: buyer.id });
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: 'license-code', key: codeId }), WITHIN_ONE_SECOND);
  });

  it('a Stripe event that moves a license publishes license-status with the license id; a replay that changes nothing publishes nothing', async () => {
    const heard = await listenElsewhere();
    const { licenseId } = await mintedLicense();
    const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
    await database.db.license.update({ where: { id: licenseId }, data: { processorSubscriptionId: subscriptionId } });
    const pastDue = {
      id: `evt_${crypto.randomBytes(6).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: subscriptionId, object: 'subscription', status: 'past_due', pause_collection: null, metadata: {} } },
    } as unknown as Stripe.Event;

    expect(await applyStripeEvent(ctx, pastDue)).toBe('license-updated');
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: 'license-status', key: licenseId }), WITHIN_ONE_SECOND);
    expect(await applyStripeEvent(ctx, pastDue)).toBe('no-change');
    // Notifications arrive in order: once this marker is heard, a publish of the replay would have been too.
    await publishFromAnotherInstance(SEAT_TOPIC, 'marker');
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: 'seat', key: 'marker' }), WITHIN_ONE_SECOND);
    expect(heard.filter((message) => message.topic === 'license-status')).toEqual([{ topic: 'license-status', key: licenseId }]);
  });

  it('after its connection is killed the listener reconnects, flushes every cached entry and hears later notifications', async () => {
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    cleanups.push(() => warnings.mockRestore());
    const created = await keyCachedButRevokedInDatabase();
    const seats = recordTopic(SEAT_TOPIC);
    const killed = await listenerPids();
    expect(killed).toHaveLength(1);

    await other.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [killed]);
    // Reconnecting takes a backoff step and a connection; the flush follows at once.
    await vi.waitFor(async () => expect(await outcomeOf(authenticateApiKey(ctx, created.key))).toBe('ApiKeyInvalid'), { timeout: 3_000, interval: 20 });
    expect(seats).toContain(ALL_KEYS);
    const now = await listenerPids();
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(killed);

    await publishFromAnotherInstance(SEAT_TOPIC, 'seat-after-reconnect');
    await vi.waitFor(() => expect(seats).toContain('seat-after-reconnect'), WITHIN_ONE_SECOND);
  });

  describe('a second copy of the modules, loaded apart, as another instance', () => {
    type Copy = {
      authenticateApiKey: typeof authenticateApiKey;
      revokeApiKey: typeof revokeApiKey;
      rotateSigningKey: typeof import('@/server/keys/signing-keys').rotateSigningKey;
      stopInvalidationListener: typeof stopInvalidationListener;
    };
    let copy: Copy;

    beforeAll(async () => {
      vi.resetModules();
      copy = {
        ...(await import('@/server/api-keys/authenticate-api-key')),
        ...(await import('@/server/api-keys/revoke-api-key')),
        ...(await import('@/server/keys/signing-keys')),
        ...(await import('@/server/platform/invalidation/invalidation')),
      };
      cleanups.push(() => copy.stopInvalidationListener());
    });

    it('starts its own listener at its first cache read, without being started', async () => {
      expect(await listenerPids()).toHaveLength(1);
      const seller = await createSeller(database.db);
      const created = await createApiKey(ctx, { sellerId: seller.id, label: 'next copy' });
      await copy.authenticateApiKey(ctx, created.key);
      await vi.waitFor(async () => expect(await listenerPids()).toHaveLength(2), WITHIN_ONE_SECOND);
    });

    it('a key revoked through one copy is refused by the other within one second, both ways', async () => {
      const seller = await createSeller(database.db);
      const first = await createApiKey(ctx, { sellerId: seller.id, label: 'first' });
      const second = await createApiKey(ctx, { sellerId: seller.id, label: 'second' });
      for (const key of [first.key, second.key]) {
        await authenticateApiKey(ctx, key);
        await copy.authenticateApiKey(ctx, key);
      }

      await copy.revokeApiKey(ctx, { sellerId: seller.id, id: first.id });
      expect(await outcomeOf(copy.authenticateApiKey(ctx, first.key))).toBe('ApiKeyInvalid');
      await vi.waitFor(async () => expect(await outcomeOf(authenticateApiKey(ctx, first.key))).toBe('ApiKeyInvalid'), WITHIN_ONE_SECOND);

      await revokeApiKey(ctx, { sellerId: seller.id, id: second.id });
      await vi.waitFor(async () => expect(await outcomeOf(copy.authenticateApiKey(ctx, second.key))).toBe('ApiKeyInvalid'), WITHIN_ONE_SECOND);
    });

    it('a signing key added through one copy signs and is in the JWKS of the other within one second', async () => {
      const before = await getActiveSigningKey(ctx, 'runtime');
      await listPublicJwks(ctx, 'runtime');
      const { kid } = await copy.rotateSigningKey(ctx, 'runtime', { activateInSeconds: 0 });
      expect(kid).not.toBe(before.kid);
      await vi.waitFor(async () => {
        expect((await getActiveSigningKey(ctx, 'runtime')).kid).toBe(kid);
        expect((await listPublicJwks(ctx, 'runtime')).map((jwk) => jwk.kid)).toEqual([kid, before.kid]);
      }, WITHIN_ONE_SECOND);
    });

    it('a shutdown closes that copy’s listener only, and no cache read starts one again', async () => {
      const seller = await createSeller(database.db);
      const created = await createApiKey(ctx, { sellerId: seller.id, label: 'shutdown' });
      expect(await listenerPids()).toHaveLength(2);
      await stopInvalidationListener();
      await vi.waitFor(async () => expect(await listenerPids()).toHaveLength(1), WITHIN_ONE_SECOND);
      await copy.stopInvalidationListener();
      await vi.waitFor(async () => expect(await listenerPids()).toEqual([]), WITHIN_ONE_SECOND);

      await copy.authenticateApiKey(ctx, created.key);
      await authenticateApiKey(ctx, created.key);
      // A lazy start would have begun at those reads; one explicit start later only this copy listens.
      await startInvalidationListener(database.url);
      expect(await listenerPids()).toHaveLength(1);
    });
  });
});
