import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sellerOrdersCsv } from '@/server/orders/orders-csv';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { browserTestFile } from '../support/browser-test-file';
import { continueWithDeliveryLink } from '../support/delivery-link';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';

// A buyer in Chromium, storefront → hosted page → receipt, with a seller who prices in USD, JPY and
// KWD, collects tax (prices exclusive, sold from Germany) and runs a launch code: the storefront in
// the chosen currency, the code entered under "Have a code?", the local processor's page showing the
// discount and asking for the billing address, the receipt showing subtotal, discount, net, tax
// and total in the currency's own digits, and the seller's CSV export the same figures.

const BUYER = 'commerce.buyer@example.com';
const E2E_TIMEOUT = 120_000;

const setup = browserTestFile();
let page: Page;
let issuerClientId: string;
let sellerId: string;
let offeringId: string;

beforeAll(async () => {
  page = await setup.browser.newPage();
  page.setDefaultTimeout(30_000);
  const db = setup.database.db;
  const seller = await createSeller(db, { checkoutReady: true });
  [issuerClientId, sellerId] = [seller.issuerClientId, seller.id];
  await db.seller.update({ where: { id: sellerId }, data: { storeName: 'Dinar Tools', taxCollection: true, taxBehavior: 'exclusive', taxId: 'DE123456789', originAddress: { country: 'DE', city: 'Berlin' } } });
  const product = await createProduct(db, sellerId, { name: 'Ledger Pro' });
  const offering = await createOffering(db, product, { name: 'Desktop', priceMinor: 4900, currency: 'usd' });
  offeringId = offering.id;
  await db.offeringPrice.createMany({ data: [{ offeringId, currency: 'jpy', amountMinor: 7000 }, { offeringId, currency: 'kwd', amountMinor: 15250 }] });
  await db.discount.create({ data: { sellerId, code: 'LAUNCH10', kind: 'percent', percentOff: 10 } });
});

const url = (path: string) => `${setup.server.baseUrl}${path}`;

async function checkBothWidths(state: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectFitsAndAccessible(page, state);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

describe('a purchase in KWD with a discount code and tax, then one in JPY, in Chromium', () => {
  it(
    'storefront in KWD with LAUNCH10 → the hosted page shows the discount and asks for the address → Pay (DE 19%) → the receipt and the CSV show subtotal, discount, tax and total in three decimals',
    async () => {
      await page.goto(url(`/marketplace/${issuerClientId}?currency=kwd`));
      const card = page.locator(`#offering-${offeringId}`);
      expect(await card.innerText()).toContain('KWD');
      await card.getByTestId('discount-toggle').click();
      await card.getByTestId('discount-code').fill('launch10');
      await card.getByRole('button', { name: 'Buy Desktop', exact: true }).click();
      // Signed out: pay first, the address on the payment page, verified after.
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      await page.getByTestId('checkout-email').fill(BUYER);
      const checkoutId = new URL(page.url()).pathname.split('/')[3]!;

      expect(await page.getByTestId('checkout-total').innerText()).toMatch(/KWD\s?15\.250/);
      expect(await page.getByTestId('checkout-discount').innerText()).toMatch(/−KWD\s?1\.525/);
      expect(await page.getByTestId('checkout-due').innerText()).toMatch(/KWD\s?13\.725/);
      expect(await page.getByTestId('checkout-tax').innerText()).toBe('Added, by your address');
      await checkBothWidths('the hosted page with a discount and the billing address');
      fs.mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: 'test-results/commerce-checkout-page.png', fullPage: true });

      await page.getByTestId('billing-country').fill('DE');
      await page.getByTestId('pay').click();
      await page.waitForURL((current) => current.pathname === '/checkout/complete');
      const order = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId } });
      // 15.250 less 10% (1.525) is 13.725; 19% of it is 2.608 (2.60775 rounded): 16.333 in all.
      expect(order).toMatchObject({ status: 'completed', currency: 'kwd', discountMinor: 1525n, taxMinor: 2608n, amountMinor: 16333n, taxRateBps: 1900, discountCode: 'LAUNCH10' });
      await continueWithDeliveryLink(page, setup.smtp, { baseUrl: setup.server.baseUrl, email: BUYER, offeringName: 'Desktop' });

      await page.goto(url(`/orders/${checkoutId}`));
      const receipt = page.getByTestId('receipt-amount');
      await receipt.waitFor();
      expect(await receipt.innerText()).toMatch(/KWD\s?16\.333/);
      expect(await page.getByTestId('receipt-subtotal').innerText()).toMatch(/KWD\s?15\.250/);
      expect(await page.getByTestId('receipt-discount').innerText()).toMatch(/KWD\s?1\.525/);
      expect(await page.getByTestId('receipt-net').innerText()).toMatch(/KWD\s?13\.725/);
      expect(await page.getByTestId('receipt-tax').innerText()).toMatch(/KWD\s?2\.608/);
      expect(await page.getByTestId('receipt-seller-tax-id').innerText()).toBe('DE123456789');
      expect(await page.getByTestId('receipt-billing-address').innerText()).toBe('DE');
      await checkBothWidths('the receipt with discount and tax');
      await page.screenshot({ path: 'test-results/commerce-receipt.png', fullPage: true });

      const csv = await new Response(sellerOrdersCsv({ db: setup.database.db }, { sellerId, q: checkoutId })).text();
      expect(csv).toContain(',1,16.333,2.608,1.525,LAUNCH10,0.000,KWD,completed,');
    },
    E2E_TIMEOUT,
  );

  it(
    'the same buyer, signed in now, buys in JPY and types the code on the hosted page (JP 10%): ¥7,000 − ¥700 + ¥630 = ¥6,930 on the receipt and in the CSV',
    async () => {
      await setup.database.db.offering.update({ where: { id: offeringId }, data: { allowRepeatPurchase: true } });
      await page.goto(url(`/marketplace/${issuerClientId}?currency=jpy`));
      const card = page.locator(`#offering-${offeringId}`);
      expect(await card.innerText()).toMatch(/7,000/);
      await card.getByRole('button', { name: 'Buy Desktop', exact: true }).click();
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      const checkoutId = new URL(page.url()).pathname.split('/')[3]!;
      expect(await page.getByTestId('checkout-total').innerText()).toMatch(/7,000/);
      await page.getByTestId('discount-code').fill('nope-code');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.waitForURL((current) => current.searchParams.get('discount') === 'Unknown');
      expect(await page.getByTestId('discount-answer').innerText()).toBe('There is no such discount code. Check its spelling.');
      await checkBothWidths('the hosted page with a refused code');
      await page.getByTestId('discount-code').fill('launch10');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.waitForURL((current) => current.searchParams.get('discount') === 'applied');
      expect(await page.getByTestId('checkout-discount').innerText()).toMatch(/700/);
      expect(await page.getByTestId('checkout-due').innerText()).toMatch(/6,300/);
      await page.getByTestId('billing-country').fill('jp');
      await page.getByTestId('pay').click();
      await page.waitForURL((current) => current.pathname === '/checkout/complete');
      expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({ currency: 'jpy', amountMinor: 6930n, taxMinor: 630n, discountMinor: 700n, discountCode: 'LAUNCH10' });

      await page.goto(url(`/orders/${checkoutId}`));
      await page.getByTestId('receipt-amount').waitFor();
      expect(await page.getByTestId('receipt-amount').innerText()).toMatch(/6,930/);
      expect(await page.getByTestId('receipt-tax').innerText()).toMatch(/630/);
      const csv = await new Response(sellerOrdersCsv({ db: setup.database.db }, { sellerId, q: checkoutId })).text();
      expect(csv).toContain(',1,6930,630,700,LAUNCH10,0,JPY,completed,');
    },
    E2E_TIMEOUT,
  );
});
