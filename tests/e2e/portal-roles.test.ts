import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SellerRole } from '@/generated/prisma/client';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { roleRefusal } from '@/server/sellers/members/member-permissions';
import { browserTestFile } from '../support/browser-test-file';
import { createOffering, createProduct } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn, trpcMutation } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// The seller portal follows the member's role (docs/buyers-and-sellers.md "What each role sees"):
// the controls of what the role cannot do are not shown, one notice in their place says why and who
// may; a page that exists only for such an action answers with that notice instead of its form; a
// refused call that still reaches the server (a page left open while the role changed) shows the
// server's sentence. Members are added straight in the database, each signs in as a person does.
// Every state passes the sideways-scroll and axe-core checks at a desktop and a phone width.

const E2E_TIMEOUT = 180_000;
const OWNER_EMAIL = 'roles.owner@example.com';
const MEMBER_EMAILS = { Viewer: 'roles.viewer@example.com', Support: 'roles.support@example.com', Developer: 'roles.developer@example.com' } as const;
const STALE_EMAIL = 'roles.stale@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
const cookies = {} as Record<'Owner' | keyof typeof MEMBER_EMAILS | 'Stale', string>;
let sellerId: string;
let productId: string;
let offeringId: string;
let orderId: string;
let licenseId: string;

beforeAll(async () => {
  const nextCode = codeReader(setup.smtp);
  const db = setup.database.db;
  cookies.Owner = await portalSignIn(setup.server.baseUrl, OWNER_EMAIL, nextCode, { registerAs: 'Roles Pages Ltd' });
  ({ sellerId } = await db.sellerMember.findFirstOrThrow({ where: { account: { email: OWNER_EMAIL } } }));
  for (const [role, email] of [...Object.entries(MEMBER_EMAILS), ['Stale', STALE_EMAIL]] as [keyof typeof cookies, string][]) {
    cookies[role] = await portalSignIn(setup.server.baseUrl, email, nextCode);
    const account = await db.account.findUniqueOrThrow({ where: { email } });
    await db.sellerMember.create({ data: { sellerId, accountId: account.id, role: role === 'Stale' ? 'Developer' : (role as SellerRole) } });
  }

  const product = await createProduct(db, sellerId, { name: 'Team Studio' });
  const offering = await createOffering(db, product, { name: 'Studio Seats', classification: LicenseClassification.Perpetual, priceMinor: 4900, seatBased: true });
  await db.feature.create({ data: { offeringId: offering.id, key: 'export', displayName: 'Export' } });
  productId = product.id;
  offeringId = offering.id;
  ({ checkout: { id: orderId } } = await createOrder(db, offering, { buyerEmail: 'roles.buyer@example.com', amountMinor: 4900 }));
  const sold = await db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: 'roles-tenant', tenantId: 'roles-tenant', seatCount: 2 }));
  licenseId = sold.licenseId;
  await trpcMutation(setup.server.baseUrl, 'sellerLicenses.issueCode', { requestId: crypto.randomUUID(), licenseId, seatId: sold.seatIds[0]!, label: 'Build agent' }, cookies.Owner);
  await trpcMutation(setup.server.baseUrl, 'apiKeys.create', { label: 'Backend key' }, cookies.Owner);
}, 300_000);

const url = (path: string) => `${setup.server.baseUrl}${path}`;

/** Opens `path` and checks the page as every page is checked. */
async function visit(page: Page, path: string, state: string): Promise<void> {
  await page.goto(url(path));
  await waitForHydration(page);
  await expectFitsAndAccessible(page, state);
}

const button = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('button', { name });
const link = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('link', { name });
const notices = (page: Page) => page.getByTestId('role-notice');

async function expectOneNotice(page: Page, sentence: string, state: string): Promise<void> {
  expect(await notices(page).allInnerTexts(), state).toEqual([sentence]);
}

describe('the seller portal follows the member’s role, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: a Viewer reads the catalog, orders, licenses, API keys and webhooks, with no control to change them and one notice on each page`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookies.Viewer, viewport);
        try {
          await visit(page, '/portal/catalog', 'the catalog for a Viewer');
          expect(await page.getByTestId('product-row').innerText()).toContain('Team Studio');
          expect(await link(page, 'Sell an app').count()).toBe(0);
          expect(await button(page, 'New product').count()).toBe(0);
          await expectOneNotice(page, 'Your role (Viewer) cannot change products, features and listings; ask an Owner, Admin or Developer of the store.', 'catalog');

          await visit(page, `/portal/catalog/products/${productId}`, 'a product for a Viewer');
          expect(await page.getByTestId('offering-row').innerText()).toContain('Studio Seats');
          expect(await button(page, 'New offering').count()).toBe(0);
          expect(await page.getByRole('heading', { name: 'Product details' }).count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Viewer', 'catalog:write'), 'product');

          await visit(page, `/portal/catalog/offerings/${offeringId}`, 'an offering for a Viewer');
          expect(await page.getByTestId('feature').innerText()).toContain('export');
          expect(await page.getByRole('switch').count()).toBe(0);
          expect(await page.getByTestId('offering-availability').innerText()).toContain('Listed in your storefront');
          expect(await button(page, /^Edit/).count()).toBe(0);
          expect(await page.getByRole('heading', { name: 'Offering details' }).count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Viewer', 'catalog:write'), 'offering');

          await visit(page, `/portal/orders/${orderId}`, 'an order for a Viewer');
          expect(await page.getByTestId('order-refundable').innerText()).toContain('$49.00');
          expect(await button(page, 'Refund').count()).toBe(0);
          await expectOneNotice(page, 'Your role (Viewer) cannot refund orders; ask an Owner or Admin of the store.', 'order');

          await visit(page, `/portal/licenses/${licenseId}`, 'a license for a Viewer');
          expect(await page.getByTestId('seller-code-row').innerText()).toContain('Build agent');
          for (const name of ['Issue code', 'Suspend', 'Cancel license', /^Retire/, /^Revoke/]) expect(await button(page, name).count(), String(name)).toBe(0);
          await expectOneNotice(page, roleRefusal('Viewer', 'licenses:write'), 'license');

          await visit(page, '/portal/api-keys', 'API keys for a Viewer');
          expect(await page.getByTestId('api-key-row').innerText()).toContain('Backend key');
          expect(await button(page, 'Create key').count()).toBe(0);
          expect(await button(page, /^Revoke/).count()).toBe(0);
          await expectOneNotice(page, 'Your role (Viewer) cannot create or revoke API keys; ask an Owner, Admin or Developer of the store.', 'API keys');

          await visit(page, '/portal/webhooks', 'webhooks for a Viewer');
          await page.getByRole('heading', { name: 'Your endpoints' }).waitFor();
          expect(await button(page, 'Add endpoint').count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Viewer', 'webhooks:write'), 'webhooks');

          await visit(page, '/portal/discounts', 'discounts for a Viewer');
          expect(await button(page, 'Create code').count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Viewer', 'discounts:write'), 'discounts');
          await page.screenshot({ path: `test-results/portal-roles-viewer-${viewport.width}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: Support acts on licenses but sees no refund and no price editing, and /portal/catalog/new and the settings answer with the notice`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookies.Support, viewport);
        try {
          await visit(page, `/portal/licenses/${licenseId}`, 'a license for Support');
          for (const name of ['Issue code', 'Suspend', 'Cancel license', /^Retire Seat/, /^Revoke/]) expect(await button(page, name).count(), String(name)).toBeGreaterThan(0);
          expect(await notices(page).count()).toBe(0);

          await visit(page, `/portal/orders/${orderId}`, 'an order for Support');
          expect(await button(page, 'Refund').count()).toBe(0);
          await expectOneNotice(page, 'Your role (Support) cannot refund orders; ask an Owner or Admin of the store.', 'order');

          await visit(page, `/portal/catalog/offerings/${offeringId}`, 'an offering for Support');
          expect(await page.getByRole('heading', { name: 'Offering details' }).count()).toBe(0);
          expect(await page.getByLabel(/price/i).count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Support', 'catalog:write'), 'offering');

          await visit(page, '/portal/catalog/new', 'the sell-an-app page for Support');
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sell an app');
          await expectOneNotice(page, 'Your role (Support) cannot create offerings or change their prices and terms; ask an Owner or Admin of the store.', 'sell an app');
          expect(await page.getByRole('main').locator('form').count()).toBe(0);
          await link(page, 'Back to the catalog').click();
          await page.waitForURL(url('/portal/catalog'));

          await visit(page, '/portal/settings', 'the store settings for Support');
          expect(await page.getByRole('heading', { name: 'Store details' }).count()).toBe(0);
          expect(await page.getByRole('main').locator('form').count()).toBe(0);
          await expectOneNotice(page, 'Your role (Support) cannot change the store settings or payment setup; ask an Owner or Admin of the store.', 'settings');
          await page.screenshot({ path: `test-results/portal-roles-support-${viewport.width}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a Developer edits products and features and creates API keys, but sees no refund, no price editing and no discount creation`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookies.Developer, viewport);
        try {
          await visit(page, '/portal/catalog', 'the catalog for a Developer');
          expect(await button(page, 'New product').count()).toBe(1);
          expect(await link(page, 'Sell an app').count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Developer', 'catalog:prices'), 'catalog');

          await visit(page, `/portal/catalog/products/${productId}`, 'a product for a Developer');
          await page.getByRole('heading', { name: 'Product details' }).waitFor();
          expect(await button(page, 'New offering').count()).toBe(0);

          await visit(page, `/portal/catalog/offerings/${offeringId}`, 'an offering for a Developer');
          expect(await button(page, 'Edit feature export').count()).toBe(1);
          expect(await page.getByRole('switch').count()).toBe(2);
          expect(await page.getByRole('heading', { name: 'Offering details' }).count()).toBe(0);
          await expectOneNotice(page, 'Your role (Developer) cannot create offerings or change their prices and terms; ask an Owner or Admin of the store.', 'offering');

          await visit(page, '/portal/api-keys', 'API keys for a Developer');
          expect(await button(page, 'Create key').count()).toBe(1);
          // The keys' list loads after the page: wait for it rather than count what is there yet.
          await expect.poll(() => button(page, /^Revoke/).count(), { timeout: 15_000 }).toBe(1);
          expect(await notices(page).count()).toBe(0);

          await visit(page, `/portal/orders/${orderId}`, 'an order for a Developer');
          expect(await button(page, 'Refund').count()).toBe(0);
          await expectOneNotice(page, roleRefusal('Developer', 'refunds'), 'order');

          await visit(page, '/portal/discounts', 'discounts for a Developer');
          expect(await button(page, 'Create code').count()).toBe(0);
          await expectOneNotice(page, 'Your role (Developer) cannot create, change or remove discount codes; ask an Owner or Admin of the store.', 'discounts');

          await visit(page, '/portal/catalog/new', 'the sell-an-app page for a Developer');
          await expectOneNotice(page, roleRefusal('Developer', 'catalog:prices'), 'sell an app');
          await page.screenshot({ path: `test-results/portal-roles-developer-${viewport.width}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: the Owner sees every control and no notice`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookies.Owner, viewport);
        try {
          await visit(page, '/portal/catalog', 'the catalog for the Owner');
          expect(await link(page, 'Sell an app').count()).toBe(1);
          expect(await button(page, 'New product').count()).toBe(1);
          await visit(page, `/portal/catalog/products/${productId}`, 'a product for the Owner');
          expect(await button(page, 'New offering').count()).toBe(1);
          await visit(page, `/portal/catalog/offerings/${offeringId}`, 'an offering for the Owner');
          await page.getByRole('heading', { name: 'Offering details' }).waitFor();
          expect(await button(page, 'Edit feature export').count()).toBe(1);
          await visit(page, `/portal/orders/${orderId}`, 'an order for the Owner');
          expect(await button(page, 'Refund').count()).toBe(1);
          await visit(page, `/portal/licenses/${licenseId}`, 'a license for the Owner');
          expect(await button(page, 'Issue code').count()).toBeGreaterThan(0);
          expect(await button(page, 'Suspend').count()).toBe(1);
          await visit(page, '/portal/api-keys', 'API keys for the Owner');
          expect(await button(page, 'Create key').count()).toBe(1);
          await visit(page, '/portal/webhooks', 'webhooks for the Owner');
          expect(await button(page, 'Add endpoint').count()).toBe(1);
          await visit(page, '/portal/discounts', 'discounts for the Owner');
          expect(await button(page, 'Create code').count()).toBe(1);
          await visit(page, '/portal/settings', 'the store settings for the Owner');
          await page.getByRole('heading', { name: 'Store details' }).waitFor();
          await visit(page, '/portal/catalog/new', 'the sell-an-app page for the Owner');
          expect(await page.getByRole('main').locator('form').count()).toBe(1);
          expect(await notices(page).count()).toBe(0);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: a page left open while the member’s role changed shows the server’s refusal, and nothing is created`,
      async () => {
        const db = setup.database.db;
        const stale = await db.account.findUniqueOrThrow({ where: { email: STALE_EMAIL } });
        await db.sellerMember.update({ where: { sellerId_accountId: { sellerId, accountId: stale.id } }, data: { role: 'Developer' } });
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookies.Stale, viewport);
        try {
          await visit(page, '/portal/api-keys', 'API keys for a Developer about to become a Viewer');
          const keysBefore = await db.apiKey.count({ where: { sellerId } });
          await db.sellerMember.update({ where: { sellerId_accountId: { sellerId, accountId: stale.id } }, data: { role: 'Viewer' } });
          await page.getByLabel('Label').fill(`Stale key ${viewport.width}`);
          await button(page, 'Create key').click();
          const alert = page.getByRole('main').getByRole('alert');
          await alert.waitFor();
          expect(await alert.innerText()).toBe('Could not create the key: Your role (Viewer) cannot create or revoke API keys; ask an Owner, Admin or Developer of the store.');
          await expectFitsAndAccessible(page, 'a refused key creation');
          expect(await db.apiKey.count({ where: { sellerId } })).toBe(keysBefore);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});

/** A tRPC mutation over HTTP as a stale page would send it, answered as it is. */
async function rawMutation(procedure: string, input: unknown, cookie: string) {
  const response = await fetch(url(`/api/trpc/${procedure}`), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ json: input }) });
  const body = (await response.json()) as { error: { json: { message: string; data: { code: string; httpStatus: number; apiCode: string } } } };
  return { status: response.status, error: body.error.json };
}

describe('a refused mutation over tRPC HTTP', () => {
  it('Support refunding an order: 403 FORBIDDEN RoleForbidden with the refusal sentence, and no refund is recorded', async () => {
    const answer = await rawMutation('sellerOrders.refund', { orderId, requestId: crypto.randomUUID() }, cookies.Support);
    expect(answer.status).toBe(403);
    expect(answer.error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, apiCode: 'RoleForbidden' });
    expect(answer.error.message).toBe('Your role (Support) cannot refund orders; ask an Owner or Admin of the store.');
    expect(await setup.database.db.refund.count({ where: { checkoutId: orderId } })).toBe(0);
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: orderId } })).refundedMinor).toBe(0n);
  });

  it('a Viewer creating an API key: 403 FORBIDDEN RoleForbidden with the refusal sentence, and no key is made', async () => {
    const before = await setup.database.db.apiKey.count({ where: { sellerId } });
    const answer = await rawMutation('apiKeys.create', { label: 'Not allowed' }, cookies.Viewer);
    expect(answer.status).toBe(403);
    expect(answer.error.data).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(answer.error.message).toBe(roleRefusal('Viewer', 'apiKeys:write'));
    expect(await setup.database.db.apiKey.count({ where: { sellerId } })).toBe(before);
  });
});
