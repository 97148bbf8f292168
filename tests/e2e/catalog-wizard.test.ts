import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createProduct } from '../support/factories';
import { axeViolations, expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// "Sell an app" in Chromium at a desktop and a phone width: a seller goes from the catalog to the
// one-step form, fills "Render Studio, 9.00 a month per seat, three floating devices a seat and a
// week offline, feature Renders with 1,000 a month",
// sees what buyers will see, creates it (one request, however often the button is pressed), lands
// on the new offering's page, and the storefront shows the offering with its allowance. Refusals
// are shown on their fields: the browser's own check first, then the server's.

const E2E_TIMEOUT = 120_000;
const SELLER_EMAIL = 'catalog.wizard@example.com';
const FORM = 'Sell an app';
const FLOATING_THREE = "Up to 3 devices per seat at a time (a device's place frees when it stops checking in); offline up to 7 days";

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sessionCookie: string;
let seller: { id: string; issuerClientId: string };

beforeAll(async () => {
  sessionCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Wizard Works Ltd' });
  ({ seller } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } }, include: { seller: true } }));
});

// Each test starts from an empty catalog (the products' offerings and features go with them).
beforeEach(async () => {
  await setup.database.db.product.deleteMany({ where: { sellerId: seller.id } });
});

const signedInPage = (viewport: { width: number; height: number }) => portalPage(setup.browser, setup.server.baseUrl, sessionCookie, viewport, { defaultTimeoutMs: 15_000 });

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The error text a control shows: the element its aria-describedby names for the error. */
async function errorOf(control: ReturnType<Page['locator']>): Promise<string> {
  await poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const errorId = (await control.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
  return control.page().locator(`[id="${errorId}"]`).innerText();
}

async function catalogCounts() {
  const [products, offerings, features] = await Promise.all([
    setup.database.db.product.count({ where: { sellerId: seller.id } }),
    setup.database.db.offering.count({ where: { sellerId: seller.id } }),
    setup.database.db.feature.count({ where: { offering: { sellerId: seller.id } } }),
  ]);
  return { products, offerings, features };
}

describe('selling an app in one step, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    const at = `at ${viewport.width} px`;

    it(
      `${at}: Render Studio, 9.00 a month per seat with 1,000 renders a month and 3 floating devices a seat, is created in one request and is on the storefront with its allowance and its devices`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/catalog`);
          await waitForHydration(page);
          expect(await page.getByRole('link', { name: 'Sell your first app' }).getAttribute('href')).toBe('/portal/catalog/new');
          await page.screenshot({ path: `test-results/catalog-wizard-catalog-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(page, 'the empty catalog offering Sell an app');
          await page.getByRole('link', { name: 'Sell an app', exact: true }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/catalog/new`);
          await waitForHydration(page);
          const form = page.getByRole('form', { name: FORM });
          // Payments are off: the page says so, with the way to turn them on, before the form.
          expect(await page.getByTestId('paid-checkout-state').innerText()).toBe('not enabled yet');
          await expectFitsAndAccessible(page, 'the empty wizard');

          await form.getByLabel('App name').fill('Render Studio');
          await form.getByLabel('Platform').selectOption({ label: 'Windows' });
          await form.getByLabel('Description').fill('Renders scenes on your desktop.');
          expect(await form.getByRole('radio', { name: 'Subscription' }).isChecked()).toBe(true);
          await form.getByLabel('Currency').selectOption('eur');
          await form.getByLabel('Price', { exact: true }).fill('9.00');
          expect(await form.getByLabel('Billed every').inputValue()).toBe('1');
          expect(await form.getByLabel('Billing period').locator('option:checked').innerText()).toBe('Month');
          await form.getByLabel('Sold per seat').check();
          // Devices: three per seat, floating, license files for a week offline.
          const devices = form.getByRole('region', { name: 'Devices' });
          expect(await devices.getByLabel('Devices per seat').getAttribute('placeholder')).toBe('Any number');
          expect(await devices.getByRole('radio', { name: 'Stays on a device until it is deactivated' }).isChecked()).toBe(true);
          expect(await devices.getByLabel('Offline use (days)').inputValue()).toBe('30');
          await devices.getByLabel('Devices per seat').fill('3');
          await devices.getByRole('radio', { name: /^Floating: a device holds its place/ }).check();
          await devices.getByLabel('Offline use (days)').fill('7');

          await form.getByRole('button', { name: 'Add a feature' }).click();
          const row = form.getByRole('group', { name: 'Feature 1' });
          // The new row's name has the focus; the key follows the name until the seller changes it.
          await poll(() => row.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
          await page.keyboard.type('Renders');
          expect(await row.getByLabel('Key').inputValue()).toBe('renders');
          await row.getByLabel('Allowance').fill('1000');
          expect(await row.getByLabel('Per').locator('option:checked').innerText()).toBe('Month');

          const preview = page.getByTestId('sell-app-preview');
          await poll(() => preview.getByTestId('preview-price').innerText()).toBe('€9.00 per seat / month');
          expect(await preview.getByTestId('preview-feature').allInnerTexts()).toEqual(['Renders · 1,000 per month per seat']);
          expect(await preview.getByTestId('preview-devices').innerText()).toBe(FLOATING_THREE);
          expect(await preview.innerText()).toContain('Render Studio');
          await form.getByLabel('List it on my storefront now').check();
          await poll(() => preview.innerText()).toContain('Listed on your storefront as soon as it is created.');
          await page.screenshot({ path: `test-results/catalog-wizard-filled-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(page, 'the filled wizard');

          // The call is held back a moment, so the pending state can be seen and a second press tried.
          let calls = 0;
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route('**/api/trpc/catalogAdmin.startSellingApp**', async (route) => {
            calls += 1;
            await held;
            await route.continue();
          });
          const submit = form.getByRole('button', { name: 'Create app' });
          // Let go whatever happens: a handler still waiting would keep the page's close waiting too.
          try {
            await submit.click();
            const busy = form.getByRole('button', { name: 'Creating…' });
            await poll(() => busy.isDisabled()).toBe(true);
            expect(await busy.getAttribute('aria-busy')).toBe('true');
            await busy.click({ force: true });
          } finally {
            release();
          }

          await page.waitForURL(/\/portal\/catalog\/offerings\/[^/]+$/);
          expect(calls).toBe(1);
          // The store takes no payments yet, and the message says so rather than "on your storefront".
          await poll(() => page.getByTestId('toast').innerText()).toContain('“Render Studio” is listed, with its offering and 1 feature: buyers see it, and can buy it once your store takes payments');
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Standard');
          expect(await page.getByTestId('offering-price').innerText()).toBe('€9.00 per seat / month');
          expect(await page.getByTestId('feature').allInnerTexts()).toEqual([expect.stringMatching(/renders[\s\S]*1000 per month/i)]);
          // The offering's form shows the device rules it was created with.
          const edit = page.getByRole('form', { name: 'Edit offering Standard' });
          expect(await edit.getByLabel('Devices per seat').inputValue()).toBe('3');
          expect(await edit.getByRole('radio', { name: /^Floating/ }).isChecked()).toBe(true);
          expect(await edit.getByLabel('Offline use (days)').inputValue()).toBe('7');
          const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
          expect(await breadcrumbs.getByRole('link').allInnerTexts()).toEqual(['Catalog', 'Render Studio']);
          await page.screenshot({ path: `test-results/catalog-wizard-offering-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(page, 'the new offering after the wizard');

          expect(await catalogCounts()).toEqual({ products: 1, offerings: 1, features: 1 });
          const offering = await setup.database.db.offering.findFirstOrThrow({ where: { sellerId: seller.id }, include: { features: true, product: true } });
          expect(offering).toMatchObject({
            name: 'Standard',
            classification: LicenseClassification.Subscription,
            priceMinor: 900,
            currency: 'eur',
            interval: 1,
            intervalUnit: IntervalUnit.Month,
            seatBased: true,
            listed: true,
            maxDevices: 3,
            deviceMode: 'Floating',
            maxOfflineDays: 7,
            product: { name: 'Render Studio', description: 'Renders scenes on your desktop.', platform: 1 },
          });
          expect(page.url()).toBe(`${setup.server.baseUrl}/portal/catalog/offerings/${offering.id}`);
          expect(offering.features).toEqual([expect.objectContaining({ key: 'renders', displayName: 'Renders', allowance: 1000, allowancePeriodUnit: IntervalUnit.Month })]);

          await page.goto(`${setup.server.baseUrl}/marketplace/${seller.issuerClientId}`);
          const card = page.getByTestId('offering').filter({ hasText: 'Standard' });
          // The storefront streams in behind its loading state.
          await page.getByRole('heading', { name: 'Render Studio' }).waitFor();
          expect(await card.getByTestId('price').innerText()).toBe('€9.00 per seat / month');
          expect(await card.getByRole('list', { name: 'Features of Standard' }).innerText()).toBe('Renders · 1,000 per month per seat');
          expect(await card.getByTestId('devices').innerText()).toBe(FLOATING_THREE);
          await page.screenshot({ path: `test-results/catalog-wizard-storefront-${viewport.name}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `${at}: refusals are shown next to their fields, the browser's check first and then the server's, and nothing is written`,
      async () => {
        await createProduct(setup.database.db, seller.id, { name: 'Taken App' });
        const { context, page } = await signedInPage(viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/catalog/new`);
          await waitForHydration(page);
          const form = page.getByRole('form', { name: FORM });
          let calls = 0;
          page.on('request', (request) => {
            if (request.url().includes('/api/trpc/catalogAdmin.startSellingApp')) calls += 1;
          });

          // Checked in the browser with the service's own schema: no request leaves.
          await form.getByRole('button', { name: 'Add a feature' }).click();
          await form.getByRole('group', { name: 'Feature 1' }).getByLabel('Name').fill('Renders');
          await form.getByRole('button', { name: 'Add a feature' }).click();
          const second = form.getByRole('group', { name: 'Feature 2' });
          await second.getByLabel('Name').fill('Renders');
          await second.getByLabel('Allowance').fill('-5');
          await form.getByLabel('Devices per seat').fill('1001');
          await form.getByLabel('Offline use (days)').fill('91');
          await form.getByRole('button', { name: 'Create app' }).click();
          expect(await errorOf(form.getByLabel('App name'))).toBe('Enter a product name.');
          expect(await errorOf(form.getByLabel('Price', { exact: true }))).toBe('Enter a price above 0, or choose Free.');
          expect(await errorOf(form.getByLabel('Devices per seat'))).toBe('Must be at most 1000.');
          expect(await errorOf(form.getByLabel('Offline use (days)'))).toBe('Must be at most 90.');
          expect(await errorOf(second.getByLabel('Key'))).toBe('Feature 1 already has the key “renders”. Give each feature its own key.');
          expect(await errorOf(second.getByLabel('Allowance'))).toBe('The allowance cannot be negative.');
          const alert = form.getByRole('alert');
          expect(await alert.innerText()).toContain('Please correct these 6 problems:');
          expect(await alert.getByRole('link').allInnerTexts()).toEqual([
            'App name: Enter a product name.',
            'Price: Enter a price above 0, or choose Free.',
            'Devices per seat: Must be at most 1000.',
            'Offline use (days): Must be at most 90.',
            'Feature 2 key: Feature 1 already has the key “renders”. Give each feature its own key.',
            'Feature 2 allowance: The allowance cannot be negative.',
          ]);
          expect(await form.getByLabel('App name').evaluate((input) => input === document.activeElement)).toBe(true);
          expect(calls).toBe(0);
          await page.screenshot({ path: `test-results/catalog-wizard-refused-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(page, 'the wizard refusing in the browser');

          // Removing the second row, any number of devices, a month offline and choosing Free clear
          // those; the server then refuses the taken name.
          await form.getByLabel('Devices per seat').fill('');
          await form.getByLabel('Offline use (days)').fill('30');
          await second.getByRole('button', { name: 'Remove feature 2' }).click();
          expect(await form.getByRole('button', { name: 'Add a feature' }).evaluate((button) => button === document.activeElement)).toBe(true);
          await form.getByRole('radio', { name: 'Free', exact: true }).check();
          expect(await form.getByLabel('Price', { exact: true }).count()).toBe(0);
          await poll(() => page.getByTestId('preview-price').innerText()).toBe('Free');
          await form.getByLabel('App name').fill('taken app');
          await form.getByRole('button', { name: 'Create app' }).click();
          await poll(() => errorOf(form.getByLabel('App name'))).toBe('Another of your products is already called “taken app”. Give this one a different name.');
          expect(calls).toBe(1);
          expect(await form.getByLabel('App name').evaluate((input) => input === document.activeElement)).toBe(true);
          expect(await form.getByRole('button', { name: 'Create app' }).isEnabled()).toBe(true);
          expect(await catalogCounts()).toEqual({ products: 1, offerings: 0, features: 0 });
          await page.screenshot({ path: `test-results/catalog-wizard-server-refusal-${viewport.name}.png`, fullPage: true });
          await expectFitsAndAccessible(page, 'the wizard showing the server refusal');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: a subscription with 14 days free reads "14 days free, then …" in the preview and on the storefront, and is stored with its TrialDays`,
      async () => {
        const { context, page } = await signedInPage(viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/catalog/new`);
          await waitForHydration(page);
          const form = page.getByRole('form', { name: FORM });
          await form.getByLabel('App name').fill('Trial Studio');
          await form.getByLabel('Currency').selectOption('usd');
          await form.getByLabel('Price', { exact: true }).fill('15');
          await form.getByLabel('Free trial (days)').fill('14');
          await form.getByLabel('List it on my storefront now').check();
          const preview = page.getByTestId('sell-app-preview');
          await poll(() => preview.getByTestId('preview-price').innerText()).toBe('14 days free, then $15.00 / month');
          await expectFitsAndAccessible(page, 'the wizard with a free trial that converts');
          // Another way to pay leaves no trial behind.
          await form.getByRole('radio', { name: 'One-time payment' }).check();
          await form.getByRole('radio', { name: 'Subscription' }).check();
          expect(await form.getByLabel('Free trial (days)').inputValue()).toBe('');
          await form.getByLabel('Free trial (days)').fill('14');
          await form.getByRole('button', { name: 'Create app' }).click();
          await page.waitForURL(/\/portal\/catalog\/offerings\/[^/]+$/);
          const offering = await setup.database.db.offering.findFirstOrThrow({ where: { sellerId: seller.id } });
          expect(offering).toMatchObject({ classification: LicenseClassification.Subscription, priceMinor: 1500, trialDays: 14 });
          expect(await page.getByLabel('Free trial days').inputValue()).toBe('14');
          await page.goto(`${setup.server.baseUrl}/marketplace/${seller.issuerClientId}`);
          await page.getByRole('heading', { name: 'Trial Studio' }).waitFor();
          expect(await page.getByTestId('offering').getByTestId('price').innerText()).toBe('14 days free, then $15.00 / month');
          await expectFitsAndAccessible(page, 'the storefront with a free trial that converts');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  it('in dark mode the wizard with a free trial and its preview is dark and axe-core finds nothing', async () => {
    const { context, page } = await signedInPage(VIEWPORTS[1]);
    try {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${setup.server.baseUrl}/portal/catalog/new`);
      await waitForHydration(page);
      const form = page.getByRole('form', { name: FORM });
      await form.getByLabel('App name').fill('Render Studio');
      await form.getByRole('radio', { name: 'Free trial' }).check();
      expect(await form.getByLabel('Trial length').inputValue()).toBe('14');
      await poll(() => page.getByTestId('preview-price').innerText()).toBe('Free for 14 days');
      await form.getByRole('button', { name: 'Add a feature' }).click();
      await form.getByRole('group', { name: 'Feature 1' }).getByLabel('Name').fill('Export PDF');
      expect(await form.getByRole('group', { name: 'Feature 1' }).getByLabel('Key').inputValue()).toBe('export-pdf');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, 'body background in dark mode').not.toMatch(/oklch\(0?\.9|rgb\(2[45]\d/);
      await page.screenshot({ path: 'test-results/catalog-wizard-dark-phone.png', fullPage: true });
      expect(await axeViolations(page), 'the wizard in dark mode').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
