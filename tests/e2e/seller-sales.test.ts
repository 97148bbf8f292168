import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { expectFitsAndAccessible, portalLink, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The seller's sales pages in Chromium at a desktop and a phone width: the overview's figures and
// charts, orders (search, status filter, second page, CSV download), customers, API keys with the
// revoke confirmation on screen, a session that ends under an open page, and a signed-in person who
// sells nothing. Every state passes the sideways-scroll and axe-core checks.

const E2E_TIMEOUT = 180_000;
const SELLER_EMAIL = 'sales.owner@example.com';
const STRANGER_EMAIL = 'just.a.buyer@example.com';
const DAY = 86_400_000;
const PAID_ORDERS = 26;

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sellerCookie: string;
let strangerCookie: string;
let newSellerCookie: string;

beforeAll(async () => {
  const nextCode = codeReader(setup.smtp);
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, nextCode, { registerAs: 'Sales Pages Ltd' });
  strangerCookie = await portalSignIn(setup.server.baseUrl, STRANGER_EMAIL, nextCode);
  newSellerCookie = await portalSignIn(setup.server.baseUrl, 'brand.new@example.com', nextCode, { registerAs: 'Brand New Ltd' });
  const { sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } });
  const product = await createProduct(setup.database.db, sellerId, { name: 'Render Farm' });
  const offering = await createOffering(setup.database.db, product, { name: 'Studio Pro', classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  const now = Date.now();
  for (let i = 0; i < PAID_ORDERS; i++) {
    const buyer = `buyer${String(i).padStart(2, '0')}@sales.example`;
    await createOrder(setup.database.db, offering, { buyerEmail: buyer, amountMinor: 4900, withLicense: true, createdAt: new Date(now - (i % 10) * DAY - i * 60_000) });
  }
  await createOrder(setup.database.db, offering, { buyerEmail: 'free.buyer@sales.example', amountMinor: 0, withLicense: true, createdAt: new Date(now - 2 * DAY) });
  await createOrder(setup.database.db, offering, { status: 'failed', customerEmail: 'failed.buyer@sales.example', amountMinor: 4900, createdAt: new Date(now - 3 * DAY) });
  await createOrder(setup.database.db, offering, { status: 'pending', origin: 'embedded', correlationId: 'tenant-sales-1', customerEmail: 'tenant.admin@sales.example', amountMinor: 9800, quantity: 2, createdAt: new Date(now - 4 * DAY) });
}, 300_000);

const signedInPage = (cookie: string, viewport: { width: number; height: number }) => portalPage(setup.browser, setup.server.baseUrl, cookie, viewport, { acceptDownloads: true });

describe('the seller’s sales pages, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: the overview’s figures and charts, orders searched, filtered, paged and exported, customers`,
      async () => {
        const { context, page } = await signedInPage(sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          expect(await page.getByTestId('figure-revenue').innerText()).toBe('$1,274.00');
          expect(await page.getByTestId('figure-orders').innerText()).toBe(String(PAID_ORDERS + 1));
          expect(await page.getByTestId('figure-licenses').innerText()).toBe(String(PAID_ORDERS + 1));
          expect(await page.getByTestId('figure-customers').innerText()).toBe(String(PAID_ORDERS + 1));
          for (const chart of ['revenue-chart', 'orders-chart', 'licenses-chart']) await page.getByTestId(chart).locator('svg[data-chart-plot]').first().waitFor();
          expect(await page.getByTestId('revenue-chart').locator('table').innerText()).toContain('$147.00');
          expect(await page.getByTestId('paid-checkout').innerText()).toContain('Not enabled yet');
          expect(await page.getByTestId('setup-checklist').innerText()).toContain('Create an API key for your backend');
          await expectFitsAndAccessible(page, 'the overview');
          await page.screenshot({ path: `test-results/seller-overview-${viewport.width}.png`, fullPage: true });

          await (await portalLink(page, 'Orders')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/orders`);
          const rows = page.getByTestId('order-row');
          expect(await rows.count()).toBe(25);
          expect(await page.getByTestId('orders-count').innerText()).toBe('29 orders; page 1 of 2.');
          await expectFitsAndAccessible(page, 'the orders list');
          await page.screenshot({ path: `test-results/seller-orders-${viewport.width}.png` });

          await page.getByRole('link', { name: 'Next page' }).click();
          await page.waitForURL((url) => url.searchParams.get('page') === '2');
          expect(await rows.count()).toBe(4);
          await expectFitsAndAccessible(page, 'the second page of orders');

          await page.getByLabel('E-mail, order id or tenant id').fill('tenant-sales');
          await page.getByRole('button', { name: 'Search' }).click();
          await page.waitForURL((url) => url.searchParams.get('q') === 'tenant-sales');
          expect(await rows.count()).toBe(1);
          const embedded = await rows.first().innerText();
          expect(embedded).toContain('Pending (not paid yet)');
          expect(embedded).toContain('Your backend (embedded)');
          expect(embedded).toContain('tenant.admin@sales.example');
          expect(embedded).toContain('$98.00');
          expect(embedded).toContain('Tenant tenant-sales-1');

          await page.getByLabel('E-mail, order id or tenant id').fill('buyer07@sales');
          await page.getByRole('button', { name: 'Search' }).click();
          await page.waitForURL((url) => url.searchParams.get('q') === 'buyer07@sales');
          expect(await rows.count()).toBe(1);
          await rows.first().getByRole('link', { name: /Open the license/ }).click();
          await page.waitForURL(/\/portal\/licenses\/[0-9a-f-]+$/);
          await page.goBack();

          await page.getByLabel('E-mail, order id or tenant id').fill('');
          await page.getByLabel('Status').selectOption('failed');
          await page.getByRole('button', { name: 'Search' }).click();
          await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
          expect(await rows.count()).toBe(1);
          expect(await rows.first().innerText()).toContain('failed.buyer@sales.example');
          await expectFitsAndAccessible(page, 'the failed orders');

          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
          expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
          const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
          expect(csv[0]).toBe('Order id,Created (UTC),Completed (UTC),Customer e-mail,Product,Offering,Seats,Amount,Tax,Discount,Discount code,Refunded,Currency,Status,Channel,Tenant id,License id');
          expect(csv).toHaveLength(3);
          expect(csv[1]).toContain(',failed.buyer@sales.example,Render Farm,Studio Pro,1,49.00,0.00,0.00,,0.00,USD,failed,storefront or app,,');

          await (await portalLink(page, 'Customers')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/customers`);
          expect(await page.getByTestId('customers-count').innerText()).toBe(`${PAID_ORDERS + 1} customers; page 1 of 2.`);
          await page.getByLabel('Show').selectOption('active');
          await page.getByRole('button', { name: 'Search' }).click();
          await page.waitForURL((url) => url.searchParams.get('holding') === 'active');
          expect(await page.getByTestId('customer-row').count()).toBe(25);
          await expectFitsAndAccessible(page, 'the customers holding an active license');
          await page.getByRole('link', { name: 'Next page' }).click();
          await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('holding') === 'active');
          expect(await page.getByTestId('customer-row').count()).toBe(2);
          await expectFitsAndAccessible(page, 'the second page of customers');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: an API key is created, its revoke confirmation is on screen, and the revoked key stays legible`,
      async () => {
        const { context, page } = await signedInPage(sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/api-keys`);
          await page.getByLabel(/^Label/).fill(`backend at ${viewport.width} px`);
          await page.getByRole('button', { name: 'Create key' }).click();
          await page.getByTestId('new-api-key').waitFor();
          await page.getByRole('button', { name: 'I have stored it' }).click();
          const row = page.getByTestId('api-key-row').filter({ hasText: `backend at ${viewport.width} px` });
          await row.waitFor();
          await expectFitsAndAccessible(page, 'the API keys');

          await row.getByRole('button', { name: /^Revoke / }).click();
          const confirm = row.getByRole('button', { name: 'Revoke key' });
          await confirm.waitFor();
          const box = (await confirm.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          await expectFitsAndAccessible(page, 'the revoke confirmation');
          await page.screenshot({ path: `test-results/seller-api-keys-confirm-${viewport.width}.png`, fullPage: true });
          await confirm.click();
          await row.filter({ hasText: 'Revoked' }).waitFor();
          expect((await setup.database.db.apiKey.findFirstOrThrow({ where: { label: `backend at ${viewport.width} px` } })).revokedAt).toBeInstanceOf(Date);
          await expectFitsAndAccessible(page, 'a revoked key');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a key restricted to the scopes chosen, with an expiry, is listed with both and refused outside its scope`,
      async () => {
        const { context, page } = await signedInPage(sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/api-keys`);
          const label = `reporting at ${viewport.width} px`;
          await page.getByLabel(/^Label/).fill(label);
          await page.getByLabel(/^Only what I choose/).check();
          const create = page.getByRole('button', { name: 'Create key' });
          // No scope chosen yet: the form says so and does not send.
          expect(await create.isDisabled()).toBe(true);
          await page.getByLabel(/^licenses:read/).check();
          await page.getByLabel(/^events:read/).check();
          await page.getByLabel('Expires').selectOption({ label: 'In 30 days' });
          await expectFitsAndAccessible(page, 'the key form with scopes');
          await page.screenshot({ path: `test-results/seller-api-key-form-${viewport.width}.png`, fullPage: true });
          await create.click();
          await page.getByTestId('new-api-key').waitFor();
          const key = await page.getByTestId('new-api-key').locator('textarea, input').first().inputValue();
          await page.getByRole('button', { name: 'I have stored it' }).click();
          const row = page.getByTestId('api-key-row').filter({ hasText: label });
          await row.waitFor();
          expect(await row.getByTestId('api-key-access').innerText()).toBe('licenses:read, events:read');
          expect(await row.getByTestId('api-key-expires').innerText()).toContain(String(new Date(Date.now() + 30 * 86_400_000).getUTCFullYear()));
          await expectFitsAndAccessible(page, 'a restricted key in the list');
          await page.screenshot({ path: `test-results/seller-api-key-scopes-${viewport.width}.png`, fullPage: true });

          const stored = await setup.database.db.apiKey.findFirstOrThrow({ where: { label } });
          expect(stored).toMatchObject({ restricted: true, scopes: ['licenses:read', 'events:read'] });
          expect(Math.abs(stored.expiresAt!.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(600_000);
          const call = (path: string, init: RequestInit = {}) => fetch(`${setup.server.baseUrl}${path}`, { ...init, headers: { 'dub-apiKey': key, 'content-type': 'application/json' } });
          expect((await call('/licensing-mgmt/events')).status).toBe(200);
          const refused = await call('/licensing-mgmt/webhook-endpoints', { method: 'POST', body: JSON.stringify({ Url: 'https://hooks.example.com/in', EventTypes: ['license.created'] }) });
          expect(refused.status).toBe(403);
          expect(await refused.json()).toMatchObject({ Code: 'ApiKeyScope', Message: expect.stringContaining('needs the scope webhooks') });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a session that ended says so at the next call and leads to sign-in, back to the same page`,
      async () => {
        const { context, page } = await signedInPage(sellerCookie, viewport);
        // The notice leads to the sign-in page on a timer; on a loaded machine the checks of the
        // notice outlast it. The sign-in page's request is held until they are done, so the notice
        // is checked on its own document and the redirect is still the page's own. A held request
        // is always let go before the context closes: a route handler still waiting would keep the
        // close (and the test) waiting past its timeout, hiding the step that failed.
        let releaseSignIn!: () => void;
        const signInHeld = new Promise<void>((resolve) => (releaseSignIn = resolve));
        try {
          await page.goto(`${setup.server.baseUrl}/portal/api-keys`);
          await page.getByText('Your keys').waitFor();
          await waitForHydration(page);
          await page.route((url) => url.pathname === '/login', async (route) => {
            await signInHeld;
            await route.continue();
          });
          await context.clearCookies();
          const createCalls: string[] = [];
          page.on('request', (request) => {
            if (new URL(request.url()).pathname.includes('apiKeys.create')) createCalls.push(request.url());
          });
          await page.getByLabel(/^Label/).fill('after the session');
          await page.getByRole('button', { name: 'Create key' }).click();
          const notice = page.getByRole('alert').filter({ hasText: 'Your session has ended. Sign in again to continue.' });
          await notice.waitFor();
          // Told at the first refusal: a 401 is not asked again.
          expect(createCalls).toHaveLength(1);
          try {
            await expectFitsAndAccessible(page, 'the session-ended notice');
          } finally {
            releaseSignIn();
          }
          await page.waitForURL((url) => url.pathname === '/login');
          expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/portal/api-keys');
          expect(await page.getByText('An unexpected error occurred').count()).toBe(0);
          expect(await setup.database.db.apiKey.count({ where: { label: 'after the session' } })).toBe(0);
        } finally {
          releaseSignIn();
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a new seller’s overview is a checklist of what to do, zeros and no empty charts`,
      async () => {
        const { context, page } = await signedInPage(newSellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          const checklist = page.getByTestId('setup-checklist');
          for (const [step, href] of [
            ['Add a product and an offering', '/portal/catalog/new'],
            ['List an offering in your storefront', '/portal/catalog'],
            ['Enable paid checkout', '/portal/catalog'],
            ['Create an API key for your backend', '/portal/api-keys'],
          ]) {
            expect(await checklist.getByRole('link', { name: step }).getAttribute('href')).toBe(href);
          }
          expect(await checklist.getByText('To do').count()).toBe(4);
          expect(await page.getByTestId('figure-revenue').innerText()).toBe('$0.00');
          expect(await page.getByText('No orders or licenses in the last 30 days yet.').count()).toBe(1);
          expect(await page.getByTestId('revenue-chart').count()).toBe(0);
          expect(await page.getByText('Apps embed it as IssuerClientId.').count()).toBe(1);
          await expectFitsAndAccessible(page, 'a new seller’s overview');
          await page.goto(`${setup.server.baseUrl}/portal/orders`);
          expect(await page.getByText('No orders match.').count()).toBe(1);
          expect(await page.getByRole('link', { name: /Export CSV/ }).count()).toBe(0);
          await expectFitsAndAccessible(page, 'no orders yet');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a signed-in person who sells nothing sees no seller links, and every seller page welcomes them`,
      async () => {
        const { context, page } = await signedInPage(strangerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          await (await portalLink(page, 'Overview')).waitFor();
          const nav = page.getByRole('navigation', { name: 'Portal' });
          for (const name of ['Catalog', 'Orders', 'Licenses', 'Customers', 'API keys', 'Usage']) expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
          expect(await page.getByRole('link', { name: 'Register as a seller' }).count()).toBe(1);
          await expectFitsAndAccessible(page, 'the welcome');
          for (const path of ['/portal/api-keys', '/portal/orders', '/portal/customers', '/portal/licenses', '/portal/usage', '/portal/settings']) {
            const response = await page.goto(`${setup.server.baseUrl}${path}`);
            expect(response?.status(), path).toBe(200);
            await page.getByTestId('seller-welcome').waitFor();
            expect(await page.getByText('An unexpected error occurred').count()).toBe(0);
          }
          await expectFitsAndAccessible(page, 'a seller page for a non-member');
          const exported = await context.request.get(`${setup.server.baseUrl}/portal/orders/export`);
          expect(exported.status()).toBe(403);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
