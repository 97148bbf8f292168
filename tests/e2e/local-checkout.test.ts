import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowRepeatPurchases } from '../support/factories';
import { browserTestFile } from '../support/browser-test-file';
import { continueWithDeliveryLink } from '../support/delivery-link';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';

// A buyer in Chromium against the real server: sign in, buy on the demo storefront, pay on the
// local processor's hosted page, see the license page, take a free offering, revoke its code.

const BUYER = 'e2e.buyer@example.com';
const E2E_TIMEOUT = 90_000;

const setup = browserTestFile();
let page: Page;
let freeLicenseId: string;

beforeAll(async () => {
  page = await setup.browser.newPage();
  page.setDefaultTimeout(30_000);
});

const url = (path: string) => `${setup.server.baseUrl}${path}`;
const sessionIdOf = (address: string, param: string) => new URL(address).searchParams.get(param) ?? '';

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('buying on the storefront with the local processor, in Chromium', () => {
  it(
    'pay first, verify after: a link that starts a purchase, signed out, goes straight to the hosted page, which asks for the e-mail address; Pay → complete page → the e-mailed link signs in to the codes',
    async () => {
      // Signed out, a link with the purchase in it (`?buy=`) opens the hosted page of that offering
      // at once: no account, no code before paying.
      const proMonthly = await setup.database.db.offering.findFirstOrThrow({ where: { name: 'Pro Monthly', seller: { issuerClientId: 'demo' } } });
      // The store's policies, from its settings, are linked from its checkout page.
      await setup.database.db.seller.update({ where: { issuerClientId: 'demo' }, data: { termsUrl: 'https://demo.example/terms', privacyUrl: 'https://demo.example/privacy' } });
      await page.goto(url(`/marketplace/demo?buy=${proMonthly.id}&seats=1`));
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      const checkoutId = new URL(page.url()).pathname.split('/')[3]!;
      const hostedText = await page.locator('main').innerText();
      expect(hostedText).toContain('Demo Studio Team');
      expect(hostedText).toContain('Pro Monthly');
      expect(hostedText).toContain('$9.99 / month');
      expect(await page.getByTestId('checkout-buyer').count()).toBe(0);
      expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({ buyerAccountId: null, customerEmail: null });
      // Pay without an address goes back to the page, which asks for it.
      await page.getByTestId('checkout-email').evaluate((input) => input.removeAttribute('required'));
      await page.getByRole('button', { name: 'Pay $9.99 / month', exact: true }).click();
      await page.waitForURL((current) => current.searchParams.get('email') === 'missing');
      await page.getByRole('alert').filter({ hasText: 'Enter the e-mail address your license should go to.' }).waitFor();
      expect(await setup.database.db.account.count({ where: { email: BUYER } })).toBe(0);
      await page.getByTestId('checkout-email').fill(BUYER.toUpperCase());
      // The seller's page: its name and logo, not the service's navigation; what the buyer commits to, in words.
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByTestId('renewal').innerText()).toBe('Then $9.99 / month, renewing until you cancel. Cancel anytime from your licenses page.');
      expect(await page.getByTestId('checkout-terms').innerText()).toBe("By paying you accept Demo Studio Team's terms and privacy policy.");
      expect(await page.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('https://demo.example/terms');
      // The keyboard meets Pay first and Cancel right after it, as the eye reads them (on a phone Pay is on top).
      const pay = page.getByRole('button', { name: 'Pay $9.99 / month', exact: true });
      await pay.focus();
      await page.keyboard.press('Tab');
      expect(await page.getByRole('button', { name: 'Cancel', exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
      const [payBox, cancelBox] = [await pay.boundingBox(), await page.getByRole('button', { name: 'Cancel', exact: true }).boundingBox()];
      expect(payBox!.x).toBeLessThan(cancelBox!.x);
      fs.mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: 'test-results/local-checkout-page.png', fullPage: true });

      await pay.click();
      await page.waitForURL((current) => current.pathname === '/checkout/complete');
      expect(sessionIdOf(page.url(), 'session_id')).toBe(checkoutId);
      expect(await page.locator('main').innerText()).toContain('Payment received for Pro Monthly.');
      expect(await page.getByTestId('checkout-complete').getAttribute('data-state')).toBe('completed');
      // Signed out, the page shows no code: they go to the address typed, whose owner alone can open them.
      expect(await page.getByTestId('codes-by-email').innerText()).toContain('Show your license codes');
      expect(await page.getByTestId('license-code-box').count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Back to Demo Studio Team/ }).getAttribute('href')).toBe('/marketplace/demo');

      const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId }, include: { license: true, buyer: true } });
      expect(checkout.status).toBe('completed');
      expect(checkout.processor).toBe('local');
      expect(checkout.buyer?.email).toBe(BUYER);
      expect(checkout.license).not.toBeNull();
      expect(checkout.license!.buyerAccountId).toBe(checkout.buyerAccountId);

      const delivery = await setup.smtp.waitForMail((mail) => mail.to.includes(BUYER) && mail.subject.startsWith('Your Pro Monthly license'));
      expect(delivery.subject).toBe('Your Pro Monthly license from Demo Studio Team');
      expect(delivery.html).toContain(`${setup.server.baseUrl}/licenses`);
      await continueWithDeliveryLink(page, setup.smtp, { baseUrl: setup.server.baseUrl, email: BUYER, offeringName: 'Pro Monthly' });
      expect(new URL(page.url()).searchParams.get('session')).toBe(checkoutId);
      expect(await page.getByTestId('license-code').inputValue()).toMatch(/^SVC_LIC_/);

      await page.goto(url('/licenses'));
      const licenses = page.locator(`[data-license-id="${checkout.license!.id}"]`);
      await licenses.waitFor();
      expect(await licenses.innerText()).toContain('Pro Monthly');
      expect(await licenses.innerText()).toContain('Demo Studio Team');
    },
    E2E_TIMEOUT,
  );

  it(
    'the result page reads the checkout: pending (refreshing itself), cancelled, failed with its reason, unknown',
    async () => {
      // A checkout opened on the hosted page and not paid yet. The buyer holds Pro Monthly from the
      // test before, which the storefront does not sell twice unless the offering allows it.
      await allowRepeatPurchases(setup.database.db);
      await page.goto(url('/marketplace/demo'));
      await page.getByRole('button', { name: 'Buy Pro Monthly', exact: true }).click();
      await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
      const pendingId = new URL(page.url()).pathname.split('/')[3]!;
      const result = (id: string) => page.goto(url(`/checkout/complete?session_id=${id}`));
      const state = () => page.getByTestId('checkout-complete').getAttribute('data-state');

      await result(pendingId);
      expect(await state()).toBe('pending');
      expect(await page.locator('main').innerText()).toContain('Waiting for the payment for Pro Monthly to be confirmed');
      expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('3');

      await setup.database.db.checkout.update({ where: { id: pendingId }, data: { status: 'failed', error: 'Checkout expired.' } });
      await result(pendingId);
      expect(await state()).toBe('failed');
      expect(await page.locator('main').innerText()).toContain('Checkout expired. Nothing was charged');
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

      await setup.database.db.checkout.update({ where: { id: pendingId }, data: { error: 'Payment was cancelled.' } });
      await result(pendingId);
      expect(await state()).toBe('cancelled');
      expect(await page.locator('main').innerText()).toContain('Payment cancelled for Pro Monthly.');

      for (const unknown of ['00000000-0000-0000-0000-000000000000', 'not%20an%20id', '']) {
        await result(unknown);
        expect(await state()).toBe('unknown');
        expect(await page.locator('main').innerText()).not.toContain('Payment received');
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'a free offering: "Get it free" lands on the license page with the new license code shown once',
    async () => {
      await page.goto(url('/marketplace/demo'));
      await page.getByRole('button', { name: 'Get it free: Community', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/licenses' && current.searchParams.has('session'));
      const checkoutId = sessionIdOf(page.url(), 'session');

      const box = page.getByTestId('license-code-box');
      await box.waitFor();
      expect(await box.innerText()).toContain('Your license code');
      const code = await page.getByTestId('license-code').inputValue();
      expect(code).toMatch(/^SVC_LIC_[A-Za-z0-9_-]+$/);

      const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId }, include: { license: true } });
      expect(checkout.status).toBe('completed');
      expect(checkout.processor).toBe('none');
      freeLicenseId = checkout.license!.id;
      expect(await page.locator(`[data-license-id="${freeLicenseId}"]`).innerText()).toContain('Community');
      await page.screenshot({ path: 'test-results/licenses-page.png', fullPage: true });
    },
    E2E_TIMEOUT,
  );

  it(
    'the buyer revokes that license code on the license page: confirmed, stored, shown',
    async () => {
      expect(freeLicenseId).toBeTruthy();
      const license = page.locator(`[data-license-id="${freeLicenseId}"]`);
      await license.waitFor();
      await license.getByRole('button', { name: /^Revoke Seat 1/ }).click();
      await license.getByRole('group', { name: /^Confirm revoking/ }).getByRole('button', { name: 'Revoke code' }).click();
      await license.getByTestId('license-code-status').filter({ hasText: 'Revoked' }).waitFor();

      const code = await eventually(
        () => setup.database.db.licenseCode.findFirstOrThrow({ where: { licenseId: freeLicenseId } }),
        (row) => row.revokedAt !== null,
      );
      expect(code.revokedAt).toBeInstanceOf(Date);
      // The code of a revoked license is not offered for copying any more.
      expect(await page.getByTestId('license-code-box').count()).toBe(0);
      // The paid license's code is untouched.
      const others = await setup.database.db.licenseCode.findMany({ where: { license: { buyer: { email: BUYER } }, NOT: { licenseId: freeLicenseId } } });
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((row) => row.revokedAt === null)).toBe(true);
    },
    E2E_TIMEOUT,
  );

  it(
    'after revoking, the buyer issues a new code for that seat: shown once, then listed by its label and active',
    async () => {
      const license = page.locator(`[data-license-id="${freeLicenseId}"]`);
      await license.getByRole('button', { name: /^New license code for Seat 1 of Community/ }).click();
      const box = license.getByTestId('new-license-code-box');
      await box.waitFor();
      const code = await license.getByTestId('new-license-code').inputValue();
      expect(code).toMatch(/^SVC_LIC_[A-Za-z0-9_-]+$/);
      const issued = await eventually(
        () => setup.database.db.licenseCode.findMany({ where: { licenseId: freeLicenseId, revokedAt: null } }),
        (rows) => rows.length === 1,
      );
      expect(issued[0]!.label).toBe('Code 2');
      // The list shows the new code at once, beside the box; dismissing the box removes only the box.
      await license.getByTestId('license-code-row').filter({ hasText: 'Code 2' }).filter({ hasText: 'Active' }).waitFor();
      await box.getByRole('button', { name: 'I have stored it' }).click();
      await box.waitFor({ state: 'detached' });
      expect(await license.getByTestId('license-code-row').filter({ hasText: 'Code 2' }).filter({ hasText: 'Active' }).count()).toBe(1);
      // Shown once: the page does not carry the code any more.
      expect(await page.content()).not.toContain(code);
    },
    E2E_TIMEOUT,
  );
});

describe('a subscription with a free trial on the local processor’s hosted page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: the page says 14 days free and nothing due today; starting the trial mints a Trialing license`,
      async () => {
        const db = setup.database.db;
        const demo = await db.seller.findUniqueOrThrow({ where: { issuerClientId: 'demo' } });
        const proMonthly = await db.offering.findFirstOrThrow({ where: { name: 'Pro Monthly', sellerId: demo.id } });
        const trialOffering = await db.offering.create({
          data: { ...proMonthly, id: undefined, name: `Pro Monthly with a trial ${viewport.width}`, trialDays: 14, listed: false, createdAt: undefined, updatedAt: undefined },
        });
        const checkout = await db.checkout.create({
          data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: demo.id, offeringId: trialOffering.id, processor: 'local', quantity: 1, trialDays: 14, amountMinor: 0n, currency: trialOffering.currency, customerEmail: `trial-${viewport.width}@example.com` },
        });
        await db.checkout.update({ where: { id: checkout.id }, data: { processorSessionId: `local_${checkout.id}` } });
        const trialPage = await setup.browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
        try {
          await trialPage.goto(url(`/checkout/local/${checkout.id}`));
          expect(await trialPage.getByTestId('checkout-total').innerText()).toMatch(/^14 days free, then .+ \/ month$/);
          expect(await trialPage.getByTestId('checkout-due-today').innerText()).toMatch(/0\.00/);
          const start = trialPage.getByRole('button', { name: 'Start 14-day free trial' });
          await start.waitFor();
          expect(await trialPage.getByTestId('renewal').innerText()).toMatch(/^Nothing is due today\. After 14 days: \$9\.99 \/ month, renewing until you cancel\./);
          // The primary action first: on a phone above Cancel, on a wide screen to its left.
          const [startBox, cancelBox] = [await start.boundingBox(), await trialPage.getByRole('button', { name: 'Cancel', exact: true }).boundingBox()];
          expect(viewport.width < 640 ? startBox!.y < cancelBox!.y : startBox!.x < cancelBox!.x).toBe(true);
          await trialPage.screenshot({ path: `test-results/local-checkout-trial-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(trialPage, 'the hosted checkout of a free trial');
          await start.click();
          await trialPage.waitForURL(/\/checkout\/complete\?session_id=/);
          const license = await eventually(() => db.license.findFirst({ where: { checkoutId: checkout.id } }), (row) => row !== null);
          expect(license).toMatchObject({ status: 'Trialing', trialEnd: expect.any(Date) });
        } finally {
          await trialPage.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});

