import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// Who is signed in, on every page, and the right home after /login: buyers to their licenses,
// sellers' team members to the portal (app/components/service-header.tsx, app/(service)/home).

const setup = browserTestFile();
let nextCode: ReturnType<typeof codeReader>;

beforeAll(() => {
  nextCode = codeReader(setup.smtp);
});

const url = (path: string) => `${setup.server.baseUrl}${path}`;

async function signInAtLogin(page: Page, email: string) {
  await page.goto(url('/login'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code').fill(await nextCode(email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  describe(`the account menu and the home after sign-in at ${viewport.width} px`, () => {
    it('signed out, the header offers Sign in and no account menu', async () => {
      const context = await setup.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(url('/marketplace'));
        const header = page.getByRole('navigation', { name: 'Main' });
        expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
        expect(await page.getByTestId('account-menu').count()).toBe(0);
        await expectFitsAndAccessible(page, 'the header, signed out');
      } finally {
        await context.close();
      }
    });

    it('a buyer signing in at /login lands on their licenses; the header says who is signed in on every page, and its menu signs out', async () => {
      const email = `menu.buyer.${viewport.name}.${crypto.randomBytes(3).toString('hex')}@example.com`;
      const context = await setup.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await signInAtLogin(page, email);
        await page.waitForURL((current) => current.pathname === '/licenses');
        for (const path of ['/licenses', '/orders', '/marketplace', '/account', '/']) {
          await page.goto(url(path));
          expect(await page.getByTestId('signed-in-as').innerText(), path).toBe(email);
        }
        const menu = page.getByTestId('account-menu');
        await menu.locator('summary').click();
        expect(await menu.getByRole('link', { name: 'Sell your software' }).getAttribute('href')).toBe('/register');
        // The open panel is on screen, whole.
        const panel = (await menu.getByRole('button', { name: 'Sign out' }).locator('..').boundingBox())!;
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
        expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Seller portal' }).count()).toBe(0);
        await expectFitsAndAccessible(page, 'the account menu, open');
        await page.screenshot({ path: `test-results/account-menu-${viewport.name}.png` });
        // Escape closes it.
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('open')).toBeNull();
        await menu.locator('summary').click();
        await menu.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL((current) => current.pathname === '/login');
        expect(await page.getByTestId('account-menu').count()).toBe(0);
        await page.goto(url('/licenses'));
        await page.waitForURL((current) => current.pathname === '/login');
      } finally {
        await context.close();
      }
    });

    it('a seller’s team member signing in at /login lands on the portal, whose header links to it', async () => {
      const email = `menu.seller.${viewport.name}.${crypto.randomBytes(3).toString('hex')}@example.com`;
      const owner = await setup.database.db.account.create({ data: { email } });
      const seller = await createSeller(setup.database.db);
      await setup.database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: owner.id, role: 'Owner' } });
      const context = await setup.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await signInAtLogin(page, email);
        await page.waitForURL((current) => current.pathname === '/portal');
        expect(await page.getByTestId('signed-in-as').innerText()).toBe(email);
        expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Seller portal' }).getAttribute('href')).toBe('/portal');
        await expectFitsAndAccessible(page, 'the portal with the account menu');
      } finally {
        await context.close();
      }
    });
  });
}
