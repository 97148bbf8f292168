import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiKey } from '@/server/api-keys/authenticate-api-key';
import { DomainError } from '@/server/errors';
import { runAdminCommand, runDbSeed } from '../support/admin-cli';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The operator command line, run as the operator runs it (`npm run admin -- …`).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const admin = (...args: string[]) => runAdminCommand({ DATABASE_URL: database.url, APP_SECRET: 'admin-cli-test-secret-of-32-chars-or-more' }, ...args);

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

describe('npm run admin', () => {
  it('create-seller then create-api-key prints the key alone on the last line, and the key authenticates', async () => {
    const seller = await admin('create-seller', '--legal-name', 'Cli Tools Ltd', '--contact-name', 'Ada', '--owner-email', 'Owner@Example.com');
    expect(seller.stderr).toBe('');
    expect(seller.status).toBe(0);
    const issuerClientId = /issuerClientId: (\S+)/.exec(seller.stdout)?.[1];
    expect(issuerClientId).toMatch(/^cli-tools-ltd-[a-z0-9]{5}$/);
    const row = await database.db.seller.findUniqueOrThrow({ where: { issuerClientId }, include: { members: { include: { account: true } } } });
    expect(row.members).toEqual([expect.objectContaining({ role: 'Owner', account: expect.objectContaining({ email: 'owner@example.com' }) })]);

    const created = await admin('create-api-key', '--issuer', issuerClientId!, '--label', 'ci');
    expect(created.status).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^SVC_AK_[A-Z2-7]{8}_[A-Za-z0-9_-]{43}$/);
    expect(await authenticateApiKey({ db: database.db }, key)).toMatchObject({ sellerId: row.id, issuerClientId });
  }, 60_000);

  it('create-api-key without --label exits 2 with a message naming it, before touching the database', async () => {
    const result = await admin('create-api-key', '--issuer', 'whoever');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--label');
    expect(result.stdout).toBe('');
  });

  it('bad arguments exit 2: unknown command, unknown option, reserved issuerClientId', async () => {
    for (const args of [['frobnicate'], ['create-seller', '--legal-name', 'X', '--colour', 'red'], ['create-seller']]) {
      const result = await admin(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/Error: /);
    }
    const reserved = await admin('create-seller', '--legal-name', 'X', '--issuer-client-id', 'checkout');
    expect(reserved.status).toBe(2);
    expect(reserved.stderr).toContain('Reserved');
  }, 60_000);

  it('create-api-key --scopes --expires-in-days makes a restricted key that expires; an unknown scope or a bad number of days exits 2', async () => {
    await admin('create-seller', '--legal-name', 'Scoper', '--issuer-client-id', 'scoper-cli');
    const created = await admin('create-api-key', '--issuer', 'scoper-cli', '--label', 'reporting', '--scopes', 'licenses:read, events:read', '--expires-in-days', '90');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('access:  licenses:read, events:read');
    const key = lastLine(created.stdout);
    const principal = await authenticateApiKey({ db: database.db }, key);
    expect(principal.grant).toEqual(['licenses:read', 'events:read']);
    expect(Math.abs(principal.expiresAt! - (Date.now() + 90 * 86_400_000))).toBeLessThan(120_000);
    for (const [args, named] of [
      [['--scopes', 'licenses:read,everything'], '"everything"'],
      [['--expires-in-days', 'soon'], '--expires-in-days'],
    ] as const) {
      const refused = await admin('create-api-key', '--issuer', 'scoper-cli', '--label', 'bad', ...args);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(named);
    }
    expect(await database.db.apiKey.count({ where: { label: 'bad' } })).toBe(0);
  }, 60_000);

  it('create-api-key for an unknown issuer exits 1', async () => {
    const result = await admin('create-api-key', '--issuer', 'no-such-seller', '--label', 'ci');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no-such-seller');
  }, 60_000);

  it('revoke-api-key by prefix revokes the key', async () => {
    await admin('create-seller', '--legal-name', 'Revoker', '--issuer-client-id', 'revoker-cli');
    const key = lastLine((await admin('create-api-key', '--issuer', 'revoker-cli', '--label', 'old')).stdout);
    const revoked = await admin('revoke-api-key', key.slice(0, 'SVC_AK_XXXXXXXX'.length));
    expect(revoked.status).toBe(0);
    const error = await authenticateApiKey({ db: database.db }, key).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('ApiKeyInvalid');
    expect((await admin('revoke-api-key')).status).toBe(2);
  }, 60_000);

  it('rotate-signing-key adds a version and keeps every older one', async () => {
    const first = await admin('rotate-signing-key');
    expect(first.status).toBe(0);
    const second = await admin('rotate-signing-key', '--purpose', 'runtime');
    expect(second.status).toBe(0);
    const kids = (await database.db.signingKey.findMany({ where: { purpose: 'runtime' }, orderBy: { createdAt: 'asc' } })).map((key) => key.kid);
    expect(kids).toHaveLength(2);
    expect(first.stdout).toContain(kids[0]);
    expect(second.stdout).toContain(kids[1]);
    expect((await admin('rotate-signing-key', '--purpose', 'nonsense')).status).toBe(2);
  }, 60_000);

  it('help lists every command', async () => {
    const result = await admin('help');
    expect(result.status).toBe(0);
    for (const command of ['create-seller', 'create-api-key', 'revoke-api-key', 'rotate-signing-key', 'reseal-secrets', 'retry-processor-calls', 'reconcile']) expect(result.stdout).toContain(command);
  });

  it('retry-processor-calls queues the calls given up on again; an unknown id exits 1', async () => {
    await admin('create-seller', '--legal-name', 'Processor', '--issuer-client-id', 'processor-cli');
    const seller = await database.db.seller.findUniqueOrThrow({ where: { issuerClientId: 'processor-cli' } });
    const product = await database.db.product.create({ data: { sellerId: seller.id, name: 'P' } });
    const offering = await database.db.offering.create({ data: { sellerId: seller.id, productId: product.id, name: 'O', classification: 1 } });
    const license = await database.db.license.create({ data: { sellerId: seller.id, offeringId: offering.id, classification: 1, processorSubscriptionId: 'sub_cli' } });
    const call = await database.db.processorCall.create({ data: { licenseId: license.id, action: 'pause', status: 'attention', attempts: 10 } });
    const retried = await admin('retry-processor-calls');
    expect(retried.status).toBe(0);
    expect(retried.stdout).toContain('1 processor call(s) queued again');
    expect(await database.db.processorCall.findUniqueOrThrow({ where: { id: call.id } })).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await admin('retry-processor-calls', 'no-such-call')).status).toBe(1);
    expect((await admin('retry-processor-calls', 'a', 'b')).status).toBe(2);
  }, 60_000);

  it('reconcile without Stripe configured compares nothing and says so', async () => {
    const result = await admin('reconcile');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Compared 0 license(s) with Stripe.');
  }, 60_000);
});

describe('npm run db:seed', () => {
  it('seeds the demo seller from the built core, and again without a second copy', async () => {
    const env = { DATABASE_URL: database.url, APP_SECRET: 'admin-cli-test-secret-of-32-chars-or-more' };
    for (let run = 0; run < 2; run++) {
      const seeded = await runDbSeed(env);
      expect(seeded.stderr).toBe('');
      expect(seeded.status).toBe(0);
      expect(seeded.stdout).toContain('Demo seller seeded (issuerClientId "demo").');
    }
    expect(await database.db.seller.count({ where: { issuerClientId: 'demo' } })).toBe(1);
  }, 60_000);
});

describe('local-processor-event', () => {
  /** A paid order of the local processor and its license, as its Pay leaves them. */
  async function localOrder() {
    const { createOffering, createProduct, createSeller } = await import('../support/factories');
    const seller = await createSeller(database.db, { checkoutReady: true });
    const offering = await createOffering(database.db, await createProduct(database.db, seller.id), { classification: 2, priceMinor: 4000 });
    const order = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, processor: 'local', status: 'completed', amountMinor: 4000n },
    });
    await database.db.checkout.update({ where: { id: order.id }, data: { processorPaymentId: `local_pay_${order.id}` } });
    const license = await database.db.license.create({ data: { sellerId: seller.id, offeringId: offering.id, checkoutId: order.id, classification: 2, seats: { create: {} } } });
    return { orderId: order.id, licenseId: license.id };
  }

  it('reports a dispute opened then lost, and a refund made at the processor, with the rules Stripe’s events follow', async () => {
    const order = await localOrder();
    expect((await admin('local-processor-event', order.orderId, 'dispute-opened')).stdout).toContain('dispute-opened on order');
    expect(await database.db.license.findUniqueOrThrow({ where: { id: order.licenseId } })).toMatchObject({ status: 'Suspended', statusReason: 'Disputed' });
    await admin('local-processor-event', order.orderId, 'dispute-lost');
    expect(await database.db.license.findUniqueOrThrow({ where: { id: order.licenseId } })).toMatchObject({ status: 'Cancelled', statusReason: 'Disputed' });

    const refunded = await localOrder();
    expect((await admin('local-processor-event', refunded.orderId, 'refunded', '--amount', '10.50')).status).toBe(0);
    expect(await database.db.refund.findMany({ where: { checkoutId: refunded.orderId } })).toEqual([expect.objectContaining({ amountMinor: 1050n, source: 'processor', licenseAction: 'keep' })]);
  });

  it('refuses what it cannot report: a bad kind or amount exits 2, an unknown order exits 1', async () => {
    expect((await admin('local-processor-event', 'some-order', 'chargeback')).status).toBe(2);
    expect((await admin('local-processor-event', 'some-order', 'refunded', '--amount', '-3')).status).toBe(2);
    expect((await admin('local-processor-event', 'some-order')).status).toBe(2);
    const unknown = await admin('local-processor-event', 'no-such-order', 'dispute-opened');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No paid order of the local processor');
  });
});
