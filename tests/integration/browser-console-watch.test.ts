import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, takeConsoleProblems } from '../support/browser';

// The browser tests fail on what a page says that no page of ours should (tests/support/browser.ts,
// checked after each test by browser-test-file.ts). Here the watch itself is tried on a loopback
// server's pages that do each such thing, so a watch that heard nothing would fail.

let browser: Browser;
let server: http.Server;
let baseUrl: string;

const PAGES: Record<string, string> = {
  '/quiet': '<p>Nothing to say.</p>',
  '/console-error': '<script nonce="n">console.error("something broke")</script>',
  '/uncaught': '<script nonce="n">setTimeout(() => { throw new Error("thrown late") })</script>',
  // The eval is refused by the policy and the script catches the refusal: only the event tells.
  '/caught-violation': '<script nonce="n">try { new Function("") } catch {}</script>',
  '/missing-image': '<img src="/nowhere.png" alt="">',
  '/refused-api-call': '<script nonce="n">fetch("/api/trpc/thing").then(() => {})</script>',
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (page === undefined) {
      response.writeHead(request.url?.startsWith('/api/') ? 400 : 404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'nonce-n'" }).end(`<!doctype html><title>t</title><link rel="icon" href="data:,">${page}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function problemsOn(path: string, newPage: () => Promise<import('playwright-core').Page>) {
  const page = await newPage();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(100);
  await page.close();
  return takeConsoleProblems(browser).map((problem) => problem.text);
}

describe("the browser tests' console watch", () => {
  const ways = {
    'browser.newPage()': () => browser.newPage(),
    'a page of browser.newContext()': async () => (await browser.newContext()).newPage(),
  };
  for (const [way, newPage] of Object.entries(ways)) {
    it(`reports a console error, an uncaught error, a CSP violation a script caught and a missing image, on ${way}`, async () => {
      expect(await problemsOn('/quiet', newPage)).toEqual([]);
      expect(await problemsOn('/console-error', newPage)).toEqual(['something broke']);
      expect(await problemsOn('/uncaught', newPage)).toEqual(['uncaught: thrown late']);
      expect(await problemsOn('/caught-violation', newPage)).toEqual([expect.stringMatching(/^Content-Security-Policy violation: script-src eval/)]);
      expect(await problemsOn('/missing-image', newPage)).toEqual([expect.stringMatching(/^Failed to load resource: .*404/)]);
    });

    it(`does not count the service refusing a call the page made to its API, on ${way}`, async () => {
      expect(await problemsOn('/refused-api-call', newPage)).toEqual([]);
    });
  }
});
