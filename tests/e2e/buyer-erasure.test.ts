import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/generated/prisma/client';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { browserTestFile } from '../support/browser-test-file';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// A buyer deletes their account from the buyer pages (docs/data-rights.md): from their licenses to
// "Your account", a typed confirmation, then signed out on a done page, and no copy of their address
// left in any table of the database.

const file = browserTestFile();

/** The tables of the public schema where a row, cast to text, contains `needle`. */
async function tablesHolding(db: PrismaClient, needle: string): Promise<string[]> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM public."${table.replaceAll('"', '""')}" t WHERE t::text ILIKE '%' || $1 || '%'`, needle);
    if (row!.n > 0) found.push(table);
  }
  return found;
}

describe('a buyer deletes their account from the buyer pages', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width} px: confirms with their address, ends signed out on the done page, and the database keeps no copy of it`, async () => {
      const { database, server, browser, smtp } = file;
      const email = `leaving.${viewport.name}.${crypto.randomBytes(4).toString('hex')}@example.test`;
      const street = `${crypto.randomBytes(4).toString('hex')} Departure Lane`;
      const seller = await createSeller(database.db, { checkoutReady: true });
      const product = await createProduct(database.db, seller.id);
      const offering = await createOffering(database.db, product, { name: 'Leaving Pro', priceMinor: 1500, classification: LicenseClassification.Perpetual });

      const cookie = await portalSignIn(server.baseUrl, email, codeReader(smtp));
      const { checkout, license } = await createOrder(database.db, offering, { buyerEmail: email, amountMinor: 1500, withLicense: true });
      await database.db.checkout.update({ where: { id: checkout.id }, data: { billingAddress: { line1: street, city: 'Leaveton', country: 'DE' } } });
      await database.db.seat.create({ data: { licenseId: license!.id } });
      expect(await tablesHolding(database.db, email)).toEqual(expect.arrayContaining(['Account', 'Checkout']));

      const { context, page } = await portalPage(browser, server.baseUrl, cookie, viewport);
      try {
        await page.goto(`${server.baseUrl}/licenses`);
        await page.getByRole('link', { name: 'Your account' }).click();
        await page.waitForURL(/\/account$/);
        await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(email);
        await waitForHydration(page);
        await expectFitsAndAccessible(page, 'the account page');

        const confirm = page.getByLabel('Type your e-mail address to confirm');
        const erase = page.getByRole('button', { name: 'Delete my account' });
        await confirm.fill('someone.else@example.test');
        expect(await erase.isDisabled()).toBe(true);
        await confirm.fill(email);
        await erase.click();

        await page.waitForURL(/\/account\/erased$/, { timeout: 20_000 });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account is deleted');
        await expectFitsAndAccessible(page, 'the done page');

        await page.goto(`${server.baseUrl}/licenses`);
        await page.waitForURL(/\/login/);
      } finally {
        await context.close();
      }

      const account = await database.db.account.findUniqueOrThrow({ where: { id: checkout.buyerAccountId! } });
      expect(account.email).toMatch(/@erased\.invalid$/);
      expect(await database.db.license.count({ where: { id: license!.id } })).toBe(1);
      expect((await database.db.checkout.findUniqueOrThrow({ where: { id: checkout.id } })).amountMinor).toBe(1500n);
      expect(await tablesHolding(database.db, email)).toEqual([]);
      expect(await tablesHolding(database.db, street)).toEqual([]);
    }, 120_000);
  }
});
