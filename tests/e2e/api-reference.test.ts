import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentedOperations, openApiDocument } from '@/server/http/rest-app';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { browserTestFile } from '../support/browser-test-file';

// The API reference page /docs in Chromium. It opens as the document's index drawn by the server
// (every operation and webhook event, each a link) without Swagger UI's script, which loads only
// when asked for (the button, a link, an address naming an operation). Then Swagger UI with our
// stylesheet and plugin, all from this origin: every operation and webhook event rendered, nothing
// fetched from elsewhere, and no axe-core violation or sideways scroll at a desktop and a phone
// width, in light and dark mode, collapsed and with an operation open (its parameters, responses
// and "Try it out").

const E2E_TIMEOUT = 180_000;

const setup = browserTestFile({ smtp: false });

async function openReference(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await setup.browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
  await page.emulateMedia({ colorScheme });
  const response = await page.goto(`${setup.server.baseUrl}/docs`);
  expect(response?.status()).toBe(200);
  await page.getByRole('button', { name: 'Open the interactive reference' }).click();
  // Swagger UI draws every operation at once: on a loaded machine (the whole suite, twice in CI) that took over 15 s.
  await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
  return page;
}

const operationCount = () => documentedOperations().length + Object.keys(openApiDocument().webhooks ?? {}).length;

/** Opens the operation (its summary is a button) and waits for its parameters and responses. */
async function openOperation(page: Page, path: string) {
  const operation = page.locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) }).first();
  await operation.locator('.opblock-summary-control').click();
  await operation.locator('.responses-table').waitFor();
  return operation;
}

async function shot(page: Page, name: string) {
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/api-reference-${name}.png` });
}

describe('the API reference page /docs in Chromium', () => {
  it('opens as the index of every operation and webhook event, each a link, without loading Swagger UI; it has no axe violations at 1280 and 390 px, light and dark', async () => {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await setup.browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
        await page.emulateMedia({ colorScheme });
        const requested: string[] = [];
        const failed: string[] = [];
        page.on('request', (request) => requested.push(new URL(request.url()).pathname));
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        expect((await page.goto(`${setup.server.baseUrl}/docs`))?.status()).toBe(200);
        await page.getByRole('button', { name: 'Open the interactive reference' }).waitFor();
        const index = page.getByRole('main');
        expect(await index.locator('a.reference-entry').count()).toBe(operationCount());
        expect(await index.getByRole('link', { name: 'POST /purchase/checkout', exact: true }).count()).toBe(1);
        expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Licensing and purchase service']);
        await expectFitsAndAccessible(page, `the index, ${colorScheme}`);
        await page.waitForLoadState('networkidle');
        expect(requested.filter((path) => path.startsWith('/docs/swagger-ui'))).toEqual([]);
        // Nothing it asks for is missing (a browser asks for /favicon.ico when a page names no icon).
        expect(failed).toEqual([]);
        if (colorScheme === 'light') await shot(page, `${viewport.name}-index`);
        await page.close();
      }
    }
  }, E2E_TIMEOUT);

  it('a link of the index loads the interactive reference and opens that operation; an address naming an operation opens it on arrival', async () => {
    const page = await setup.browser.newPage();
    await page.goto(`${setup.server.baseUrl}/docs`);
    await page.getByRole('button', { name: 'Open the interactive reference' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'POST /purchase/checkout', exact: true }).click();
    const opened = page.locator('.opblock.is-open', { has: page.locator('.opblock-summary-path[data-path="/purchase/checkout"]') });
    await opened.waitFor({ timeout: 30_000 });
    const address = page.url();
    expect(new URL(address).hash).toMatch(/^#\/[^/]+\/\w+/);
    expect(await page.getByRole('main').count()).toBe(1);
    await page.close();

    const arriving = await setup.browser.newPage();
    await arriving.goto(address);
    await arriving.locator('.opblock.is-open', { has: arriving.locator('.opblock-summary-path[data-path="/purchase/checkout"]') }).waitFor({ timeout: 30_000 });
    await arriving.close();
  }, E2E_TIMEOUT);

  it('renders every documented operation from /openapi.json, with no request leaving the service', async () => {
    const page = await setup.browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(setup.server.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    const response = await page.goto(`${setup.server.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    await page.getByRole('button', { name: 'Open the interactive reference' }).click();
    const operations = page.locator('.opblock');
    await operations.first().waitFor({ timeout: 15_000 });
    // Every REST operation, and every event a seller's endpoint receives (the document's webhooks).
    expect(await operations.count()).toBe(operationCount());
    const text = await page.locator('#reference').innerText();
    expect(text).toContain('Licensing and purchase service');
    expect(text).toContain('/purchase/checkout');
    // Opening an operation loads nothing from elsewhere either (its examples, its schemas).
    await openOperation(page, '/purchase/checkout');
    expect(outside).toEqual([]);
    await page.close();
  });

  it('has a title, a language, the service named in its one h1, one main landmark and a link back to the portal', async () => {
    const page = await openReference(VIEWPORTS[0]);
    expect(await page.title()).toBe('API reference · Licensing and purchase service');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([expect.stringContaining('Licensing and purchase service')]);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Licensing service' }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it(
    'the API reference has no axe violations at 1280 and 390 px, collapsed and with an operation expanded',
    async () => {
      for (const viewport of VIEWPORTS) {
        const page = await openReference(viewport);
        await expectFitsAndAccessible(page, 'the reference, collapsed');
        await shot(page, `${viewport.name}-collapsed`);

        const operation = await openOperation(page, '/purchase/checkout');
        await expectFitsAndAccessible(page, 'POST /purchase/checkout open');
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).waitFor();
        await expectFitsAndAccessible(page, 'POST /purchase/checkout with Try it out');
        await operation.scrollIntoViewIfNeeded();
        await shot(page, `${viewport.name}-expanded`);
        await page.close();
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'the API reference has no axe violations in dark mode at 1280 and 390 px, collapsed and with an operation expanded',
    async () => {
      for (const viewport of VIEWPORTS) {
        const page = await openReference(viewport, 'dark');
        // Dark mode is on (Swagger UI's dark theme under our colours), not the light page again.
        expect(await page.locator('html').getAttribute('class')).toContain('dark-mode');
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(28, 32, 34)');
        await expectFitsAndAccessible(page, 'the reference in dark mode, collapsed');
        await shot(page, `${viewport.name}-dark`);

        const operation = await openOperation(page, '/purchase/checkout/{sessionId}');
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).waitFor();
        await expectFitsAndAccessible(page, 'GET /purchase/checkout/{sessionId} with Try it out in dark mode');
        await page.close();
      }
    },
    E2E_TIMEOUT,
  );

  it(
    'an open webhook event, the authorization dialog and an executed request have no axe violations at 1280 and 390 px',
    async () => {
      for (const viewport of VIEWPORTS) {
        const page = await openReference(viewport);
        const event = Object.keys(openApiDocument().webhooks ?? {})[0]!;
        await openOperation(page, event);
        await expectFitsAndAccessible(page, `the webhook event ${event} open`);

        await page.getByRole('button', { name: 'Authorize' }).first().click();
        await page.locator('.dialog-ux').waitFor();
        await expectFitsAndAccessible(page, 'the authorization dialog');
        await page.locator('.dialog-ux').getByRole('button', { name: 'Close' }).first().click();
        await page.locator('.dialog-ux').waitFor({ state: 'detached' });

        // Try it out goes to this service (the document's one setup.server), and its answer is shown.
        const operation = await openOperation(page, '/licensing/runtime/.well-known/jwks');
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).click();
        await expect.poll(() => operation.locator('.live-responses-table tr.response .response-col_status').innerText()).toBe('200');
        expect(await operation.locator('.request-url').innerText()).toContain(`${setup.server.baseUrl}/licensing/runtime/.well-known/jwks`);
        // The Execute and Clear drawn after a run take their colours at once: a fade from transparent
        // would show white text on a pale fill meanwhile (caught by axe at 3.99:1 when it looked then).
        expect(await operation.locator('.btn').evaluateAll((buttons) => buttons.map((button) => getComputedStyle(button).transitionDuration))).not.toContain('0.3s');
        await expectFitsAndAccessible(page, 'GET /licensing/runtime/.well-known/jwks executed');
        await page.close();
      }
    },
    E2E_TIMEOUT,
  );
});
