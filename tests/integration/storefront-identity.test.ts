import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@/server/errors';
import { changeIssuerClientId } from '@/server/sellers/change-issuer-client-id';
import { createSeller as createSellerService } from '@/server/sellers/create-seller';
import { logoPathOf, setSellerLogo } from '@/server/sellers/seller-logo';
import { updateSellerProfile } from '@/server/sellers/update-seller-profile';
import { MAX_FORMER_ISSUER_CLIENT_IDS } from '@/server/sellers/seller.schema';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// A seller's store: its name, its logo and an editable storefront id whose former values keep
// answering (apps embed the id), redirect on the storefront page, and are never another's.

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const ctx = () => ({ db: database.db });
const suffix = () => crypto.randomBytes(3).toString('hex');

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

// Smallest valid PNG (1×1, transparent).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

describe('changing the storefront id', () => {
  it('the old id keeps answering the catalog with the new ClientId, and the storefront page redirects permanently', async () => {
    const seller = await createSeller(database.db, { issuerClientId: `old-${suffix()}` });
    const product = await createProduct(database.db, seller.id);
    const offering = await createOffering(database.db, product);
    const oldId = seller.issuerClientId;
    const newId = `new-${suffix()}`;
    await changeIssuerClientId(ctx(), seller.id, { issuerClientId: newId });

    const storefront = await fetch(`${server.baseUrl}/purchase/${oldId}/offerings`);
    expect(storefront.status).toBe(200);
    expect((await storefront.json()).ClientId).toBe(newId);
    const detail = await fetch(`${server.baseUrl}/purchase/${oldId}/offerings/${offering.id}`);
    expect((await detail.json()).IssuerClientId).toBe(newId);

    const page = await fetch(`${server.baseUrl}/marketplace/${oldId}`, { redirect: 'manual' });
    expect(page.status).toBe(308);
    expect(new URL(page.headers.get('location')!, server.baseUrl).pathname).toBe(`/marketplace/${newId}`);
    expect((await fetch(`${server.baseUrl}/marketplace/${newId}`)).status).toBe(200);
  });

  it('another seller can take neither the current id nor a former one (ValidationError, Detail Taken on IssuerClientId)', async () => {
    const first = await createSeller(database.db, { issuerClientId: `held-${suffix()}` });
    const formerId = first.issuerClientId;
    await changeIssuerClientId(ctx(), first.id, { issuerClientId: `moved-${suffix()}` });
    const other = await createSeller(database.db);

    const taking = await refusal(changeIssuerClientId(ctx(), other.id, { issuerClientId: formerId }));
    expect(taking.details).toEqual([expect.objectContaining({ Code: 'Taken', Field: 'IssuerClientId' })]);
    const registering = await refusal(createSellerService(ctx(), { legalName: 'Squatter', issuerClientId: formerId }));
    expect(registering.details).toEqual([expect.objectContaining({ Code: 'Taken' })]);
    expect(await database.db.sellerFormerId.findUnique({ where: { issuerClientId: formerId } })).toMatchObject({ sellerId: first.id });
  });

  it('the database itself refuses a former id as another seller’s current one', async () => {
    const first = await createSeller(database.db, { issuerClientId: `db-${suffix()}` });
    const formerId = first.issuerClientId;
    await changeIssuerClientId(ctx(), first.id, { issuerClientId: `db-moved-${suffix()}` });
    await expect(createSeller(database.db, { issuerClientId: formerId })).rejects.toThrow();
  });

  it('reserved words are refused with Detail Reserved, and nothing changes', async () => {
    const seller = await createSeller(database.db);
    const refused = await refusal(changeIssuerClientId(ctx(), seller.id, { issuerClientId: 'checkout' }));
    expect(refused.details).toEqual([expect.objectContaining({ Code: 'Reserved', Field: 'IssuerClientId' })]);
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).issuerClientId).toBe(seller.issuerClientId);
  });

  it('a seller may take back its own former id, which then is no longer a former id', async () => {
    const seller = await createSeller(database.db, { issuerClientId: `back-${suffix()}` });
    const original = seller.issuerClientId;
    const interim = `interim-${suffix()}`;
    await changeIssuerClientId(ctx(), seller.id, { issuerClientId: interim });
    await changeIssuerClientId(ctx(), seller.id, { issuerClientId: original });
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).issuerClientId).toBe(original);
    const formers = await database.db.sellerFormerId.findMany({ where: { sellerId: seller.id } });
    expect(formers.map((former) => former.issuerClientId)).toEqual([interim]);
  });

  it(`after ${MAX_FORMER_ISSUER_CLIENT_IDS} changes the id cannot change again (Detail TooManyChanges)`, async () => {
    const seller = await createSeller(database.db);
    for (let change = 0; change < MAX_FORMER_ISSUER_CLIENT_IDS; change++) await changeIssuerClientId(ctx(), seller.id, { issuerClientId: `step-${change}-${suffix()}` });
    const refused = await refusal(changeIssuerClientId(ctx(), seller.id, { issuerClientId: `one-more-${suffix()}` }));
    expect(refused.details).toEqual([expect.objectContaining({ Code: 'TooManyChanges' })]);
  });
});

describe('store name and logo', () => {
  it('the storefront page shows the store name rather than the contact name', async () => {
    const seller = await createSeller(database.db, { contactName: 'Ada Auditor', legalName: 'Auditor Ltd' });
    await updateSellerProfile(ctx(), seller.id, { storeName: 'Ledger Tools', contactName: 'Ada Auditor', legalName: 'Auditor Ltd' });
    const html = await (await fetch(`${server.baseUrl}/marketplace/${seller.issuerClientId}`)).text();
    expect(html).toContain('Ledger Tools');
    expect(html).not.toContain('Ada Auditor');
    expect(html).not.toContain('Demo storefront');
  });

  it('the terms and privacy links are https addresses: saved, kept when not sent, cleared when blank, and anything else refused on its field', async () => {
    const seller = await createSeller(database.db, { legalName: 'Policies Ltd' });
    const names = { storeName: 'Policies', legalName: 'Policies Ltd' };
    await updateSellerProfile(ctx(), seller.id, { ...names, termsUrl: 'https://policies.example/terms', privacyUrl: ' https://policies.example/privacy ' });
    const stored = () => database.db.seller.findUniqueOrThrow({ where: { id: seller.id }, select: { termsUrl: true, privacyUrl: true } });
    expect(await stored()).toEqual({ termsUrl: 'https://policies.example/terms', privacyUrl: 'https://policies.example/privacy' });
    await updateSellerProfile(ctx(), seller.id, names);
    expect(await stored()).toEqual({ termsUrl: 'https://policies.example/terms', privacyUrl: 'https://policies.example/privacy' });
    const refused = await refusal(updateSellerProfile(ctx(), seller.id, { ...names, termsUrl: 'http://policies.example/terms', privacyUrl: 'javascript:alert(1)' }));
    expect(refused.details).toEqual([
      { Code: 'Invalid', Message: 'Enter the full https:// address of the page.', Field: 'TermsUrl' },
      { Code: 'Invalid', Message: 'Enter the full https:// address of the page.', Field: 'PrivacyUrl' },
    ]);
    await updateSellerProfile(ctx(), seller.id, { ...names, termsUrl: '', privacyUrl: ' ' });
    expect(await stored()).toEqual({ termsUrl: null, privacyUrl: null });
  });

  it('a store name over 80 characters is refused with a human message on StoreName', async () => {
    const seller = await createSeller(database.db);
    const refused = await refusal(updateSellerProfile(ctx(), seller.id, { storeName: 'x'.repeat(81), legalName: 'Long Names Ltd' }));
    expect(refused.details).toEqual([{ Code: 'TooLong', Message: 'Use at most 80 characters.', Field: 'StoreName' }]);
  });

  it('a blank store name or legal name is refused naming each field, and nothing is saved', async () => {
    const seller = await createSeller(database.db, { legalName: 'Kept Ltd' });
    const refused = await refusal(updateSellerProfile(ctx(), seller.id, { storeName: '  ', contactName: 'Someone', legalName: '' }));
    expect(refused.details).toEqual([
      { Code: 'TooShort', Message: 'Enter the name buyers see.', Field: 'StoreName' },
      { Code: 'TooShort', Message: 'Enter your legal name.', Field: 'LegalName' },
    ]);
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).legalName).toBe('Kept Ltd');
  });

  it('a PNG logo is served with its type, nosniff and a sandboxing CSP; SVG, unknown bytes and oversized files are refused', async () => {
    const seller = await createSeller(database.db);
    await setSellerLogo(ctx(), seller.id, PNG);
    const logo = await fetch(`${server.baseUrl}/marketplace/${seller.issuerClientId}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    expect(logo.headers.get('cache-control')).toBe('public, max-age=300');

    // The address pages use names the upload: kept for good, and a new upload is a new address.
    const stored = await database.db.sellerLogo.findUniqueOrThrow({ where: { sellerId: seller.id } });
    const versioned = logoPathOf(seller.issuerClientId, stored)!;
    expect((await fetch(`${server.baseUrl}${versioned}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await setSellerLogo(ctx(), seller.id, PNG);
    const replaced = logoPathOf(seller.issuerClientId, await database.db.sellerLogo.findUniqueOrThrow({ where: { sellerId: seller.id } }))!;
    expect(replaced).not.toBe(versioned);
    expect((await fetch(`${server.baseUrl}${versioned}`)).headers.get('cache-control')).toBe('public, max-age=300');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await refusal(setSellerLogo(ctx(), seller.id, svg))).details?.[0]).toMatchObject({ Field: 'Logo' });
    const huge = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    expect((await refusal(setSellerLogo(ctx(), seller.id, huge))).details?.[0]?.Message).toContain('256 KB');
    const kept = await database.db.sellerLogo.findUniqueOrThrow({ where: { sellerId: seller.id } });
    expect(Buffer.from(kept.bytes).equals(PNG)).toBe(true);
  });

  it('a store without a logo answers 404 on its logo address', async () => {
    const seller = await createSeller(database.db);
    expect((await fetch(`${server.baseUrl}/marketplace/${seller.issuerClientId}/logo`)).status).toBe(404);
  });
});
