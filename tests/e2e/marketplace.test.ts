import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserTestFile } from '../support/browser-test-file';

const setup = browserTestFile({ smtp: false });
let page: Page;

beforeAll(async () => {
  page = await setup.browser.newPage();
});

describe('hosted storefront /marketplace/{issuerClientId} in Chromium', () => {
  it('shows the demo seller and every listed offering with its price and features', async () => {
    const response = await page.goto(`${setup.server.baseUrl}/marketplace/demo`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Demo Studio Team');
    const offerings = page.getByTestId('offering');
    expect(await offerings.count()).toBe(5);
    const text = await page.locator('main').innerText();
    for (const name of ['Community', 'Pro Lifetime', 'Pro Monthly', 'Pro Trial', 'Team']) expect(text).toContain(name);
    expect(text).not.toContain('Enterprise (unlisted)');
    expect(text).toContain('$9.99 / month');
    expect(text).toContain('$49.00');
    expect(text).toContain('Free for 14 days');
    expect(text).toContain('Cloud render');
    fs.mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/marketplace-demo.png', fullPage: true });
  });

  it('the first Tab reaches the skip link, which moves focus to the content', async () => {
    await page.goto(`${setup.server.baseUrl}/marketplace/demo`);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
  });

  it('a search longer than 80 characters is cut, and the page says so', async () => {
    await page.goto(`${setup.server.baseUrl}/marketplace?q=${'demo'.repeat(30)}`);
    expect(await page.getByTestId('search-shortened').innerText()).toContain('Only the first 80 characters of your search were used.');
    await page.goto(`${setup.server.baseUrl}/marketplace?q=demo`);
    expect(await page.getByTestId('search-shortened').count()).toBe(0);
  });

  it('sign-in with a 10,000-character e-mail address says what is wrong, and sends nothing', async () => {
    await page.goto(`${setup.server.baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(`${'x'.repeat(9988)}@example.com`);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('alert').filter({ hasText: 'An e-mail address has at most 254 characters; this one has 10,000.' }).waitFor();
    expect(await setup.database.db.email.count()).toBe(0);
  });

  it('an unknown seller shows a not-found page', async () => {
    const response = await page.goto(`${setup.server.baseUrl}/marketplace/nobody-here`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('main').innerText()).toContain('Page not found');
  });
});
