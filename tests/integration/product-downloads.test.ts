import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addProductDownload, listSellerProductDownloads, removeProductDownload } from '@/server/catalog/manage/product-downloads';
import { PRODUCT_DOWNLOADS_MAX } from '@/server/catalog/manage/product-media-rules';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getSaleCodesForBuyer } from '@/server/checkout/get-checkout-result';
import { payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { listBuyerLicenses } from '@/server/licensing/licenses/list-buyer-licenses';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// Download links of a product (server/catalog/manage/product-downloads.ts) against a real database:
// https only, at most 10, only the seller's own, and shown only to a buyer whose license of the
// product runs (the license page, the success page's read, the delivery e-mail).

const setup = inProcessCore({ PUBLIC_BASE_URL: 'http://downloads.test' });
const ctx = () => ({ db: setup.database.db });

async function store() {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const product = await createProduct(setup.database.db, seller.id, { name: `Downloadable ${crypto.randomBytes(3).toString('hex')}` });
  const offering = await createOffering(setup.database.db, product, { name: 'Desktop', priceMinor: 2000 });
  return { seller, product, offering };
}

describe('product download links', () => {
  it('a link is a platform and an https address; anything else is a ValidationError on its field, and another seller’s product is NotFound', async () => {
    const { seller, product } = await store();
    const add = (platform: string, url: string) => addProductDownload(ctx(), { sellerId: seller.id, productId: product.id, platform, url });
    await expect(add('Windows', 'https://downloads.example.com/setup.exe')).resolves.toMatchObject({ platform: 'Windows', url: 'https://downloads.example.com/setup.exe' });
    for (const url of ['http://downloads.example.com/setup.exe', 'javascript:alert(1)', 'ftp://x.example/a', 'downloads.example.com/a', '']) {
      await expect(add('Linux', url), url).rejects.toMatchObject({ code: 'ValidationError', details: [{ Field: 'Url' }] });
    }
    await expect(add('  ', 'https://x.example/a')).rejects.toMatchObject({ details: [{ Field: 'Platform' }] });
    await expect(add('x'.repeat(61), 'https://x.example/a')).rejects.toMatchObject({ details: [{ Field: 'Platform' }] });
    const other = await createSeller(setup.database.db);
    await expect(addProductDownload(ctx(), { sellerId: other.id, productId: product.id, platform: 'macOS', url: 'https://x.example/a' })).rejects.toMatchObject({ code: 'NotFound' });
    expect(await listSellerProductDownloads(ctx(), { sellerId: seller.id, productId: product.id })).toHaveLength(1);
  });

  it(`a product takes at most ${PRODUCT_DOWNLOADS_MAX} links, also added at once; removing one makes room`, async () => {
    const { seller, product } = await store();
    const results = await Promise.allSettled(
      Array.from({ length: PRODUCT_DOWNLOADS_MAX + 2 }, (_, index) => addProductDownload(ctx(), { sellerId: seller.id, productId: product.id, platform: `Build ${index}`, url: `https://x.example/${index}` })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(PRODUCT_DOWNLOADS_MAX);
    const links = await listSellerProductDownloads(ctx(), { sellerId: seller.id, productId: product.id });
    await removeProductDownload(ctx(), { sellerId: seller.id, productId: product.id, downloadId: links[0]!.id });
    await expect(addProductDownload(ctx(), { sellerId: seller.id, productId: product.id, platform: 'Again', url: 'https://x.example/again' })).resolves.toBeTruthy();
    await expect(removeProductDownload(ctx(), { sellerId: seller.id, productId: product.id, downloadId: links[0]!.id })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('a buyer sees them while the license runs: on the license page, the sale’s read and the delivery e-mail; a suspended or cancelled license shows none, a buyer without a license none', async () => {
    const { seller, product, offering } = await store();
    await addProductDownload(ctx(), { sellerId: seller.id, productId: product.id, platform: 'Windows', url: 'https://downloads.example.com/setup.exe' });
    await addProductDownload(ctx(), { sellerId: seller.id, productId: product.id, platform: 'macOS', url: 'https://downloads.example.com/app.dmg' });
    const buyer = await setup.database.db.account.create({ data: { email: `downloads-${crypto.randomBytes(3).toString('hex')}@example.com` } });
    const session = await createPurchaseCheckout(ctx(), { requestId: crypto.randomUUID(), offeringId: offering.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email });
    await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
    const platforms = async () => (await listBuyerLicenses(ctx(), { buyerAccountId: buyer.id }))[0]!.downloads.map((download) => download.platform);
    expect(await platforms()).toEqual(['Windows', 'macOS']);
    expect((await getSaleCodesForBuyer(ctx(), { sessionId: session.sessionId, buyerAccountId: buyer.id })).downloads.map((download) => download.url)).toEqual([
      'https://downloads.example.com/setup.exe',
      'https://downloads.example.com/app.dmg',
    ]);
    const mail = await setup.database.db.email.findFirstOrThrow({ where: { to: buyer.email, kind: 'license-delivery' } });
    expect(mail.html).toContain('href="https://downloads.example.com/app.dmg"');

    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: session.sessionId } });
    for (const status of ['Suspended', 'Cancelled'] as const) {
      await setup.database.db.license.update({ where: { id: license.id }, data: { status } });
      expect(await platforms(), status).toEqual([]);
      expect((await getSaleCodesForBuyer(ctx(), { sessionId: session.sessionId, buyerAccountId: buyer.id })).downloads, status).toEqual([]);
    }
    const stranger = await setup.database.db.account.create({ data: { email: `stranger-${crypto.randomBytes(3).toString('hex')}@example.com` } });
    expect(await listBuyerLicenses(ctx(), { buyerAccountId: stranger.id })).toEqual([]);
  });
});
