import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '../../server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { codeReader } from '../support/sign-in';
import { decodeLicenseCode } from '../../server/licensing/codes/runtime-token';
import { browserTestFile } from '../support/browser-test-file';

// A buyer's whole journey in Chromium, on a desktop and on a 390 px phone: the marketplace, a
// seller's storefront, a free offering, a cancelled and then a paid purchase on the local
// processor's page, the result page with the receipt, the orders, the receipt, the license page
// (a new code), and the billing page (cancel at the period end, then keep). Every state fits the
// viewport and passes axe-core.

const E2E_TIMEOUT = 240_000;
const STORE = 'Journey Tools';

const setup = browserTestFile();
let nextCode: (email: string) => Promise<string>;
let issuerClientId: string;
/** The paid order and its license of each journey, by viewport: the other buyer must not see or touch them. */
const paidOrders = new Map<string, string>();
const paidLicenses = new Map<string, string>();

beforeAll(async () => {
  nextCode = codeReader(setup.smtp);

  const seller = await createSeller(setup.database.db, { checkoutReady: true, contactName: 'Jo Journey', legalName: 'Journey Tools Ltd' });
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { storeName: STORE } });
  issuerClientId = seller.issuerClientId;
  const product = await createProduct(setup.database.db, seller.id, { name: 'Journey Editor' });
  await createOffering(setup.database.db, product, { name: 'Journey Free', priceMinor: null });
  await createOffering(setup.database.db, product, {
    name: 'Journey Plus',
    classification: LicenseClassification.Subscription,
    priceMinor: 1200,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
  });
}, 180_000);

const url = (path: string) => `${setup.server.baseUrl}${path}`;

async function shot(page: Page, name: string) {
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/buyer-journey-${name}.png`, fullPage: true });
}

/** The same state in the system's dark colour scheme (globals.css mirrors the palette). */
async function fitsAndAccessibleInDark(page: Page, state: string) {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await expectFitsAndAccessible(page, `${state} (dark)`);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

describe.each(VIEWPORTS)('a buyer’s journey in Chromium on the $name ($width px)', (viewport) => {
  const buyer = `journey.${viewport.name}@example.com`;
  let context: BrowserContext;
  let page: Page;
  let freeOrderId: string;
  let paidOrderId: string;
  let paidLicenseId: string;
  let shownCode: string;
  let deliveryMail = '';

  beforeAll(async () => {
    context = await setup.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });

  afterAll(async () => {
    await context?.close();
  });

  it(
    'signed out, /orders asks for sign-in; Buy goes straight to the payment page, which asks for the e-mail address (pay first, verify after); the marketplace finds the store by name',
    async () => {
      await page.goto(url('/orders'));
      await page.waitForURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/orders');
      const someOrder = '00000000-0000-0000-0000-000000000001';
      await page.goto(url(`/orders/${someOrder}`));
      await page.waitForURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(`/orders/${someOrder}`);

      // Signed out, "Buy" on a paid offering opens its payment page at once, which asks for the
      // address the license goes to. Nothing is made before paying: cancelled, no account exists.
      await page.goto(url(`/marketplace/${issuerClientId}`));
      await page.getByRole('button', { name: 'Buy Journey Plus', exact: true }).click();
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      await page.getByTestId('checkout-email').fill(buyer);
      await expectFitsAndAccessible(page, 'the payment page asking a guest for the address');
      await fitsAndAccessibleInDark(page, 'the payment page asking a guest for the address');
      await shot(page, `${viewport.name}-guest-checkout`);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/checkout/cancelled');
      expect(await setup.database.db.account.count({ where: { email: buyer } })).toBe(0);

      await page.goto(url('/marketplace'));
      await expectFitsAndAccessible(page, 'marketplace');
      await page.getByLabel('Search stores and products').fill('journey');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((current) => current.searchParams.get('q') === 'journey');
      const tile = page.getByTestId('storefront').filter({ hasText: STORE });
      await tile.waitFor();
      expect(await tile.innerText()).toContain('JT');
      expect(await tile.getByTestId('storefront-address').innerText()).toBe(`/marketplace/${issuerClientId}`);
      await expectFitsAndAccessible(page, 'marketplace search');
      await fitsAndAccessibleInDark(page, 'marketplace search');
      await shot(page, `${viewport.name}-marketplace`);
      await tile.getByRole('link', { name: STORE }).click();
      await page.waitForURL((current) => current.pathname === `/marketplace/${issuerClientId}`);
    },
    E2E_TIMEOUT,
  );

  it(
    'gets the free offering as a guest (an e-mail address, its code, the account made for it), then cancels a paid checkout: the cancel page says nothing was charged and links back',
    async () => {
      // A free offering proves the address first: nothing is paid, so no one gets a license they did not ask for.
      await page.goto(url(`/marketplace/${issuerClientId}`));
      await page.getByRole('button', { name: 'Get it free: Journey Free', exact: true }).click();
      const guest = page.getByTestId('guest-checkout');
      await guest.getByLabel('E-mail address').fill(buyer);
      await expectFitsAndAccessible(page, 'guest checkout: the address');
      await guest.getByRole('button', { name: 'Send me a code' }).click();
      await guest.getByLabel('Code').waitFor();
      expect(await guest.innerText()).toMatch(/We e-mailed a 6-digit code to j\*+@example\.com/);
      expect(await setup.database.db.account.count({ where: { email: buyer } })).toBe(0);
      await expectFitsAndAccessible(page, 'guest checkout: the code');
      await fitsAndAccessibleInDark(page, 'guest checkout: the code');
      const codeMail = await setup.smtp.waitForMail((candidate) => candidate.to.includes(buyer) && candidate.subject.includes('Journey Free'));
      expect(codeMail.text).toContain(`Journey Free from ${STORE} is`);
      await guest.getByLabel('Code').fill(await nextCode(buyer));
      await guest.getByRole('button', { name: 'Confirm and get it', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/licenses' && current.searchParams.has('session'));
      freeOrderId = new URL(page.url()).searchParams.get('session')!;
      await page.getByTestId('license-code-box').waitFor();
      const code = await page.getByTestId('license-code').inputValue();
      expect(code).toMatch(/^SVC_LIC_/);
      await expectFitsAndAccessible(page, 'licenses with the new license code');
      await shot(page, `${viewport.name}-licenses-code`);

      await page.goto(url(`/marketplace/${issuerClientId}`));
      await page.getByRole('button', { name: 'Buy Journey Plus', exact: true }).click();
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/checkout/cancelled');
      const cancelled = page.getByTestId('checkout-cancelled');
      expect(await cancelled.getAttribute('data-state')).toBe('cancelled');
      expect(await cancelled.innerText()).toContain('Nothing was charged');
      expect(await page.getByRole('link', { name: /^Back to .*storefront/ }).getAttribute('href')).toBe(`/marketplace/${issuerClientId}`);
      await expectFitsAndAccessible(page, 'checkout cancelled');
    },
    E2E_TIMEOUT,
  );

  it(
    'buys the paid offering on the local processor’s page; the result page shows its buyer the license code, with a Copy button, and the receipt',
    async () => {
      await page.goto(url(`/marketplace/${issuerClientId}`));
      await page.getByRole('button', { name: 'Buy Journey Plus', exact: true }).click();
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      paidOrderId = new URL(page.url()).pathname.split('/')[3]!;
      await expectFitsAndAccessible(page, 'local processor page');
      // The button says what is paid.
      await page.getByRole('button', { name: 'Pay $12.00 / month', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/checkout/complete');

      expect(await page.getByTestId('checkout-complete').getAttribute('data-state')).toBe('completed');
      const receipt = page.getByTestId('checkout-receipt');
      expect(await receipt.getByTestId('receipt-amount').innerText()).toBe('$12.00');
      expect(await receipt.getByTestId('receipt-payment-method').innerText()).toContain('Local test processor');
      expect(await page.getByRole('link', { name: 'See the receipt' }).getAttribute('href')).toBe(`/orders/${paidOrderId}`);
      const codeBox = page.getByTestId('license-code-box');
      expect(await codeBox.getByRole('heading').innerText()).toBe('Your license code');
      expect(await codeBox.getByTestId('license-code').inputValue()).toMatch(/^SVC_LIC_/);
      await codeBox.getByRole('button', { name: 'Copy' }).waitFor();
      await expectFitsAndAccessible(page, 'checkout complete with the receipt');
      await fitsAndAccessibleInDark(page, 'checkout complete with the receipt');
      await shot(page, `${viewport.name}-complete`);

      const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: paidOrderId } });
      paidLicenseId = license.id;
      paidOrders.set(viewport.name, paidOrderId);
      paidLicenses.set(viewport.name, paidLicenseId);
      const mail = await setup.smtp.waitForMail((candidate) => candidate.to.includes(buyer) && candidate.subject.startsWith('Your Journey Plus license'));
      expect(mail.html).toContain(`${setup.server.baseUrl}/orders/${paidOrderId}`);
      expect(mail.html).toContain(`${setup.server.baseUrl}/licenses#license-${paidLicenseId}`);
      deliveryMail = mail.html;
    },
    E2E_TIMEOUT,
  );

  it(
    'the delivery e-mail’s button signs the buyer in once, in a new browser, straight to the license code; a second use leads to the ordinary sign-in',
    async () => {
      const link = new RegExp(`${setup.server.baseUrl}/login/link/[A-Za-z0-9_-]+`).exec(deliveryMail)![0];
      const later = await setup.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      try {
        const fresh = await later.newPage();
        fresh.setDefaultTimeout(30_000);
        await fresh.goto(link);
        expect(await fresh.getByTestId('sign-in-link').getAttribute('data-state')).toBe('open');
        await expectFitsAndAccessible(fresh, 'the sign-in link page');
        await fresh.getByRole('button', { name: 'Continue' }).click();
        await fresh.waitForURL((current) => current.pathname === '/licenses' && current.searchParams.get('session') === paidOrderId);
        expect(await fresh.getByTestId('license-code').inputValue()).toMatch(/^SVC_LIC_/);
        expect(await fresh.getByTestId('signed-in-as').innerText()).toContain(buyer);

        // Spent: opened again, it offers the ordinary sign-in back to the same place.
        await fresh.goto(link);
        expect(await fresh.getByTestId('sign-in-link').getAttribute('data-state')).toBe('used');
        expect(await fresh.getByRole('link', { name: 'Sign in with an e-mailed code' }).getAttribute('href')).toBe(
          `/login?callbackUrl=${encodeURIComponent(`/licenses?session=${paidOrderId}`)}`,
        );
        await expectFitsAndAccessible(fresh, 'a used sign-in link');
      } finally {
        await later.close();
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'the orders list every checkout newest first with what it charged; the receipt is print-ready and links to the license and the storefront',
    async () => {
      await page.getByRole('link', { name: 'Your orders', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/orders');
      const orders = page.getByTestId('order');
      // Newest first: the paid one, a cancelled checkout, the free one. The guest's cancelled checkout
      // before any sign-in is no one's: it named no address, so it is in nobody's orders.
      expect(await orders.count()).toBe(3);
      const ids = await orders.evaluateAll((items) => items.map((item) => item.getAttribute('data-order-id')));
      expect(ids[0]).toBe(paidOrderId);
      expect(ids[2]).toBe(freeOrderId);
      expect(await orders.nth(0).getByTestId('order-amount').innerText()).toBe('$12.00');
      expect(await orders.nth(0).getByTestId('order-status').innerText()).toBe('Paid');
      expect(await orders.nth(0).getByTestId('order-seller').innerText()).toBe(STORE);
      expect(await orders.nth(1).getByTestId('order-status').innerText()).toBe('Cancelled');
      expect(await orders.nth(2).getByTestId('order-amount').innerText()).toBe('Free');
      // What an order sold is one click away from the list: its license code; a cancelled order sold nothing.
      expect(await orders.nth(0).getByRole('link', { name: 'Show the license code of Journey Plus' }).getAttribute('href')).toBe(`/licenses?session=${paidOrderId}`);
      expect(await orders.nth(2).getByRole('link', { name: 'Show the license code of Journey Free' }).getAttribute('href')).toBe(`/licenses?session=${freeOrderId}`);
      expect(await orders.nth(1).getByRole('link', { name: /license/ }).count()).toBe(0);
      await expectFitsAndAccessible(page, 'orders');
      await fitsAndAccessibleInDark(page, 'orders');
      await shot(page, `${viewport.name}-orders`);

      await orders.nth(0).getByRole('link', { name: 'Journey Plus', exact: true }).click();
      await page.waitForURL((current) => current.pathname === `/orders/${paidOrderId}`);
      const receipt = page.getByTestId('receipt');
      expect(await receipt.getByTestId('receipt-order-number').innerText()).toBe(paidOrderId);
      expect(await receipt.getByTestId('receipt-status').innerText()).toBe('Paid');
      // An invoice: the seller's number, whom it was billed to, and the tax line (none is collected).
      const invoiceNumber = (await setup.database.db.checkout.findUniqueOrThrow({ where: { id: paidOrderId } })).invoiceNumber!;
      expect(await receipt.getByTestId('receipt-invoice-number').innerText()).toBe(`INV-${String(invoiceNumber).padStart(6, '0')}`);
      expect(await receipt.getByTestId('receipt-billed-to').innerText()).toBe(buyer);
      expect(await receipt.getByTestId('receipt-tax').innerText()).toBe('$0.00');
      expect(await page.getByRole('link', { name: 'See the license' }).getAttribute('href')).toBe(`/licenses#license-${paidLicenseId}`);
      expect(await page.getByRole('link', { name: `Back to ${STORE}'s storefront` }).getAttribute('href')).toBe(`/marketplace/${issuerClientId}`);
      await expectFitsAndAccessible(page, 'receipt');
      await fitsAndAccessibleInDark(page, 'receipt');
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print this receipt' }).isVisible()).toBe(false);
      await shot(page, `${viewport.name}-receipt-print`);
      await page.emulateMedia({ media: 'screen' });

      // The code sold with the order stays one click away from its receipt.
      expect(await page.getByRole('link', { name: 'Show the license code' }).getAttribute('href')).toBe(`/licenses?session=${paidOrderId}`);
      await page.getByRole('link', { name: 'Show the license code' }).click();
      await page.getByTestId('license-code-box').waitFor();
      shownCode = await page.getByTestId('license-code').inputValue();
      expect(shownCode).toMatch(/^SVC_LIC_/);
      await page.goBack();

      // Another buyer's receipt is the 404 page, like an unknown order; their result page shows no receipt.
      const other = [...paidOrders.entries()].find(([name]) => name !== viewport.name)?.[1];
      if (other) {
        await page.goto(url(`/checkout/complete?session_id=${other}`));
        expect(await page.getByTestId('checkout-complete').getAttribute('data-state')).toBe('completed');
        expect(await page.getByTestId('checkout-receipt').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Sign in to see the receipt' }).getAttribute('href')).toBe(
          `/login?callbackUrl=${encodeURIComponent(`/orders/${other}`)}`,
        );
        await expectFitsAndAccessible(page, 'another buyer’s result page');
      }
      for (const id of [other, '00000000-0000-0000-0000-000000000000'].filter(Boolean)) {
        const response = await page.goto(url(`/orders/${id}`));
        expect(response?.status()).toBe(404);
        expect(await page.locator('main').innerText()).toContain('Page not found');
        await expectFitsAndAccessible(page, 'another buyer’s receipt');
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'a day later in a new browser, the e-mailed receipt link leads through sign-in to the receipt, and from it to the same license code',
    async () => {
      const later = await setup.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      try {
        const fresh = await later.newPage();
        fresh.setDefaultTimeout(30_000);
        await fresh.goto(url(`/orders/${paidOrderId}`));
        await fresh.waitForURL((current) => current.pathname === '/login');
        await fresh.getByLabel('E-mail address').fill(buyer);
        await fresh.getByRole('button', { name: 'Send me a code' }).click();
        await fresh.getByLabel('Code').fill(await nextCode(buyer));
        await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
        await fresh.waitForURL((current) => current.pathname === `/orders/${paidOrderId}`);
        await fresh.getByRole('link', { name: 'Show the license code' }).click();
        await fresh.getByTestId('license-code-box').waitFor();
        expect(await fresh.getByTestId('license-code').inputValue()).toBe(shownCode);
        await expectFitsAndAccessible(fresh, 'the license code from the receipt, in a new browser');
      } finally {
        await later.close();
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'the license page: a returning buyer adds a code without breaking the one in use, replaces codes only when confirmed, and revokes on screen',
    async () => {
      await page.goto(url(`/licenses#license-${paidLicenseId}`));
      const license = page.locator(`[data-license-id="${paidLicenseId}"]`);
      await license.waitFor();
      await expectFitsAndAccessible(page, 'licenses');
      const status = (label: string) => license.getByTestId('license-code-row').filter({ hasText: label }).getByTestId('license-code-status');

      // Add a code: the question says the current code keeps working, and it does.
      await license.getByRole('button', { name: /^Add a code for Seat 1 of Journey Plus/ }).click();
      const adding = license.getByRole('group', { name: /^Confirm: add a code/ });
      expect(await adding.innerText()).toContain('Its current code keeps working');
      await adding.getByRole('button', { name: 'Add code' }).click();
      await license.getByTestId('new-license-code-box').waitFor();
      const added = await license.getByTestId('new-license-code').inputValue();
      expect(added).toMatch(/^SVC_LIC_/);
      expect(await license.getByTestId('new-license-code-box').innerText()).toContain('The seat’s other codes keep working');
      await expectFitsAndAccessible(page, 'licenses with a new code shown once');
      await shot(page, `${viewport.name}-licenses-new-code`);
      await license.getByRole('button', { name: 'I have stored it' }).click();
      await license.getByTestId('license-code-row').filter({ hasText: 'Code 2' }).waitFor();
      expect(await status('Seat 1').innerText()).toBe('Active');
      const runtimeStatus = async (code: string) =>
        (
          await fetch(url('/licensing/runtime/GenerateLicenseAuthorization'), {
            method: 'POST',
            headers: { authorization: `Bearer ${decodeLicenseCode(code)}`, 'content-type': 'application/json' },
            body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: paidLicenseId }),
          })
        ).status;
      expect(await runtimeStatus(shownCode)).toBe(200);
      expect(await runtimeStatus(added)).toBe(200);

      // Replace: confirmed separately, and it revokes every code the seat had.
      await license.getByRole('button', { name: /^Replace code for Seat 1 of Journey Plus/ }).click();
      const replacing = license.getByRole('group', { name: /^Confirm: replace code/ });
      expect(await replacing.innerText()).toContain('Its current 2 codes stop working');
      await replacing.getByRole('button', { name: 'Replace code' }).click();
      await license.getByTestId('new-license-code-box').waitFor();
      await license.getByRole('button', { name: 'I have stored it' }).click();
      await license.getByTestId('license-code-row').filter({ hasText: 'Code 3' }).waitFor();
      await status('Seat 1').filter({ hasText: 'Revoked' }).waitFor();
      await status('Code 2').filter({ hasText: 'Revoked' }).waitFor();

      await license.getByRole('button', { name: /^Revoke Code 3/ }).click();
      const confirm = license.getByRole('group', { name: /^Confirm revoking/ });
      await confirm.waitFor();
      const box = await confirm.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await expectFitsAndAccessible(page, 'licenses with the revoke confirmation');
      await confirm.getByRole('button', { name: 'Revoke code' }).click();
      await status('Code 3').filter({ hasText: 'Revoked' }).waitFor();
      await expectFitsAndAccessible(page, 'licenses with a revoked code');
      await fitsAndAccessibleInDark(page, 'licenses with a revoked code');
      await shot(page, `${viewport.name}-licenses-revoked`);
    },
    E2E_TIMEOUT,
  );

  it(
    'the billing page: cancel (confirmed) ends the subscription with the period, keep undoes it',
    async () => {
      const license = page.locator(`[data-license-id="${paidLicenseId}"]`);
      await license.getByRole('link', { name: 'Manage billing of Journey Plus' }).click();
      await page.waitForURL((current) => current.pathname === `/licenses/${paidLicenseId}/billing`);
      expect(await page.getByTestId('billing-price').innerText()).toBe('$12.00 per month');
      expect(await page.getByTestId('billing-seats').innerText()).toBe('1');
      expect(await page.getByTestId('billing-next-charge').innerText()).toMatch(/^\$12\.00 on /);
      expect(await page.getByTestId('billing-payment-method').innerText()).toBe('Local test processor (no card is charged)');
      expect(await page.getByTestId('billing-charges').getByRole('link', { name: /^Purchase, invoice INV-\d{6}$/ }).getAttribute('href')).toBe(`/orders/${paidOrderId}`);
      await expectFitsAndAccessible(page, 'billing');

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirm = page.getByRole('group', { name: 'Confirm cancelling the subscription' });
      await confirm.waitFor();
      await expectFitsAndAccessible(page, 'billing with the cancel confirmation');
      await confirm.getByRole('button', { name: 'Yes, cancel at the end of the period' }).click();
      await page.getByTestId('billing-feedback').filter({ hasText: 'Your subscription is cancelled' }).waitFor();
      await page.getByRole('button', { name: 'Keep my subscription' }).waitFor();
      const cancelled = await setup.database.db.license.findUniqueOrThrow({ where: { id: paidLicenseId } });
      expect(cancelled.cancelAtPeriodEnd).toBe(true);
      expect(cancelled.termEnd!.getTime()).toBeGreaterThan(Date.now());
      expect(await page.getByTestId('billing-renewal').innerText()).toContain('cancelled, will not renew');
      await expectFitsAndAccessible(page, 'billing cancelled');
      await fitsAndAccessibleInDark(page, 'billing cancelled');
      await shot(page, `${viewport.name}-billing-cancelled`);

      await page.getByRole('button', { name: 'Keep my subscription' }).click();
      await page.getByTestId('billing-feedback').filter({ hasText: 'will renew as before' }).waitFor();
      await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
      const kept = await setup.database.db.license.findUniqueOrThrow({ where: { id: paidLicenseId } });
      expect(kept).toMatchObject({ cancelAtPeriodEnd: false, termEnd: null });
      await expectFitsAndAccessible(page, 'billing kept');

      // Another buyer's subscription: its billing page is the 404 page, and the mutations answer NotFound, changing nothing.
      const other = [...paidLicenses.entries()].find(([name]) => name !== viewport.name)?.[1];
      if (other) {
        const response = await page.goto(url(`/licenses/${other}/billing`));
        expect(await page.locator('main').innerText()).toContain('Page not found');
        expect(response?.status()).not.toBe(200);
        for (const procedure of ['licenses.cancelSubscription', 'licenses.keepSubscription']) {
          const answer = await page.request.post(url(`/api/trpc/${procedure}`), { data: { json: { licenseId: other } } });
          expect(answer.status()).toBe(404);
          expect((await answer.json()).error.json.data.apiCode).toBe('NotFound');
        }
        expect(await setup.database.db.license.findUniqueOrThrow({ where: { id: other } })).toMatchObject({ cancelAtPeriodEnd: false, termEnd: null });
      }
    },
    E2E_TIMEOUT,
  );
});
