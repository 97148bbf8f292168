import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { rawRequest } from '../support/raw-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Every page carries a nonce-based CSP that forbids framing, plus nosniff and a referrer policy;
// REST answers carry nosniff; the portal's tRPC endpoint answers malformed JSON with a 400.

let database: TestDatabase;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

const PAGES = ['/', '/login', '/register', '/marketplace/demo', '/licenses', '/portal/api-keys', '/identity/sign-in?request=x', '/checkout/local/0192f000-0000-7000-8000-000000000001'];

describe('security headers of pages', () => {
  it.each(PAGES)('%s sends a nonce CSP with frame-ancestors none, X-Frame-Options DENY, nosniff and a referrer policy', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it.each(PAGES)('%s carries an X-Correlation-Id like every REST answer: the caller\'s when usable, else a fresh one', async (path) => {
    const fresh = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(fresh.headers.get('x-correlation-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const adopted = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', headers: { 'x-correlation-id': 'support-ticket-42' } });
    expect(adopted.headers.get('x-correlation-id')).toBe('support-ticket-42');
  });

  it('forms post only to this service, except where they end in a redirect to a registered address (sign-in, hosted checkout)', async () => {
    const formAction = async (path: string) => /form-action ([^;]*)/.exec((await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' })).headers.get('content-security-policy') ?? '')?.[1];
    expect(await formAction('/login')).toBe("'self'");
    expect(await formAction('/identity/sign-in?request=x')).toBe("'self' https: http:");
    expect(await formAction('/checkout/local/0192f000-0000-7000-8000-000000000001')).toBe("'self' https: http:");
  });

  it('every page view gets a fresh nonce, and the page\'s scripts carry it', async () => {
    const first = await fetch(`${server.baseUrl}/marketplace/demo`);
    const second = await fetch(`${server.baseUrl}/marketplace/demo`);
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const nonce = nonceOf(first)!;
    expect(nonce).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonce);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it('in Chromium the pages run under the policy: no CSP violation, and the page hydrates', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    // A violation a script caught (zod's probe for eval, say) logs nothing, but the document still hears of it.
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        void (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    for (const path of ['/login', '/marketplace/demo', '/', '/licenses', '/register']) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
    }
    // Hydrated and allowed to call its own API: the sign-in form asks for a code over tRPC and
    // moves to the code step (React state).
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail address').fill('someone@example.test');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code').waitFor({ timeout: 10_000 });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('a page cannot be framed by another site', async () => {
    const page = await browser.newPage();
    await page.setContent(`<iframe id="f" src="${server.baseUrl}/login"></iframe>`);
    await page.waitForTimeout(1000);
    const frame = page.frames().find((candidate) => candidate.url().startsWith(server.baseUrl));
    const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedText).not.toContain('Sign in');
    await page.close();
  });
});

describe('headers and errors outside pages', () => {
  it('REST answers carry nosniff', async () => {
    const response = await fetch(`${server.baseUrl}/purchase/demo/offerings`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the API reference page sends a CSP that forbids framing', async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('the API reference page is the index of the document without Swagger UI: its one script is the loader, deferred', async () => {
    const page = await (await fetch(`${server.baseUrl}/docs`)).text();
    expect([...page.matchAll(/<script[^>]*>/g)].map((match) => match[0])).toEqual(['<script src="/docs/init.js" defer>']);
    expect(page).not.toContain('swagger-ui-bundle.js');
    expect(page).toContain('<code>/purchase/checkout</code>');
  });

  it('the reference assets go brotli- or gzip-compressed as the browser takes them, the same bytes once decoded, with Vary: Accept-Encoding', async () => {
    const original = fs.readFileSync(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', 'swagger-ui-bundle.js'));
    // As it crosses the wire: fetch would decode the body and drop Content-Encoding.
    const asset = (acceptEncoding: string) => rawRequest(server.baseUrl, 'GET', '/docs/swagger-ui-bundle.js', undefined, { 'accept-encoding': acceptEncoding });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotli.body.length).toBeLessThan(original.length / 3);
    expect(zlib.brotliDecompressSync(brotli.body).equals(original)).toBe(true);
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).equals(original)).toBe(true);
    const refused = await asset('br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(original)).toBe(true);
  });

  it('malformed JSON to /api/trpc is 400, never 500', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/auth.requestSignInCode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"json":' });
    expect(response.status).toBe(400);
  });

  it('the Stripe webhook and the local checkout actions carry X-Correlation-Id', async () => {
    const webhook = await fetch(`${server.baseUrl}/payments/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(webhook.headers.get('x-correlation-id')).toBeTruthy();
    const pay = await fetch(`${server.baseUrl}/checkout/local/0192f000-0000-7000-8000-000000000001/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(404);
    expect(pay.headers.get('x-correlation-id')).toBeTruthy();
    expect(pay.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
