import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations, openApiDocument } from '@/server/http/rest-app';
import { launchChromium } from '../support/browser';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let database: TestDatabase;
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  browser = await launchChromium();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

describe('the API reference page /docs in Chromium', () => {
  it('renders every documented operation from /openapi.json, with no request leaving the service', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    const response = await page.goto(`${server.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    const operations = page.locator('.opblock');
    await operations.first().waitFor({ timeout: 15_000 });
    // Every REST operation, and every event a seller's endpoint receives (the document's webhooks).
    expect(await operations.count()).toBe(documentedOperations().length + Object.keys(openApiDocument().webhooks ?? {}).length);
    const text = await page.locator('#reference').innerText();
    expect(text).toContain('Licensing and purchase service');
    expect(text).toContain('/purchase/checkout');
    expect(outside).toEqual([]);
    fs.mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/api-reference.png', fullPage: false });
  });
});
