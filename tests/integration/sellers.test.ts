import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@/server/errors';
import { createSeller } from '@/server/sellers/create-seller';
import { RESERVED_ISSUER_CLIENT_IDS } from '@/server/sellers/seller.schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let ctx: { db: TestDatabase['db'] };

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db };
});
afterAll(async () => {
  await database?.drop();
});

const ISSUER_CLIENT_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

async function validationDetailsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('ValidationError');
  return (error as DomainError).details ?? [];
}

describe('createSeller: issuerClientId', () => {
  it('is generated from the legal name as a lower-case slug with a random suffix', async () => {
    const seller = await createSeller(ctx, { legalName: 'Acme Tööls, Inc.', contactName: 'Jane' });
    expect(seller.issuerClientId).toMatch(/^acme-tools-inc-[a-z0-9]{5}$/);
    expect(seller.legalName).toBe('Acme Tööls, Inc.');
    expect(seller.contactName).toBe('Jane');
  });

  it('is generated from the contact name without a legal name, and as seller-xxxxx without any name', async () => {
    expect((await createSeller(ctx, { contactName: 'Jane Doe' })).issuerClientId).toMatch(/^jane-doe-[a-z0-9]{5}$/);
    expect((await createSeller(ctx, {})).issuerClientId).toMatch(/^seller-[a-z0-9]{5}$/);
    expect((await createSeller(ctx, { legalName: '株式会社' })).issuerClientId).toMatch(/^seller-[a-z0-9]{5}$/);
  });

  it('a generated one is always 3-40 characters of [a-z0-9-], safe in an app and a URL', async () => {
    const names = ['A', 'x'.repeat(200), '--Weird__Name--', 'Dots.and/slashes?', 'checkout', 'a-'.repeat(30)];
    for (const legalName of names) {
      const { issuerClientId } = await createSeller(ctx, { legalName });
      expect(issuerClientId.length).toBeGreaterThanOrEqual(3);
      expect(issuerClientId.length).toBeLessThanOrEqual(40);
      expect(issuerClientId).toMatch(ISSUER_CLIENT_ID);
      expect(encodeURIComponent(issuerClientId)).toBe(issuerClientId);
      expect(RESERVED_ISSUER_CLIENT_IDS.has(issuerClientId)).toBe(false);
    }
  });

  it('a given one is kept when well formed', async () => {
    expect((await createSeller(ctx, { legalName: 'Acme', issuerClientId: 'acme-42' })).issuerClientId).toBe('acme-42');
  });

  it('a malformed one is refused with ValidationError on IssuerClientId', async () => {
    const cases: [string, string][] = [
      ['Acme', 'InvalidFormat'],
      ['acme tools', 'InvalidFormat'],
      ['acme_tools', 'InvalidFormat'],
      ['-acme', 'InvalidFormat'],
      ['acme-', 'InvalidFormat'],
      ['ab', 'TooShort'],
      ['a'.repeat(41), 'TooLong'],
    ];
    for (const [issuerClientId, code] of cases) {
      const details = await validationDetailsOf(createSeller(ctx, { legalName: 'Acme', issuerClientId }));
      expect(details).toContainEqual(expect.objectContaining({ Field: 'IssuerClientId', Code: code }));
    }
  });

  it('a reserved route word is refused with Detail Code Reserved', async () => {
    const words = ['checkout', 'offerings', 'runtime', 'licensing', 'licensing-mgmt', 'consumption', 'purchase', 'marketplace', 'api', 'admin', 'identity', 'portal', 'login', 'register', 'claim', 'licenses', 'dev'];
    for (const issuerClientId of words) {
      const details = await validationDetailsOf(createSeller(ctx, { legalName: 'Acme', issuerClientId }));
      expect(details).toEqual([expect.objectContaining({ Field: 'IssuerClientId', Code: 'Reserved' })]);
    }
    expect(await database.db.seller.count({ where: { issuerClientId: { in: words } } })).toBe(0);
  });

  it('a taken one is refused with Detail Code Taken, also when two creates race', async () => {
    await createSeller(ctx, { legalName: 'First', issuerClientId: 'taken-id' });
    const details = await validationDetailsOf(createSeller(ctx, { legalName: 'Second', issuerClientId: 'taken-id' }));
    expect(details).toEqual([expect.objectContaining({ Field: 'IssuerClientId', Code: 'Taken' })]);

    const results = await Promise.allSettled([1, 2, 3].map((n) => createSeller(ctx, { legalName: `Racer ${n}`, issuerClientId: 'race-id' })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as DomainError).details?.[0]?.Code).toBe('Taken');
    }
  });
});

describe('createSeller: owner', () => {
  it('makes the owner account an Owner member of the new seller', async () => {
    const account = await database.db.account.create({ data: { email: 'owner@example.com' } });
    const seller = await createSeller(ctx, { legalName: 'Owned Ltd', ownerAccountId: account.id });
    const members = await database.db.sellerMember.findMany({ where: { sellerId: seller.id } });
    expect(members).toEqual([expect.objectContaining({ accountId: account.id, role: 'Owner' })]);
  });

  it('creates no membership without an owner', async () => {
    const seller = await createSeller(ctx, { legalName: 'Ownerless Ltd' });
    expect(await database.db.sellerMember.count({ where: { sellerId: seller.id } })).toBe(0);
  });

  it('an unknown owner account creates nothing (one transaction)', async () => {
    const error = await createSeller(ctx, { legalName: 'Ghost', issuerClientId: 'ghost-owner', ownerAccountId: 'no-such-account' }).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('NotFound');
    expect(await database.db.seller.count({ where: { issuerClientId: 'ghost-owner' } })).toBe(0);
  });
});
