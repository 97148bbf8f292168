import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { browserTestFile } from '../support/browser-test-file';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createOrder, createRefundRow } from '../support/order-factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// The Owner deletes the store at the foot of Store settings (docs/buyers-and-sellers.md "Deleting
// the store"): the section says what ends and what is kept, a mistyped storefront id is told on its
// field and deletes nothing, the right one deletes the store and opens the portal's home, which says
// so; what still needs the processor is listed in place of the form.

const file = browserTestFile();

async function ownerOfNewStore(viewportName: string) {
  const { database, server, smtp } = file;
  const email = `closing.${viewportName}.${crypto.randomBytes(4).toString('hex')}@example.test`;
  const seller = await createSeller(database.db, { legalName: `Closing ${viewportName} Ltd`, checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { name: 'Closing Pro', priceMinor: 1500, classification: LicenseClassification.Perpetual });
  const cookie = await portalSignIn(server.baseUrl, email, codeReader(smtp));
  const account = await database.db.account.findUniqueOrThrow({ where: { email } });
  await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
  return { seller, offering, cookie };
}

describe('the Owner deletes the store from Store settings', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px: a mistyped storefront id is refused on its field, the right one deletes the store and the portal says so`, async () => {
      const { database, server, browser } = file;
      const { seller, cookie } = await ownerOfNewStore(viewport.name);
      const { context, page } = await portalPage(browser, server.baseUrl, cookie, viewport);
      try {
        await page.goto(`${server.baseUrl}/portal/settings`);
        await waitForHydration(page);
        const section = page.getByTestId('delete-store');
        await section.scrollIntoViewIfNeeded();
        expect(await section.getByRole('heading', { name: 'Delete the store' }).isVisible()).toBe(true);
        expect(await section.innerText()).toMatch(/1 person \(you included\)/);
        await expectFitsAndAccessible(page, 'store settings with the deletion section');

        const confirm = section.getByLabel(`Type the storefront id (${seller.issuerClientId}) to confirm`);
        await confirm.fill(`${seller.issuerClientId}x`);
        await section.getByRole('button', { name: 'Delete the store' }).click();
        await expect.poll(() => confirm.getAttribute('aria-describedby'), { timeout: 15_000 }).toBeTruthy();
        const errorId = (await confirm.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
        expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe(`This is not the storefront id (${seller.issuerClientId}).`);
        // The refused id stays in the box to be corrected, and nothing was deleted.
        expect(await confirm.inputValue()).toBe(`${seller.issuerClientId}x`);
        expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).closedAt).toBeNull();
        await expectFitsAndAccessible(page, 'the deletion refused on its field');

        await confirm.fill(seller.issuerClientId);
        await section.getByRole('button', { name: 'Delete the store' }).click();
        await page.waitForURL(/\/portal\?deleted=1$/, { timeout: 20_000 });
        await expect.poll(() => page.getByTestId('store-deleted').innerText()).toBe('Your store was deleted. The licenses it sold keep working for their buyers, and its records are kept.');
        expect(await page.getByRole('link', { name: 'Register as a seller' }).isVisible()).toBe(true);
        await expectFitsAndAccessible(page, 'the portal after the deletion');
      } finally {
        await context.close();
      }
      expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).closedAt).not.toBeNull();
      expect(await database.db.sellerMember.count({ where: { sellerId: seller.id } })).toBe(0);
      const storefront = await fetch(`${server.baseUrl}/marketplace/${seller.issuerClientId}`);
      expect(storefront.status).toBe(404);
    }, 120_000);
  }

  it('a refund still on its way is listed in place of the form, and nothing can be deleted', async () => {
    const { database, server, browser } = file;
    const { seller, offering, cookie } = await ownerOfNewStore('blocked');
    const { checkout } = await createOrder(database.db, offering, { amountMinor: 1500, buyerEmail: `refunded.${crypto.randomBytes(4).toString('hex')}@example.test` });
    await createRefundRow(database.db, checkout, { amountMinor: 1500, status: 'pending' });
    const { context, page } = await portalPage(browser, server.baseUrl, cookie, VIEWPORTS[1]);
    try {
      await page.goto(`${server.baseUrl}/portal/settings`);
      await waitForHydration(page);
      const blockers = page.getByTestId('delete-store-blockers');
      await blockers.scrollIntoViewIfNeeded();
      expect(await blockers.innerText()).toContain('1 refund(s) are still on their way to the processor: wait until they are done.');
      expect(await page.getByTestId('delete-store').getByRole('button', { name: 'Delete the store' }).count()).toBe(0);
      await expectFitsAndAccessible(page, 'the deletion blocked by a refund');
    } finally {
      await context.close();
    }
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).closedAt).toBeNull();
  }, 120_000);
});
