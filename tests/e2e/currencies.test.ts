import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// An offering priced in several currencies (USD by default, JPY and KWD beside it) on the
// storefront: a reader in ja-JP is shown yen, the buyer's explicit choice of KWD (the page's
// selector, kept in the address) shows three decimals, a card without a price in the chosen
// currency says so, the Buy form offers a discount code; the seller edits the prices as rows on the
// offering's page. At 1280 and 390 px, with no sideways scroll and no axe-core violation.

const E2E_TIMEOUT = 120_000;
const SELLER_EMAIL = 'currencies.seller@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sessionCookie: string;
let issuerClientId: string;
const ids = {} as Record<'atlas' | 'usdOnly', string>;

// ICU separates some parts with no-break spaces (U+00A0, U+202F); compare them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  sessionCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Atlas Maps Ltd' });
  const { seller } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } }, include: { seller: true } });
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { checkoutReady: true, storeName: 'Atlas Maps' } });
  issuerClientId = seller.issuerClientId;
  const product = await createProduct(setup.database.db, seller.id, { name: 'Atlas' });
  const atlas = await createOffering(setup.database.db, product, { name: 'Atlas Pro', classification: LicenseClassification.Perpetual, priceMinor: 1250, currency: 'usd' });
  await setup.database.db.offeringPrice.createMany({
    data: [
      { offeringId: atlas.id, currency: 'jpy', amountMinor: 1800 },
      { offeringId: atlas.id, currency: 'kwd', amountMinor: 3875 },
    ],
  });
  const usdOnly = await createOffering(setup.database.db, product, { name: 'Atlas Lite', classification: LicenseClassification.Perpetual, priceMinor: 500, currency: 'usd' });
  Object.assign(ids, { atlas: atlas.id, usdOnly: usdOnly.id });
});

const card = (page: Page, name: string) => page.getByTestId('offering').filter({ has: page.getByRole('heading', { name, exact: true }) });
const priceOf = async (page: Page, name: string) => plain(await card(page, name).getByTestId('price').innerText());

describe('an offering in USD, JPY and KWD on the storefront, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    const at = `at ${viewport.width} px`;

    it(
      `a reader in ja-JP is shown yen; the buyer's choice of KWD shows three decimals and stays in the address ${at}`,
      async () => {
        const context = await setup.browser.newContext({ viewport, locale: 'ja-JP' });
        try {
          const page = await context.newPage();
          await page.goto(`${setup.server.baseUrl}/marketplace/${issuerClientId}`);
          await waitForHydration(page);
          expect(await priceOf(page, 'Atlas Pro')).toMatch(/^[¥￥]1,800$/);
          expect(await card(page, 'Atlas Pro').getByTestId('price').getAttribute('data-currency')).toBe('jpy');
          // An offering priced in USD only is shown in USD.
          expect(await priceOf(page, 'Atlas Lite')).toMatch(/\$5\.00/);
          await expectFitsAndAccessible(page, 'the storefront in ja-JP');

          // The selector is a plain form: its choice goes into the address.
          const choice = page.getByTestId('currency-choice');
          await choice.getByLabel('Show prices in').selectOption('kwd');
          await choice.getByRole('button', { name: 'Show prices' }).click();
          await page.waitForURL(/\?currency=kwd$/);
          await expect.poll(() => priceOf(page, 'Atlas Pro')).toMatch(/KWD 3\.875$/);
          expect(await choice.getByLabel('Show prices in').inputValue()).toBe('kwd');
          expect(await card(page, 'Atlas Lite').getByTestId('price-note').innerText()).toBe('Not sold in KWD: priced in USD.');
          await expectFitsAndAccessible(page, 'the storefront in KWD');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `an address naming a currency (?currency=KWD) is the explicit choice over the reader's language; the Buy form offers a discount code ${at}`,
      async () => {
        const context = await setup.browser.newContext({ viewport, locale: 'en-US' });
        try {
          const page = await context.newPage();
          await page.goto(`${setup.server.baseUrl}/marketplace/${issuerClientId}`);
          await waitForHydration(page);
          expect(await priceOf(page, 'Atlas Pro')).toBe('$12.50');

          await page.goto(`${setup.server.baseUrl}/marketplace/${issuerClientId}?currency=KWD`);
          await waitForHydration(page);
          expect(await priceOf(page, 'Atlas Pro')).toBe('KWD 3.875');

          const atlas = card(page, 'Atlas Pro');
          const toggle = atlas.getByRole('button', { name: 'Have a code?' });
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await atlas.getByLabel('Discount code').isVisible()).toBe(false);
          await toggle.click();
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
          await atlas.getByLabel('Discount code').fill('launch-10');
          await expectFitsAndAccessible(page, 'the storefront with a discount code field open');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `the seller sees the prices as rows on the offering's page, one the default, and a refused row is told beside it ${at}`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sessionCookie, viewport, { defaultTimeoutMs: 15_000 });
        try {
          await page.goto(`${setup.server.baseUrl}/portal/catalog/offerings/${ids.atlas}`);
          await waitForHydration(page);
          expect(plain(await page.getByTestId('offering-other-prices').innerText())).toBe('Also priced in ¥1,800 · KWD 3.875');
          const form = page.getByRole('form', { name: 'Edit offering Atlas Pro' });
          const rows = form.getByTestId('price-row');
          expect(await rows.count()).toBe(3);
          expect(await rows.nth(0).getByLabel('Currency').inputValue()).toBe('usd');
          expect(await rows.nth(0).getByRole('radio', { name: 'Default' }).isChecked()).toBe(true);
          expect(await rows.nth(1).getByLabel('Amount').inputValue()).toBe('1800');
          await expectFitsAndAccessible(page, 'the offering page with three prices');

          // 1.5 yen cannot be charged: the row says so, and nothing is saved.
          await rows.nth(1).getByLabel('Amount').fill('1.5');
          await form.getByRole('button', { name: 'Save offering' }).click();
          const amount = rows.nth(1).getByLabel('Amount');
          await expect.poll(() => amount.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
          const errorId = (await amount.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
          expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('A price in JPY is a whole number (it has no minor unit).');
          await expectFitsAndAccessible(page, 'the offering page with a refused price');
          expect(await setup.database.db.offeringPrice.findUniqueOrThrow({ where: { offeringId_currency: { offeringId: ids.atlas, currency: 'jpy' } } })).toMatchObject({ amountMinor: 1800 });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  it(
    'the seller adds a price in EUR and makes it the default: the offering and its rows change together',
    async () => {
      const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sessionCookie, VIEWPORTS[0], { defaultTimeoutMs: 15_000 });
      try {
        await page.goto(`${setup.server.baseUrl}/portal/catalog/offerings/${ids.usdOnly}`);
        await waitForHydration(page);
        const form = page.getByRole('form', { name: 'Edit offering Atlas Lite' });
        await form.getByRole('button', { name: 'Add a price in another currency' }).click();
        const added = form.getByTestId('price-row').nth(1);
        await added.getByLabel('Currency').fill('eur');
        await added.getByLabel('Amount').fill('4.5');
        await added.getByRole('radio', { name: 'Default' }).check();
        await form.getByRole('button', { name: 'Save offering' }).click();
        await expect
          .poll(async () => {
            const offering = await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.usdOnly }, include: { prices: true } });
            return [offering.currency, offering.priceMinor, offering.prices.map((price) => [price.currency, price.amountMinor])];
          }, { timeout: 10_000 })
          .toEqual(['eur', 450, [['usd', 500]]]);
      } finally {
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
