import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '../../server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';
import { startStripeServer, type StripeServer } from '../support/stripe-server';

// "Manage billing" of a subscription sold through Stripe, clicked in Chromium: the service opens a
// customer portal session for the customer that paid (on the seller's connected account) and sends
// the browser to it; a refusal from Stripe is said on the page and the button can be tried again.
// Stripe is the local stand-in; its portal host is answered by the test.

const E2E_TIMEOUT = 180_000;
const PORTAL_ORIGIN = 'https://billing.stripe.test';

let stripe: StripeServer;
let nextCode: (email: string) => Promise<string>;
let offering: Awaited<ReturnType<typeof createOffering>>;
const STRIPE_ACCOUNT = `acct_${crypto.randomBytes(6).toString('hex')}`;

// The Stripe stand-in first: the server is configured with its address.
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.stop();
});
const setup = browserTestFile({ env: () => ({ STRIPE_SECRET_KEY: 'sk_test_portal_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_portal_e2e', STRIPE_API_BASE: stripe.baseUrl }) });

beforeAll(async () => {
  nextCode = codeReader(setup.smtp);
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId: STRIPE_ACCOUNT, storeName: 'Portal Works' } });
  const product = await createProduct(setup.database.db, seller.id, { name: 'Portal Suite' });
  offering = await createOffering(setup.database.db, product, {
    name: 'Portal Monthly',
    classification: LicenseClassification.Subscription,
    priceMinor: 1500,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
  });
}, 180_000);

/** A subscriber as Stripe's webhook leaves them: a completed Stripe checkout with its customer and subscription, and the license. */
async function stripeSubscriber(email: string) {
  const customer = `cus_${crypto.randomBytes(6).toString('hex')}`;
  const { license } = await createOrder(setup.database.db, offering, {
    buyerEmail: email,
    amountMinor: 1500,
    processor: 'stripe',
    processorSessionId: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
    processorCustomerId: customer,
    processorSubscriptionId: `sub_${crypto.randomBytes(6).toString('hex')}`,
    withLicense: true,
  });
  return { customer, licenseId: license!.id };
}

const portalRequests = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/billing_portal/sessions');

describe.each(VIEWPORTS)('Stripe’s customer portal from the license page, in Chromium at $width px', (viewport) => {
  it(
    '“Manage billing” opens a portal session for the paying customer on the seller’s account and goes there; a refusal is said and can be retried',
    async () => {
      const email = `portal.${viewport.name}@example.com`;
      const { customer, licenseId } = await stripeSubscriber(email);
      const context = await setup.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await context.route(`${PORTAL_ORIGIN}/**`, (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Stripe billing</title><h1>Stripe customer portal</h1></html>' }),
        );
        await page.goto(`${setup.server.baseUrl}/login?callbackUrl=${encodeURIComponent('/licenses')}`);
        await page.getByLabel('E-mail address').fill(email);
        await page.getByRole('button', { name: 'Send me a code' }).click();
        await page.getByLabel('Code').fill(await nextCode(email));
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/licenses');

        const manage = page.getByRole('button', { name: 'Manage billing of Portal Monthly' });
        await manage.waitFor();
        await expectFitsAndAccessible(page, 'a Stripe subscription on the license page');

        stripe.failNext(3); // the SDK retries twice: three 500s are a refusal
        const before = portalRequests().length;
        await manage.click();
        const refusal = page.getByRole('alert').filter({ hasText: 'billing portal' });
        await expect.poll(() => refusal.count(), { timeout: 20_000 }).toBe(1);
        expect(await refusal.innerText()).toBe('Stripe’s billing portal could not be opened just now. Nothing changed; try again in a moment.');
        expect(page.url()).toBe(`${setup.server.baseUrl}/licenses`);
        await expectFitsAndAccessible(page, 'the license page after Stripe refused the portal');

        await manage.click();
        await page.waitForURL((url) => url.origin === PORTAL_ORIGIN);
        expect(page.url()).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
        const request = portalRequests().at(-1)!;
        expect(portalRequests().length).toBeGreaterThan(before);
        expect(request.body).toEqual({ customer, return_url: `${setup.server.baseUrl}/licenses#license-${licenseId}` });
        expect(request.headers['stripe-account']).toBe(STRIPE_ACCOUNT);
      } finally {
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
