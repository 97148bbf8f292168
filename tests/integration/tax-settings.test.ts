import crypto from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { Prisma } from '@/generated/prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf } from '@/server/platform/database/sql-error';
import { appRouter } from '@/server/trpc/app-router';
import { createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The seller's tax settings (store settings page, "Tax"): collection on or off, prices inclusive or
// exclusive, the tax id printed on receipts, the origin address tax is worked out from. Through
// portal.updateTaxSettings as a signed-in seller member: each rule refused with a ValidationError
// naming the field as the form names it, the stored values, the address kept when collection is
// turned off, and the procedure acting for the session's seller only.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type Session = { accountId: string; email: string };
const as = (session: Session | null) => appRouter.createCaller({ db: database.db, session });

async function person(): Promise<Session> {
  const account = await database.db.account.create({ data: { email: `${crypto.randomUUID()}@example.test` } });
  return { accountId: account.id, email: account.email };
}

/** A seller with an Owner member signed in, and its portal as that member. */
async function sellerWithOwner() {
  const seller = await createSeller(database.db);
  const owner = await person();
  await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: owner.accountId, role: 'Owner' } });
  return { seller, owner, portal: as(owner).portal };
}

const storedTax = (sellerId: string) =>
  database.db.seller.findUniqueOrThrow({ where: { id: sellerId }, select: { taxCollection: true, taxBehavior: true, taxId: true, originAddress: true } });

/** The TRPCError a call ends with, and the ApiError Code and Details behind it (what the form shows). */
async function refusal(call: Promise<unknown>): Promise<{ code: string; apiCode: string | null; details: { Field: string; Code: string; Message: string }[] }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause as { apiCode?: string; details?: { Field: string; Code: string; Message: string }[] } | undefined;
  return { code: (error as TRPCError).code, apiCode: cause?.apiCode ?? null, details: cause?.details ?? [] };
}

const BERLIN = { line1: 'Friedrichstraße 1', city: 'Berlin', postalCode: '10117', state: '', country: 'de' };

describe('turning tax collection on', () => {
  it('stores the behaviour, the trimmed tax id and the address (country upper case, blank lines left out), and the store settings read them back', async () => {
    const { seller, portal } = await sellerWithOwner();
    const saved = await portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'inclusive', taxId: '  DE 123/456.789-0 ', originAddress: BERLIN });
    const expected = {
      taxCollection: true,
      taxBehavior: 'inclusive',
      taxId: 'DE 123/456.789-0',
      originAddress: { line1: 'Friedrichstraße 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
    };
    expect(saved).toEqual(expected);
    expect(await storedTax(seller.id)).toEqual(expected);
    expect((await portal.settings()).tax).toEqual(expected);
  });

  it('a new seller collects no tax, prices exclusive, with no tax id and no address', async () => {
    const { portal } = await sellerWithOwner();
    expect((await portal.settings()).tax).toEqual({ taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: null });
  });

  it.each([
    ['no address at all', null],
    ['an address of blank fields', { line1: ' ', city: '', postalCode: '', state: '', country: '' }],
    ['an address without its country', { line1: '1 Main St', city: 'Springfield', postalCode: '12345', state: 'IL' }],
  ])('with %s is a ValidationError naming OriginAddress.Country in plain words, and nothing is written', async (_, originAddress) => {
    const { seller, portal } = await sellerWithOwner();
    const refused = await refusal(portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive', taxId: 'EIN 12-3456789', originAddress }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', apiCode: 'ValidationError' });
    expect(refused.details).toEqual([{ Field: 'OriginAddress.Country', Code: 'Required', Message: 'Choose the country you sell from: tax is worked out from it.' }]);
    expect(await storedTax(seller.id)).toEqual({ taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: null });
  });

  it('with the address left out, the stored one serves; without one stored it is refused naming OriginAddress.Country', async () => {
    const { seller, portal } = await sellerWithOwner();
    const refused = await refusal(portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive' }));
    expect(refused.details).toEqual([expect.objectContaining({ Field: 'OriginAddress.Country', Code: 'Required' })]);

    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', originAddress: { country: 'US', state: 'CA' } });
    await portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive' });
    expect(await storedTax(seller.id)).toMatchObject({ taxCollection: true, originAddress: { country: 'US', state: 'CA' } });
  });
});

describe('turning tax collection off', () => {
  it('keeps the origin address and the tax id, so turning it on again needs nothing retyped', async () => {
    const { seller, portal } = await sellerWithOwner();
    await portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive', taxId: 'GB123456789', originAddress: { city: 'London', country: 'GB' } });
    // As the form sends it (the address shown), and as a caller that leaves the address out.
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', taxId: 'GB123456789', originAddress: { city: 'London', country: 'GB' } });
    expect(await storedTax(seller.id)).toEqual({ taxCollection: false, taxBehavior: 'exclusive', taxId: 'GB123456789', originAddress: { city: 'London', country: 'GB' } });
    await portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'inclusive' });
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'inclusive' });
    expect(await storedTax(seller.id)).toEqual({ taxCollection: false, taxBehavior: 'inclusive', taxId: 'GB123456789', originAddress: { city: 'London', country: 'GB' } });
  });

  it('an address emptied (or null) while collection is off is cleared, and a blank tax id clears the tax id', async () => {
    const { seller, portal } = await sellerWithOwner();
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', taxId: 'FR12345678901', originAddress: { country: 'FR' } });
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', taxId: '  ', originAddress: { line1: '', city: '', postalCode: '', state: '', country: '' } });
    expect(await storedTax(seller.id)).toEqual({ taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: null });
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', originAddress: { country: 'FR' } });
    await portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: null });
    expect((await storedTax(seller.id)).originAddress).toBeNull();
  });

  it('an address without its country is refused even then (the service could not use it), naming OriginAddress.Country', async () => {
    const { seller, portal } = await sellerWithOwner();
    const refused = await refusal(portal.updateTaxSettings({ taxCollection: false, taxBehavior: 'exclusive', originAddress: { city: 'Paris' } }));
    expect(refused.details).toEqual([{ Field: 'OriginAddress.Country', Code: 'Required', Message: 'Choose the country of this address, or clear the address.' }]);
    expect((await storedTax(seller.id)).originAddress).toBeNull();
  });
});

describe('each field’s rule', () => {
  it.each([
    ['a one-character tax id', 'TaxId', 'TooShort', 'A tax id has at least 2 characters.', { taxId: 'X' }],
    ['a tax id over 40 characters', 'TaxId', 'TooLong', 'A tax id has at most 40 characters.', { taxId: 'DE'.repeat(21) }],
    ['a tax id with other characters', 'TaxId', 'InvalidFormat', 'Use letters, digits, spaces and - . / only.', { taxId: 'DE#123_456' }],
    ['a behaviour other than the two', 'TaxBehavior', 'InvalidValue', 'Choose whether your prices include tax or have it added.', { taxBehavior: 'gross' }],
    ['a country that is no two-letter code', 'OriginAddress.Country', 'InvalidFormat', 'A country is a two-letter ISO 3166 code such as DE.', { originAddress: { country: 'Germany' } }],
    ['an address line over 200 characters', 'OriginAddress.Line1', 'TooLong', 'Use at most 200 characters.', { originAddress: { line1: 'x'.repeat(201), country: 'DE' } }],
    ['a postal code over 20 characters', 'OriginAddress.PostalCode', 'TooLong', 'Use at most 20 characters.', { originAddress: { postalCode: '1'.repeat(21), country: 'DE' } }],
  ])('%s is refused naming %s (%s), and nothing is written', async (_, field, code, message, change) => {
    const { seller, portal } = await sellerWithOwner();
    const refused = await refusal(portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive', originAddress: { country: 'DE' }, ...change }));
    expect(refused.apiCode).toBe('ValidationError');
    expect(refused.details).toEqual([{ Field: field, Code: code, Message: message }]);
    expect((await storedTax(seller.id)).taxCollection).toBe(false);
  });

  it('several refused fields come back together, each named', async () => {
    const { portal } = await sellerWithOwner();
    const refused = await refusal(portal.updateTaxSettings({ taxCollection: true, taxBehavior: 'exclusive', taxId: 'X', originAddress: { city: 'Oslo' } }));
    expect(refused.details.map((detail) => detail.Field).sort()).toEqual(['OriginAddress.Country', 'TaxId']);
  });

  it('the database itself refuses collection with no address, or with one lacking its country (Seller_tax_origin)', async () => {
    const { seller } = await sellerWithOwner();
    for (const originAddress of [Prisma.DbNull, { city: 'Oslo' }]) {
      const error = await database.db.seller.update({ where: { id: seller.id }, data: { taxCollection: true, originAddress } }).catch((thrown: unknown) => thrown);
      expect(sqlStateOf(error)).toBe('23514');
      expect(String(error)).toContain('Seller_tax_origin');
    }
    expect((await storedTax(seller.id)).taxCollection).toBe(false);
  });
});

describe('whose settings change', () => {
  it('the procedure acts for the session’s seller only: a seller id in the input is ignored, and the other seller is unchanged', async () => {
    const mine = await sellerWithOwner();
    const other = await sellerWithOwner();
    const input = { taxCollection: true, taxBehavior: 'exclusive', originAddress: { country: 'NL' }, sellerId: other.seller.id };
    await mine.portal.updateTaxSettings(input);
    expect((await storedTax(mine.seller.id)).taxCollection).toBe(true);
    expect(await storedTax(other.seller.id)).toEqual({ taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: null });
  });

  it('without a session it is UNAUTHORIZED, and a person who sells nothing is NotFound; nothing is written', async () => {
    const input = { taxCollection: true, taxBehavior: 'exclusive', originAddress: { country: 'BE' } };
    expect(await refusal(as(null).portal.updateTaxSettings(input))).toMatchObject({ code: 'UNAUTHORIZED', apiCode: null });
    expect(await refusal(as(await person()).portal.updateTaxSettings(input))).toMatchObject({ code: 'NOT_FOUND', apiCode: 'NotFound' });
    expect(await database.db.seller.count({ where: { taxCollection: true, originAddress: { equals: { country: 'BE' } } } })).toBe(0);
  });
});
