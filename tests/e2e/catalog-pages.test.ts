import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { axeViolations, expectFitsAndAccessible, sidewaysOverflow, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The seller portal's catalog pages in Chromium at a desktop and a phone width: the product list,
// a product's page and an offering's page; refusals on their fields (the browser's own check and
// the server's), a toast after each save, a delete that asks first, names of 200 characters
// without a space that never widen a page, dark mode, and another seller's ids not found.

const E2E_TIMEOUT = 120_000;
const SELLER_EMAIL = 'catalog.pages@example.com';
const LONG_NAME = 'W'.repeat(200);

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sessionCookie: string;
let issuerClientId: string;
const ids = {} as Record<'product' | 'teamMonthly' | 'soloYearly' | 'longProduct' | 'longOffering' | 'otherProduct' | 'otherOffering', string>;

beforeAll(async () => {
  sessionCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Catalog Pages Ltd' });
  const { seller } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } }, include: { seller: true } });
  issuerClientId = seller.issuerClientId;

  const product = await createProduct(setup.database.db, seller.id, { name: 'Render Farm' });
  const teamMonthly = await createOffering(setup.database.db, product, {
    name: 'Team Monthly',
    classification: LicenseClassification.Subscription,
    priceMinor: 3000,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  const soloYearly = await createOffering(setup.database.db, product, { name: 'Solo Lifetime', priceMinor: 9900 });
  for (const key of ['render', 'scratch-desktop', 'scratch-phone']) {
    await setup.database.db.feature.create({ data: { offeringId: teamMonthly.id, key, displayName: key } });
  }
  const longProduct = await createProduct(setup.database.db, seller.id, { name: LONG_NAME });
  const longOffering = await createOffering(setup.database.db, longProduct, { name: LONG_NAME, priceMinor: 500 });

  const other = await createSeller(setup.database.db);
  const otherProduct = await createProduct(setup.database.db, other.id, { name: 'Not yours' });
  const otherOffering = await createOffering(setup.database.db, otherProduct, { name: 'Not yours either' });
  Object.assign(ids, {
    product: product.id,
    teamMonthly: teamMonthly.id,
    soloYearly: soloYearly.id,
    longProduct: longProduct.id,
    longOffering: longOffering.id,
    otherProduct: otherProduct.id,
    otherOffering: otherOffering.id,
  });
});

const signedInPage = (viewport: { width: number; height: number }) => portalPage(setup.browser, setup.server.baseUrl, sessionCookie, viewport, { defaultTimeoutMs: 15_000 });

/** Waits for a condition; a save under load can take longer than expect.poll's one second. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Opens a page and waits until React has hydrated its controls, so a click is never a native form submit. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** The error text a field shows (the element its aria-describedby names for the error). */
async function fieldError(page: Page, form: string, label: string): Promise<string> {
  const input = page.getByRole('form', { name: form }).getByLabel(label, { exact: true });
  await poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const errorId = (await input.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
  return page.locator(`[id="${errorId}"]`).innerText();
}

describe('the catalog pages, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    const at = `at ${viewport.width} px`;

    it(
      `${at}: the product list leads to the product page and the offering page; a seat-based price reads per seat; checkout readiness in words`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await open(page, `${setup.server.baseUrl}/portal/catalog`);
          expect(await page.getByTestId('product-row').count()).toBe(2);
          await poll(() => page.getByTestId('paid-checkout-state').innerText()).toBe('not enabled yet');
          expect(await page.locator('main').innerText()).not.toContain('IsCheckoutReady');
          expect(await page.getByTestId('product-row').first().innerText()).toContain('2 offerings · 2 listed');
          await expectFitsAndAccessible(page, 'the product list');

          await page.getByRole('button', { name: 'New product' }).click();
          await poll(() => page.getByRole('form', { name: 'New product' }).isVisible()).toBe(true);
          await expectFitsAndAccessible(page, 'the product list with the new product form');

          await page.getByRole('link', { name: 'Render Farm' }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/catalog/products/${ids.product}`);
          const teamRow = page.getByTestId('offering-row').filter({ hasText: 'Team Monthly' });
          expect(await teamRow.innerText()).toContain('$30.00 per seat / month');
          await expectFitsAndAccessible(page, 'the product page');
          await page.getByRole('button', { name: 'New offering' }).click();
          await poll(() => page.getByRole('form', { name: 'New offering for Render Farm' }).isVisible()).toBe(true);
          await expectFitsAndAccessible(page, 'the product page with the new offering form');

          await teamRow.getByRole('link', { name: 'Team Monthly' }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/catalog/offerings/${ids.teamMonthly}`);
          expect(await page.getByTestId('offering-price').innerText()).toBe('$30.00 per seat / month');
          const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
          expect(await breadcrumbs.getByRole('link').allInnerTexts()).toEqual(['Catalog', 'Render Farm']);
          await expectFitsAndAccessible(page, 'the offering page');

          await breadcrumbs.getByRole('link', { name: 'Render Farm' }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/catalog/products/${ids.product}`);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: a 300-character name is refused on its field in the browser with the human message; a name the server refuses is shown on its field`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await open(page, `${setup.server.baseUrl}/portal/catalog/offerings/${ids.soloYearly}`);
          const form = page.getByRole('form', { name: 'Edit offering Solo Lifetime' });
          let trpcWrites = 0;
          page.on('request', (request) => {
            if (request.url().includes('/api/trpc/catalogAdmin.updateOffering')) trpcWrites += 1;
          });

          await form.getByLabel('Offering name').fill('n'.repeat(300));
          await form.getByRole('button', { name: 'Save offering' }).click();
          expect(await fieldError(page, 'Edit offering Solo Lifetime', 'Offering name')).toBe('Use at most 200 characters.');
          expect(await form.innerText()).not.toMatch(/Too big|expected string/i);
          expect(trpcWrites).toBe(0);
          await expectFitsAndAccessible(page, 'the offering form refusing a 300-character name');

          // Buyers choose by name: the server refuses a second "Team Monthly" in this product.
          await form.getByLabel('Offering name').fill('team monthly');
          await form.getByRole('button', { name: 'Save offering' }).click();
          await poll(() => fieldError(page, 'Edit offering Solo Lifetime', 'Offering name'))
            .toBe('Another offering of this product is already called “team monthly”. Give this one a different name.');
          expect(trpcWrites).toBe(1);
          expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.soloYearly } })).name).toBe('Solo Lifetime');
          await expectFitsAndAccessible(page, 'the offering form showing the server refusal');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: saving the product and switching repeat purchases each show a toast that can be dismissed`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await open(page, `${setup.server.baseUrl}/portal/catalog/products/${ids.product}`);
          const form = page.getByRole('form', { name: 'Edit product Render Farm' });
          await form.getByLabel('Product description').fill(`Rendering, saved ${at}`);
          await form.getByRole('button', { name: 'Save product' }).click();
          const toast = page.getByTestId('toast');
          await poll(() => toast.innerText()).toContain('Product saved.');
          expect(await page.getByRole('status').filter({ has: toast }).getAttribute('aria-live')).toBe('polite');
          expect((await setup.database.db.product.findUniqueOrThrow({ where: { id: ids.product } })).description).toBe(`Rendering, saved ${at}`);
          await expectFitsAndAccessible(page, 'the product page with its toast');
          await toast.getByRole('button', { name: 'Dismiss' }).click();
          await poll(() => toast.count()).toBe(0);

          await open(page, `${setup.server.baseUrl}/portal/catalog/offerings/${ids.teamMonthly}`);
          const before = (await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.teamMonthly } })).allowRepeatPurchase;
          const repeat = page.getByRole('switch', { name: /Let a buyer buy this again while holding it/ });
          expect(await repeat.getAttribute('aria-checked')).toBe(String(before));
          await repeat.click();
          await poll(async () => (await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.teamMonthly } })).allowRepeatPurchase).toBe(!before);
          await poll(() => toast.innerText()).toMatch(/Buyers may now/);
          await poll(() => repeat.getAttribute('aria-checked')).toBe(String(!before));
          // The listing was not touched by either save.
          expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.teamMonthly } })).listed).toBe(true);
          await expectFitsAndAccessible(page, 'the offering page with its toast');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: deleting a feature and archiving an offering ask first; Cancel keeps them, confirming deletes the feature`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        const scratch = `scratch-${viewport.name}`;
        try {
          await open(page, `${setup.server.baseUrl}/portal/catalog/offerings/${ids.teamMonthly}`);
          await page.getByRole('button', { name: 'Delete feature render' }).click();
          const confirm = page.getByRole('group', { name: 'Confirm: Delete feature render' });
          expect(await confirm.innerText()).toContain('Delete the feature “render”?');
          await expectFitsAndAccessible(page, 'the feature delete asking first');
          await confirm.getByRole('button', { name: 'Cancel' }).click();
          await poll(() => confirm.count()).toBe(0);
          expect(await setup.database.db.feature.count({ where: { offeringId: ids.teamMonthly, key: 'render' } })).toBe(1);
          expect(await page.getByRole('button', { name: 'Delete feature render' }).evaluate((button) => button === document.activeElement)).toBe(true);

          await page.getByRole('button', { name: `Delete feature ${scratch}` }).click();
          await page.getByRole('group', { name: `Confirm: Delete feature ${scratch}` }).getByRole('button', { name: 'Delete feature' }).click();
          await poll(() => setup.database.db.feature.count({ where: { offeringId: ids.teamMonthly, key: scratch } })).toBe(0);
          await poll(() => page.getByTestId('toast').innerText()).toContain(`Feature “${scratch}” deleted.`);
          await poll(() => page.getByTestId('feature').filter({ hasText: scratch }).count()).toBe(0);
          expect(await setup.database.db.feature.count({ where: { offeringId: ids.teamMonthly, key: 'render' } })).toBe(1);

          // Archiving takes an offering off the storefront: the save asks first, and Cancel keeps it active.
          await open(page, `${setup.server.baseUrl}/portal/catalog/offerings/${ids.soloYearly}`);
          const form = page.getByRole('form', { name: 'Edit offering Solo Lifetime' });
          await form.getByLabel('Offering status').selectOption({ label: 'Archived' });
          await form.getByRole('button', { name: 'Save offering' }).click();
          const archive = form.getByRole('group', { name: 'Confirm archiving Solo Lifetime' });
          expect(await archive.innerText()).toContain('Archive this offering?');
          await expectFitsAndAccessible(page, 'archiving an offering asking first');
          await archive.getByRole('button', { name: 'Cancel' }).click();
          await poll(() => archive.count()).toBe(0);
          expect(await form.getByRole('button', { name: 'Save offering' }).isVisible()).toBe(true);
          expect((await setup.database.db.offering.findUniqueOrThrow({ where: { id: ids.soloYearly } })).status).toBe(CatalogStatus.Active);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: a 200-character name without a space widens neither the catalog pages nor the storefront`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await setup.database.db.seller.update({ where: { issuerClientId }, data: { checkoutReady: true } });
          for (const [path, state] of [
            ['/portal/catalog', 'the product list with a long name'],
            [`/portal/catalog/products/${ids.longProduct}`, 'the product page of a long name'],
            [`/portal/catalog/offerings/${ids.longOffering}`, 'the offering page of a long name'],
          ] as const) {
            await open(page, `${setup.server.baseUrl}${path}`);
            await expectFitsAndAccessible(page, state);
          }
          await open(page, `${setup.server.baseUrl}/marketplace/${issuerClientId}`);
          expect(await page.getByText(LONG_NAME).count()).toBeGreaterThan(0);
          expect(await sidewaysOverflow(page), `the storefront at ${viewport.width} px scrolls sideways`).toBe(0);
        } finally {
          await setup.database.db.seller.update({ where: { issuerClientId }, data: { checkoutReady: false } });
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: in dark mode the catalog pages are dark and axe-core finds nothing`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await page.emulateMedia({ colorScheme: 'dark' });
          for (const [path, state] of [
            ['/portal/catalog', 'the product list in dark mode'],
            [`/portal/catalog/offerings/${ids.teamMonthly}`, 'the offering page in dark mode'],
          ] as const) {
            await open(page, `${setup.server.baseUrl}${path}`);
            const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            expect(background, 'body background in dark mode').not.toMatch(/oklch\(0?\.9|rgb\(2[45]\d/);
            await expectFitsAndAccessible(page, state);
          }
          const form = page.getByRole('form', { name: 'Edit offering Team Monthly' });
          await form.getByLabel('Offering name').fill('');
          await form.getByRole('button', { name: 'Save offering' }).click();
          expect(await fieldError(page, 'Edit offering Team Monthly', 'Offering name')).toBe('Enter an offering name.');
          expect(await axeViolations(page), 'the refused form in dark mode').toEqual([]);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${viewport.name}: the seller adds an image with its description on the product page; the offering's page shows it at its size and shares it as the preview; Remove takes it away`,
      async () => {
        const seller = await setup.database.db.seller.findUniqueOrThrow({ where: { issuerClientId } });
        const product = await createProduct(setup.database.db, seller.id, { name: `Gallery ${viewport.name}` });
        const offering = await createOffering(setup.database.db, product, { name: `Gallery Pro ${viewport.name}`, priceMinor: 1500 });
        const { context, page } = await signedInPage(viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/catalog/products/${product.id}`);
          await waitForHydration(page);
          const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
          await page.getByLabel('Image file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: photo });
          await page.getByLabel(/^Description/).fill('The render queue');
          await page.getByRole('button', { name: 'Add image' }).click();
          await page.getByText('Image added.').waitFor();
          const tile = page.getByTestId('product-image');
          expect(await tile.count()).toBe(1);
          expect(await tile.innerText()).toContain('The render queue');
          await expectFitsAndAccessible(page, 'a product with an image');
          const [image] = await setup.database.db.productImage.findMany({ where: { productId: product.id } });
          expect(image).toMatchObject({ width: 1600, height: 800, alt: 'The render queue' });

          await page.goto(`${setup.server.baseUrl}/marketplace/${issuerClientId}/${offering.id}`);
          const shown = page.getByTestId('product-images').getByRole('img', { name: 'The render queue' });
          expect(await shown.getAttribute('width')).toBe('1600');
          expect(await shown.getAttribute('height')).toBe('800');
          await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1600);
          const src = `${setup.server.baseUrl}/marketplace/${issuerClientId}/images/${image!.id}`;
          expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(src);
          expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
          const served = await fetch(src);
          expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual([200, 'image/webp', 'nosniff']);
          await expectFitsAndAccessible(page, 'an offering page with its product image');

          await page.goto(`${setup.server.baseUrl}/portal/catalog/products/${product.id}`);
          await waitForHydration(page);
          // A download link: an http address is refused beside the form, an https one listed.
          const links = page.getByRole('region', { name: 'Downloads' });
          await links.getByLabel('Platform').fill('Windows');
          await links.getByLabel('Download address (https://)').fill('http://downloads.example.com/setup.exe');
          await links.getByRole('button', { name: 'Add link' }).click();
          await links.getByRole('alert').filter({ hasText: 'Enter the full https:// address of the download.' }).waitFor();
          await links.getByLabel('Download address (https://)').fill('https://downloads.example.com/setup.exe');
          await links.getByRole('button', { name: 'Add link' }).click();
          await page.getByText('Download link added.').waitFor();
          expect(await page.getByTestId('download-row').innerText()).toContain('https://downloads.example.com/setup.exe');
          await expectFitsAndAccessible(page, 'a product with a download link');
          await page.getByRole('button', { name: 'Remove the Windows link' }).click();
          await page.getByText('Download link removed.').waitFor();
          expect(await setup.database.db.productDownload.count({ where: { productId: product.id } })).toBe(0);
          await page.getByRole('button', { name: 'Remove image 1' }).click();
          await page.getByText('Image removed.').waitFor();
          expect(await page.getByTestId('product-image').count()).toBe(0);
          expect(await setup.database.db.productImage.count({ where: { productId: product.id } })).toBe(0);
        } finally {
          await context.close();
          // The other tests count this seller's products.
          await setup.database.db.product.delete({ where: { id: product.id } });
        }
      },
      E2E_TIMEOUT,
    );
  }

  it("another seller's product and offering ids answer the not-found page", async () => {
    const { context, page } = await signedInPage(VIEWPORTS[1]);
    try {
      for (const path of [`/portal/catalog/products/${ids.otherProduct}`, `/portal/catalog/offerings/${ids.otherOffering}`, '/portal/catalog/offerings/no-such-id']) {
        const response = await page.goto(`${setup.server.baseUrl}${path}`);
        expect(response?.status(), path).toBe(404);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
        expect(await page.locator('body').innerText()).not.toContain('Not yours');
      }
      await expectFitsAndAccessible(page, 'the not-found page');
    } finally {
      await context.close();
    }
  });
});
