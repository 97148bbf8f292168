import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/generated/prisma/client';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The Tax card of the store settings page in Chromium at a desktop and a phone width: tax collection
// turned on with an origin address and confirmed, the saved settings shown again after a reload, an
// address without its country refused beside the country (what was typed kept, nothing saved), and
// collection turned off keeping the address. Every state passes the sideways-scroll and axe checks.

const E2E_TIMEOUT = 180_000;
const SELLER_EMAIL = 'tax.owner@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sellerCookie: string;

beforeAll(async () => {
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Tax Settings Ltd' });
}, 300_000);

const storedTax = () =>
  setup.database.db.seller.findFirstOrThrow({
    where: { members: { some: { account: { email: SELLER_EMAIL } } } },
    select: { id: true, taxCollection: true, taxBehavior: true, taxId: true, originAddress: true },
  });

/** The text a field's accessible description points to (its hint and its error), as a screen reader reads it. */
async function descriptionOf(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('the Tax card of the store settings, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: an address without a country is refused beside the country; collection on with an address is saved, confirmed and shown after a reload; off keeps the address`,
      async () => {
        const { id } = await storedTax();
        await setup.database.db.seller.update({ where: { id }, data: { taxCollection: false, taxBehavior: 'exclusive', taxId: null, originAddress: Prisma.DbNull } });
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport, { defaultTimeoutMs: 15_000 });
        try {
          await page.goto(`${setup.server.baseUrl}/portal/settings`);
          await waitForHydration(page);
          const card = page.getByRole('region', { name: 'Tax' });
          const collect = card.getByRole('switch', { name: 'Collect tax at checkout' });
          expect(await collect.isChecked()).toBe(false);
          expect(await card.innerText()).toContain('local test processor');
          await expectFitsAndAccessible(page, 'the Tax card, collection off');

          await collect.check();
          await card.getByLabel('Tax id', { exact: true }).fill(' DE 123 456 789 ');
          await card.getByLabel('Street address').fill('Friedrichstraße 1');
          await card.getByLabel('City').fill('Berlin');
          await card.getByLabel('Postal code').fill('10117');
          await card.getByRole('button', { name: 'Save tax settings' }).click();
          await card.getByText('Choose the country you sell from: tax is worked out from it.').waitFor();
          expect(await descriptionOf(page, 'Country')).toContain('Choose the country you sell from');
          expect(await card.getByRole('alert').innerText()).toBe('Please correct the fields marked below.');
          // What was typed stays to be corrected, and nothing was saved.
          expect(await card.getByLabel('City').inputValue()).toBe('Berlin');
          expect(await collect.isChecked()).toBe(true);
          expect(await storedTax()).toMatchObject({ taxCollection: false, taxId: null, originAddress: null });
          await expectFitsAndAccessible(page, 'an address without a country, refused');

          await card.getByLabel('Country', { exact: true }).selectOption({ label: 'Germany' });
          await card.getByRole('radio', { name: /^Prices include tax/ }).check();
          await card.getByRole('button', { name: 'Save tax settings' }).click();
          await card.getByRole('status').filter({ hasText: 'Tax settings saved.' }).waitFor();
          expect(await storedTax()).toMatchObject({
            taxCollection: true,
            taxBehavior: 'inclusive',
            taxId: 'DE 123 456 789',
            originAddress: { line1: 'Friedrichstraße 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
          });
          expect(await descriptionOf(page, 'Country')).not.toContain('Choose the country');
          await expectFitsAndAccessible(page, 'tax settings saved');

          await page.reload();
          await waitForHydration(page);
          expect(await collect.isChecked()).toBe(true);
          expect(await card.getByRole('radio', { name: /^Prices include tax/ }).isChecked()).toBe(true);
          expect(await card.getByLabel('Tax id', { exact: true }).inputValue()).toBe('DE 123 456 789');
          expect(await card.getByLabel('Street address').inputValue()).toBe('Friedrichstraße 1');
          expect(await card.getByLabel('Country', { exact: true }).inputValue()).toBe('DE');
          await expectFitsAndAccessible(page, 'the Tax card after a reload, collection on');

          await collect.uncheck();
          await card.getByRole('button', { name: 'Save tax settings' }).click();
          await card.getByRole('status').filter({ hasText: 'Tax settings saved.' }).waitFor();
          await expect.poll(async () => (await storedTax()).taxCollection).toBe(false);
          expect((await storedTax()).originAddress).toMatchObject({ city: 'Berlin', country: 'DE' });
          await page.screenshot({ path: `test-results/portal-tax-settings-${viewport.name}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
