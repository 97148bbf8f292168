import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'false' } });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

describe('a seller signs up in Chromium and sells', () => {
  it('registers, creates an offering with features, lists it, creates an API key, and the storefront REST read shows the offering', async () => {
    const nextCode = codeReader(smtp);
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('Legal name').fill('Onboarding Tools Ltd');
    await page.getByLabel('Contact name').fill('Olive Owner');
    await page.getByLabel('E-mail address').fill('olive@example.com');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code').fill(await nextCode('olive@example.com'));
    await page.getByRole('button', { name: 'Create my seller account' }).click();
    await page.waitForURL(`${server.baseUrl}/portal`);
    const issuerClientId = (await page.getByTestId('issuer-client-id').innerText()).trim();
    expect(issuerClientId).toMatch(/^onboarding-tools-ltd-[a-z0-9]{5}$/);

    await page.getByRole('link', { name: 'Catalog', exact: true }).click();
    const newProduct = page.getByRole('form', { name: 'New product' });
    await newProduct.getByLabel('Product name').fill('Onboarding Studio');
    await newProduct.getByRole('button', { name: 'Add product' }).click();

    const newOffering = page.getByRole('form', { name: 'New offering for Onboarding Studio' });
    await newOffering.getByLabel('Offering name').fill('Studio Monthly');
    await newOffering.getByLabel('Classification').selectOption({ label: 'Subscription' });
    await newOffering.getByLabel('Price').fill('12.50');
    await newOffering.getByLabel('Interval', { exact: true }).fill('1');
    await newOffering.getByLabel('Interval unit').selectOption({ label: 'Month' });
    await newOffering.getByLabel('Listed', { exact: true }).check();
    await newOffering.getByRole('button', { name: 'Add offering' }).click();

    const newFeature = page.getByRole('form', { name: 'New feature for Studio Monthly' });
    await newFeature.getByLabel('Feature key').fill('export');
    await newFeature.getByLabel('Display name').fill('Export');
    await newFeature.getByLabel('Rate limit per minute').fill('30');
    await newFeature.getByRole('button', { name: 'Add feature' }).click();
    await expect.poll(() => database.db.feature.count({ where: { key: 'export' } }), { timeout: 10_000 }).toBe(1);

    await page.getByRole('button', { name: 'Enable checkout (local processor)' }).click();
    await expect.poll(async () => (await database.db.seller.findUniqueOrThrow({ where: { issuerClientId } })).checkoutReady, { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: 'test-results/portal-catalog.png', fullPage: true });

    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    await page.getByLabel(/^Label/).fill('production backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-api-key').getByLabel('API key').inputValue();
    expect(key).toMatch(/^SVC_AK_/);
    const stored = await database.db.apiKey.findFirstOrThrow({ where: { label: 'production backend' } });
    expect(stored.secretHash).not.toContain(key);

    const storefront = await (await fetch(`${server.baseUrl}/purchase/${issuerClientId}/offerings`)).json();
    expect(storefront.IsCheckoutReady).toBe(true);
    const offerings = Object.values(storefront.OfferingsByProduct).flat() as { Name: string; BaseRate: number; Id: string }[];
    expect(offerings).toEqual([expect.objectContaining({ Name: 'Studio Monthly', BaseRate: 12.5 })]);
    const detail = await (await fetch(`${server.baseUrl}/purchase/${issuerClientId}/offerings/${offerings[0]!.Id}`)).json();
    expect(detail.ResolvedFeatures).toEqual([expect.objectContaining({ FeatureKey: 'export', RateLimit: 30 })]);

    const management = await fetch(`${server.baseUrl}/licensing-mgmt/licenses?correlationId=tenant-1`, { headers: { 'dub-apiKey': key } });
    expect(management.status).toBe(200);
  });

  it('signing out ends the session; the portal then asks to sign in', async () => {
    await page.goto(`${server.baseUrl}/portal`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${server.baseUrl}/portal`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('callbackUrl')).toBe('/portal');
  });
});
