import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct } from '../support/factories';
import { createDisputeRow, createOrder, createRefundRow } from '../support/order-factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The seller's order page in Chromium at a desktop and a phone width: an order paid through the
// local processor is refunded in part (the license kept), a second tab still showing the old amount
// is refused by the server next to its amount field, then the rest is refunded (the license ended);
// the page shows both refunds confirmed by the processor, and the license page says why it ended.
// A disputed order and a free one show what they should. Every state passes the sideways-scroll and
// axe-core checks.

const E2E_TIMEOUT = 180_000;
const SELLER_EMAIL = 'refunds.owner@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sellerCookie: string;
let apiKey: string;
let offeringId: string;
let disputed: { orderId: string; licenseId: string };
let free: { orderId: string };
let buyerCookie: string;
let buyerOrderId: string;
const BUYER_EMAIL = 'refunded.buyer@example.com';

beforeAll(async () => {
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Refunds Ltd' });
  const { sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } });
  await setup.database.db.seller.update({ where: { id: sellerId }, data: { checkoutReady: true } });
  const product = await createProduct(setup.database.db, sellerId, { name: 'Render Farm' });
  const offering = await createOffering(setup.database.db, product, { name: 'Desktop', classification: LicenseClassification.Perpetual, priceMinor: 4000 });
  offeringId = offering.id;
  apiKey = (await createApiKey({ db: setup.database.db }, { sellerId, label: 'backend' })).key;

  // A paid order whose payment the buyer's bank disputes: its license is held.
  const held = await createOrder(setup.database.db, offering, { buyerEmail: 'disputer@refunds.example', amountMinor: 4000, withLicense: true });
  await createDisputeRow(setup.database.db, held.checkout, { amountMinor: 4000, licenseId: held.license!.id, reason: 'product_not_received' });
  await setup.database.db.license.update({ where: { id: held.license!.id }, data: { status: 'Suspended', statusReason: 'Disputed' } });
  disputed = { orderId: held.checkout.id, licenseId: held.license!.id };
  free = { orderId: (await createOrder(setup.database.db, offering, { buyerEmail: 'free@refunds.example', amountMinor: 0, withLicense: true })).checkout.id };

  // A buyer's order refunded in part (one refund done, one on its way).
  buyerCookie = await portalSignIn(setup.server.baseUrl, BUYER_EMAIL, codeReader(setup.smtp));
  const bought = await createOrder(setup.database.db, offering, { buyerEmail: BUYER_EMAIL, amountMinor: 4000, withLicense: true });
  await createRefundRow(setup.database.db, bought.checkout, { amountMinor: 1000, createdAt: new Date('2026-03-02T10:00:00Z') });
  await createRefundRow(setup.database.db, bought.checkout, { amountMinor: 550, status: 'pending', createdAt: new Date('2026-03-03T10:00:00Z') });
  buyerOrderId = bought.checkout.id;
}, 300_000);

/** An order the seller's backend opens for a tenant and the buyer pays on the local processor's page. */
async function paidOrder(customerEmail: string): Promise<{ orderId: string; licenseId: string }> {
  const response = await fetch(`${setup.server.baseUrl}/licensing/checkout/embedded`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey },
    body: JSON.stringify({ OfferingId: offeringId, CorrelationId: `tenant-${crypto.randomUUID()}`, CustomerEmail: customerEmail }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { SessionId } = (await response.json()) as { SessionId: string };
  expect((await fetch(`${setup.server.baseUrl}/checkout/local/${SessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: SessionId } });
  return { orderId: SessionId, licenseId: license.id };
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

async function refundStatuses(page: Page): Promise<string[]> {
  return page.getByTestId('order-refund-status').allInnerTexts();
}

describe('the seller’s order page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: an order is refunded in part, then the rest; a stale page’s refund is refused next to its amount; the license ends`,
      async () => {
        const buyer = `buyer-${viewport.width}@refunds.example`;
        const order = await paidOrder(buyer);
        const orderUrl = `${setup.server.baseUrl}/portal/orders/${order.orderId}`;
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);
        try {
          // From the order list, each row leads to its order.
          await page.goto(`${setup.server.baseUrl}/portal/orders?q=${encodeURIComponent(buyer)}`);
          expect(await page.getByTestId('order-row').count()).toBe(1);
          await page.getByRole('link', { name: `Order ${order.orderId}`, exact: true }).click();
          await page.waitForURL(orderUrl);
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Order INV-\d{6}$/);
          expect(await text(page, 'order-customer')).toBe(buyer);
          expect([await text(page, 'order-amount'), await text(page, 'order-refunded'), await text(page, 'order-refundable')]).toEqual(['$40.00', '$0.00', '$40.00']);
          expect(await page.getByTestId('order-license').getByTestId('license-status').innerText()).toBe('Active');
          expect(await page.getByText('Nothing has been refunded on this order.').count()).toBe(1);
          expect(await page.getByText('The buyer’s bank has not disputed this payment.').count()).toBe(1);
          await expectFitsAndAccessible(page, 'a paid order');

          // A second tab opened now keeps showing $40.00 left to refund.
          const stale = await context.newPage();
          await stale.goto(orderUrl);
          await waitForHydration(stale);

          // The form starts with all that is left, and ending the license.
          await waitForHydration(page);
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          const form = page.getByTestId('refund-form');
          const amount = form.getByLabel('Amount (USD)');
          expect(await amount.inputValue()).toBe('40.00');
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');
          expect(await form.getByLabel('End the license (its codes stop working)').isChecked()).toBe(true);
          expect(await text(page, 'refund-sentence')).toBe(`Refund $40.00 to ${buyer} and end the license: its codes stop working at their next check.`);
          await expectFitsAndAccessible(page, 'the refund form');
          await page.screenshot({ path: `test-results/order-refund-form-${viewport.width}.png`, fullPage: true });

          // A part keeps the license unless the seller says otherwise.
          await amount.fill('15.50');
          expect(await form.getByLabel('Keep the license').isChecked()).toBe(true);
          expect(await text(page, 'refund-sentence')).toBe(`Refund $15.50 to ${buyer} and keep the license: its codes keep working.`);
          await form.getByLabel(/^Reason/).fill('Missing feature');
          await form.getByRole('button', { name: 'Refund $15.50' }).click();
          await expect.poll(() => page.getByTestId('toast').locator('p').innerText().catch(() => '')).toBe(`Refunded $15.50 to ${buyer}.`);
          await expect.poll(() => page.getByTestId('order-refund').count()).toBe(1);
          await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('refunds-heading');
          // Pending until the processor confirms it; the page reads itself again until then.
          await expect.poll(() => refundStatuses(page), { timeout: 20_000 }).toEqual(['Succeeded']);
          expect([await text(page, 'order-refunded'), await text(page, 'order-refundable')]).toEqual(['$15.50', '$24.50']);
          const first = page.getByTestId('order-refund').first();
          expect(await first.getByTestId('order-refund-amount').innerText()).toBe('$15.50');
          expect(await first.innerText()).toContain('Missing feature');
          expect(await first.innerText()).toContain('You');
          expect(await first.getByTestId('order-refund-license').innerText()).toBe('Kept');
          expect(await page.getByTestId('order-license').getByTestId('license-status').innerText()).toBe('Active');
          expect(await page.getByTestId('order-status').innerText()).toContain('Partly refunded');
          await expectFitsAndAccessible(page, 'a partly refunded order');

          // The stale tab asks for $40.00: the server refuses, and says so at the amount.
          await stale.getByRole('button', { name: 'Refund', exact: true }).click();
          expect(await stale.getByTestId('refund-form').getByLabel('Amount (USD)').inputValue()).toBe('40.00');
          await stale.getByRole('button', { name: 'Refund $40.00' }).click();
          const refusal = stale.getByTestId('refund-amount-error');
          await refusal.waitFor();
          expect(await refusal.innerText()).toMatch(/more than what is left to refund \(24\.5 USD\)/);
          expect(await stale.getByLabel('Amount (USD)').getAttribute('aria-invalid')).toBe('true');
          await expect.poll(() => stale.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');
          await expectFitsAndAccessible(stale, 'a refund the server refused');
          await stale.screenshot({ path: `test-results/order-refund-refused-${viewport.width}.png`, fullPage: true });
          await stale.close();
          expect(await setup.database.db.refund.count({ where: { checkoutId: order.orderId } })).toBe(1);

          // The rest: all that is left, so the form ends the license by default.
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          expect(await amount.inputValue()).toBe('24.50');
          expect(await form.getByLabel('End the license (its codes stop working)').isChecked()).toBe(true);
          expect(await text(page, 'refund-sentence')).toBe(`Refund $24.50 to ${buyer} and end the license: its codes stop working at their next check.`);
          await form.getByRole('button', { name: 'Refund $24.50' }).click();
          await expect.poll(() => page.getByTestId('toast').locator('p').innerText().catch(() => '')).toBe(`Refunded $24.50 to ${buyer}. The license has ended.`);
          await expect.poll(() => refundStatuses(page), { timeout: 20_000 }).toEqual(['Succeeded', 'Succeeded']);
          await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('refunds-heading');
          expect(await page.getByTestId('order-refund-license').allInnerTexts()).toEqual(['Kept', 'Ended (its codes stop working)']);
          expect(await page.getByTestId('order-refund-amount').allInnerTexts()).toEqual(['$15.50', '$24.50']);
          expect([await text(page, 'order-refunded'), await text(page, 'order-refundable')]).toEqual(['$40.00', '$0.00']);
          expect(await page.getByTestId('order-license').getByTestId('license-status').innerText()).toBe('Cancelled');
          expect(await text(page, 'order-license-reason')).toBe('ended by a refund');
          expect(await page.getByTestId('order-status').innerText()).toContain('Refunded');
          // Nothing is left to refund: no Refund button.
          expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
          expect(await setup.database.db.license.findUniqueOrThrow({ where: { id: order.licenseId } })).toMatchObject({ status: 'Cancelled', statusReason: 'Refunded' });
          await expectFitsAndAccessible(page, 'an order refunded in full');
          await page.screenshot({ path: `test-results/order-refunded-${viewport.width}.png`, fullPage: true });
          await page.emulateMedia({ colorScheme: 'dark' });
          await expectFitsAndAccessible(page, 'an order refunded in full, in dark mode');
          await page.emulateMedia({ colorScheme: 'light' });

          // The license page says why it ended and leads back to the order.
          await page.getByTestId('order-license').getByRole('link', { name: 'Open the license' }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/licenses/${order.licenseId}`);
          expect(await text(page, 'license-status-reason')).toMatch(/^Ended by a refund of its order/);
          await expectFitsAndAccessible(page, 'a license ended by a refund');
          await page.getByTestId('license-status-reason').getByRole('link', { name: /^See order INV-\d{6}$/ }).click();
          await page.waitForURL(orderUrl);

          // The order list shows what went back.
          await page.goto(`${setup.server.baseUrl}/portal/orders?q=${encodeURIComponent(buyer)}`);
          const row = page.getByTestId('order-row');
          expect(await row.getByTestId('order-refunded').innerText()).toBe('$40.00 refunded');
          expect(await row.innerText()).toContain('Refunded');
          await expectFitsAndAccessible(page, 'the order list with a refunded order');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a disputed order shows its dispute and the held license; a free order has nothing to refund`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/orders/${disputed.orderId}`);
          expect(await page.getByTestId('order-status').innerText()).toContain('Disputed');
          const dispute = page.getByTestId('order-dispute');
          expect(await dispute.count()).toBe(1);
          expect(await dispute.innerText()).toContain('$40.00 disputed');
          expect(await dispute.innerText()).toContain('product not received');
          expect(await dispute.innerText()).toContain('Open');
          expect(await text(page, 'order-license-reason')).toBe('suspended by a dispute');
          await expectFitsAndAccessible(page, 'a disputed order');
          await page.screenshot({ path: `test-results/order-disputed-${viewport.width}.png`, fullPage: true });

          await page.goto(`${setup.server.baseUrl}/portal/licenses/${disputed.licenseId}`);
          expect(await text(page, 'license-status-reason')).toMatch(/^Suspended by a dispute/);
          expect(await page.getByTestId('license-order-link').getAttribute('href')).toBe(`/portal/orders/${disputed.orderId}`);
          // The refund action is one step from the license: its order's Money section.
          expect(await page.getByTestId('license-refund-link').getAttribute('href')).toBe(`/portal/orders/${disputed.orderId}#order-money-heading`);
          await expectFitsAndAccessible(page, 'a license held by a dispute');
          // The buyer lost the e-mail: it goes again, with a new sign-in link to the codes.
          await waitForHydration(page);
          const resent = setup.smtp.messages.filter((mail) => mail.to.includes('disputer@refunds.example')).length;
          await page.getByRole('button', { name: 'Resend the license e-mail' }).click();
          await page.getByText('Sent to disputer@refunds.example').waitFor();
          await expect.poll(() => setup.smtp.messages.filter((mail) => mail.to.includes('disputer@refunds.example') && mail.html.includes('/login/link/')).length).toBeGreaterThan(resent);
          await expectFitsAndAccessible(page, 'the license e-mail resent');

          await page.goto(`${setup.server.baseUrl}/portal/orders/${free.orderId}`);
          await waitForHydration(page);
          expect(await text(page, 'order-amount')).toBe('Free');
          expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
          expect(await page.getByText('This order took no money, so there is nothing to refund.').count()).toBe(1);
          await expectFitsAndAccessible(page, 'a free order');

          // An unknown order (another seller's alike): the not-found page.
          expect((await page.goto(`${setup.server.baseUrl}/portal/orders/${crypto.randomUUID()}`))?.status()).toBe(404);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: the buyer’s orders and receipt show what was refunded and the net paid`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, buyerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/orders`);
          const listed = page.locator(`[data-order-id="${buyerOrderId}"]`);
          expect(await listed.getByTestId('order-amount').innerText()).toBe('$40.00');
          expect(await listed.getByTestId('order-refunded').innerText()).toBe('$15.50 refunded');
          await expectFitsAndAccessible(page, 'the buyer’s orders with a refund');

          await page.goto(`${setup.server.baseUrl}/orders/${buyerOrderId}`);
          expect(await text(page, 'receipt-amount')).toBe('$40.00');
          expect((await page.getByTestId('receipt-refunded').getByRole('listitem').allInnerTexts()).map((line) => line.trim())).toEqual([
            '$10.00 on Mar 2, 2026',
            '$5.50 on Mar 3, 2026 (on its way back to you)',
          ]);
          expect(await text(page, 'receipt-net-paid')).toBe('$24.50');
          await expectFitsAndAccessible(page, 'a receipt with refunds');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
