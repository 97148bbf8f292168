import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFitsAndAccessible, VIEWPORTS, portalLink } from '../support/page-checks';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let page: Page;

for (const viewport of VIEWPORTS) describe(`a seller signs up in Chromium and sells, at ${viewport.width} px`, () => {
  it('registers, names the store, creates a product, then an offering on its page with features, lists it, enables checkout, creates an API key, sees orders, customers and the overview, and the storefront REST read shows the offering', async () => {
    page = await setup.browser.newPage({ viewport });
    // A step that cannot happen fails with its own locator, well inside the test's time.
    page.setDefaultTimeout(15_000);
    const nextCode = codeReader(setup.smtp);
    const email = `olive.${viewport.name}@example.com`;
    await page.goto(`${setup.server.baseUrl}/register`);
    await page.getByLabel('Legal name').fill(`Onboarding Tools ${viewport.name} Ltd`);
    await page.getByLabel('Contact name').fill('Olive Owner');
    await page.getByLabel('E-mail address').fill(email);
    await expectFitsAndAccessible(page, 'registration');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code').fill(await nextCode(email));
    await page.getByRole('button', { name: 'Create my seller account' }).click();
    // Registration lands on the store settings, to name the store.
    await page.waitForURL(`${setup.server.baseUrl}/portal/settings?registered=1`);
    expect(await page.getByTestId('registered-notice').innerText()).toContain('Your seller account is ready.');
    await page.getByLabel('Store name').fill(`Olive's Studio ${viewport.name}`);
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Store details saved.').waitFor();
    await expectFitsAndAccessible(page, 'store settings');

    await (await portalLink(page, 'Overview')).click();
    await page.waitForURL(`${setup.server.baseUrl}/portal`);
    const issuerClientId = (await page.getByTestId('issuer-client-id').innerText()).trim();
    expect(issuerClientId).toMatch(new RegExp(`^onboarding-tools-${viewport.name}-ltd-[a-z0-9]{5}$`));
    await expectFitsAndAccessible(page, 'the overview of a new seller');

    await (await portalLink(page, 'Catalog')).click();
    await page.waitForURL(`${setup.server.baseUrl}/portal/catalog`);
    await expect.poll(() => page.getByTestId('paid-checkout-state').innerText(), { timeout: 10_000 }).toBe('not enabled yet');
    await expectFitsAndAccessible(page, 'the catalog before checkout is enabled');
    await page.getByRole('button', { name: 'New product' }).click();
    const newProduct = page.getByRole('form', { name: 'New product' });
    await newProduct.getByLabel('Product name').fill('Onboarding Studio');
    await newProduct.getByRole('button', { name: 'Add product' }).click();
    await page.waitForURL(/\/portal\/catalog\/products\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 10_000 }).toBe('Onboarding Studio');

    await page.getByRole('button', { name: 'New offering' }).click();
    const newOffering = page.getByRole('form', { name: 'New offering for Onboarding Studio' });
    await newOffering.getByLabel('Offering name').fill('Studio Monthly');
    await newOffering.getByLabel('Classification').selectOption({ label: 'Subscription' });
    await newOffering.getByRole('button', { name: 'Add a price' }).click();
    await newOffering.getByLabel('Amount').fill('12.50');
    await newOffering.getByLabel('Interval', { exact: true }).fill('1');
    await newOffering.getByLabel('Interval unit').selectOption({ label: 'Month' });
    await newOffering.getByLabel('Listed', { exact: true }).check();
    await newOffering.getByRole('button', { name: 'Add offering' }).click();
    await page.waitForURL(/\/portal\/catalog\/offerings\/[^/]+$/);
    await expect.poll(() => page.getByRole('switch', { name: 'Listed in storefront' }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');

    const newFeature = page.getByRole('form', { name: 'New feature for Studio Monthly' });
    await newFeature.getByLabel('Feature key').fill('export');
    await newFeature.getByLabel('Display name').fill('Export');
    await newFeature.getByText('Usage billing and limits (optional)').click();
    await newFeature.getByLabel('Rate limit per minute').fill('30');
    await newFeature.getByRole('button', { name: 'Add feature' }).click();
    await expect.poll(() => setup.database.db.feature.count({ where: { key: 'export', offering: { seller: { issuerClientId } } } }), { timeout: 10_000 }).toBe(1);
    await expectFitsAndAccessible(page, 'the offering page');
    await page.screenshot({ path: `test-results/portal-offering-${viewport.name}.png`, fullPage: true });

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalog' }).click();
    await page.waitForURL(`${setup.server.baseUrl}/portal/catalog`);
    await page.getByRole('button', { name: 'Enable checkout (local processor)' }).click();
    await expect.poll(async () => (await setup.database.db.seller.findUniqueOrThrow({ where: { issuerClientId } })).checkoutReady, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('paid-checkout-state').innerText(), { timeout: 10_000 }).toBe('ready');
    await expectFitsAndAccessible(page, 'the catalog, checkout ready');
    await page.screenshot({ path: `test-results/portal-catalog-${viewport.name}.png`, fullPage: true });

    await (await portalLink(page, 'API keys')).click();
    await page.getByLabel(/^Label/).fill('production backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-api-key').getByLabel('API key').inputValue();
    expect(key).toMatch(/^SVC_AK_/);
    const stored = await setup.database.db.apiKey.findFirstOrThrow({ where: { label: 'production backend', seller: { issuerClientId } } });
    expect(stored.secretHash).not.toContain(key);
    await expectFitsAndAccessible(page, 'a new API key, shown once');

    for (const [link, heading] of [['Orders', 'Orders'], ['Customers', 'Customers']] as const) {
      await (await portalLink(page, link)).click();
      await page.waitForURL(`${setup.server.baseUrl}/portal/${link.toLowerCase()}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 10_000 }).toBe(heading);
      await expectFitsAndAccessible(page, `${link} of a new seller`);
    }

    const storefront = await (await fetch(`${setup.server.baseUrl}/purchase/${issuerClientId}/offerings`)).json();
    expect(storefront.IsCheckoutReady).toBe(true);
    const offerings = Object.values(storefront.OfferingsByProduct).flat() as { Name: string; BaseRate: number; Id: string }[];
    expect(offerings).toEqual([expect.objectContaining({ Name: 'Studio Monthly', BaseRate: 12.5 })]);
    const detail = await (await fetch(`${setup.server.baseUrl}/purchase/${issuerClientId}/offerings/${offerings[0]!.Id}`)).json();
    expect(detail.ResolvedFeatures).toEqual([expect.objectContaining({ FeatureKey: 'export', RateLimit: 30 })]);

    const management = await fetch(`${setup.server.baseUrl}/licensing-mgmt/licenses?correlationId=tenant-1`, { headers: { 'dub-apiKey': key } });
    expect(management.status).toBe(200);
  }, 180_000);
});

describe('signing out', () => {
  it('signing out ends the session; the portal then asks to sign in', async () => {
    await page.goto(`${setup.server.baseUrl}/portal`);
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${setup.server.baseUrl}/portal`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('callbackUrl')).toBe('/portal');
  });
});
