import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogStatus } from '@/server/catalog/catalog-enums';
import type { Db } from '@/server/db';
import { initialsOf, listStorefronts, STOREFRONTS_PAGE_SIZE } from '@/server/marketplace/list-storefronts';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The marketplace (/marketplace): storefronts of sellers with at least one listed offering, by the
// name buyers see, searchable, in pages.

let database: TestDatabase;
let ctx: { db: Db };

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db };
});

afterAll(async () => {
  await database?.drop();
});

async function store(names: { storeName?: string | null; contactName?: string | null; legalName?: string | null }, offering: { listed?: boolean; status?: number; productStatus?: number; productName?: string } = {}) {
  const seller = await createSeller(database.db, { contactName: names.contactName ?? null, legalName: names.legalName ?? null });
  if (names.storeName !== undefined) await database.db.seller.update({ where: { id: seller.id }, data: { storeName: names.storeName } });
  const product = await createProduct(database.db, seller.id, { name: offering.productName ?? 'Some product', status: offering.productStatus ?? CatalogStatus.Active });
  await createOffering(database.db, product, { listed: offering.listed ?? true, status: offering.status ?? CatalogStatus.Active });
  return seller;
}

describe('the marketplace lists storefronts', () => {
  it('only sellers with a listed offering (listed, active, of an active product), by store name, else the display name', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const zeta = await store({ storeName: `Zeta ${tag}`, contactName: 'Contact of Zeta' });
    const alpha = await store({ storeName: null, contactName: `alpha ${tag}` });
    const beta = await store({ storeName: `  `, legalName: `Beta ${tag} Ltd` });
    await store({ storeName: `Unlisted ${tag}` }, { listed: false });
    await store({ storeName: `Draft ${tag}` }, { status: CatalogStatus.Draft });
    await store({ storeName: `Archived product ${tag}` }, { productStatus: CatalogStatus.Archived });

    const result = await listStorefronts(ctx, { query: tag });
    expect(result.storefronts.map((card) => [card.issuerClientId, card.name])).toEqual([
      [alpha.issuerClientId, `alpha ${tag}`],
      [beta.issuerClientId, `Beta ${tag} Ltd`],
      [zeta.issuerClientId, `Zeta ${tag}`],
    ]);
    expect(result.total).toBe(3);
    expect(result.storefronts[2]).toMatchObject({ initials: 'Z' + tag[0]!.toUpperCase(), logoPath: null, listedOfferings: 1, productNames: ['Some product'] });
  });

  it('a search matches product names too, treats % and _ literally, and a seller with a logo says so', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const seller = await store({ storeName: 'Plain store' }, { productName: `Render ${tag} Suite` });
    await database.db.sellerLogo.create({ data: { sellerId: seller.id, contentType: 'image/png', bytes: Buffer.from([137, 80, 78, 71]) } });
    const found = await listStorefronts(ctx, { query: `render ${tag}` });
    expect(found.storefronts).toEqual([expect.objectContaining({ issuerClientId: seller.issuerClientId, logoPath: expect.stringMatching(new RegExp(`^/marketplace/${seller.issuerClientId}/logo\\?v=[0-9a-z]+$`)) })]);
    expect((await listStorefronts(ctx, { query: `%${tag}` })).total).toBe(0);
    expect((await listStorefronts(ctx, { query: `Render_${tag}` })).total).toBe(0);
  });

  it('pages of 24; a page past the end shows the last', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    for (let i = 0; i < STOREFRONTS_PAGE_SIZE + 1; i++) await store({ storeName: `Paged ${tag} ${String(i).padStart(2, '0')}` });
    const first = await listStorefronts(ctx, { query: `Paged ${tag}` });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: STOREFRONTS_PAGE_SIZE + 1 });
    expect(first.storefronts).toHaveLength(STOREFRONTS_PAGE_SIZE);
    const last = await listStorefronts(ctx, { query: `Paged ${tag}`, page: 7 });
    expect(last.page).toBe(2);
    expect(last.storefronts.map((card) => card.name)).toEqual([`Paged ${tag} ${STOREFRONTS_PAGE_SIZE}`]);
  });

  it('initials: two words give two letters, one word one', () => {
    expect(initialsOf('Demo Studio Team')).toBe('DS');
    expect(initialsOf('acme')).toBe('A');
    expect(initialsOf('Ünïcode Ørg')).toBe('ÜØ');
  });
});
