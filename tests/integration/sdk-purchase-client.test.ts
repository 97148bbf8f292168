import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeSignIn, POLLING, PurchaseClient, RuntimeClient, signInWithBrowser } from '../../sdk/src/index';
import { launchChromium } from '../support/browser';
import { DEMO_IDS } from '@/prisma/seed';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The client library's PurchaseClient and NativeSignIn against the real service (the demo seller):
// a buyer signs in with the e-mailed code, buys a free offering, and the license code it gets
// authorizes through RuntimeClient; arguments are refused before any request; polling follows the
// spec's schedule and honours Retry-After.

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let signIn: NativeSignIn;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'true' } });
  signIn = new NativeSignIn({ baseUrl: server.baseUrl });
  const email = `sdk-buyer-${crypto.randomBytes(3).toString('hex')}@example.test`;
  expect(await signIn.start(email)).toMatchObject({ codeLength: 6 });
  await signIn.complete(await codeReader(smtp)(email));
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

describe('PurchaseClient', () => {
  it('reads the storefront and an offering in camelCase', async () => {
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: signIn.getAccessToken });
    const storefront = await purchase.getStorefront('demo');
    expect(storefront).toMatchObject({ clientId: 'demo', isCheckoutReady: expect.any(Boolean) });
    expect(Object.values(storefront.offeringsByProduct).flat().map((offering) => offering.id)).toContain(DEMO_IDS.community);
    const detail = await purchase.getOffering('demo', DEMO_IDS.community);
    expect(detail).toMatchObject({ issuerClientId: 'demo', offering: { id: DEMO_IDS.community } });
  });

  it('buys a free offering after a native sign-in; the license code in the result authorizes through RuntimeClient', async () => {
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: signIn.getAccessToken });
    const session = await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community, correlationId: 'sdk-order-1' });
    expect(session).toMatchObject({ sessionId: expect.any(String), sessionUrl: null, requestId: expect.any(String) });
    // The same request again (a retry) is the same checkout.
    expect((await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community, correlationId: 'sdk-order-1', requestId: session.requestId })).sessionId).toBe(session.sessionId);
    const result = await purchase.waitForCheckout(session.sessionId);
    expect(result).toMatchObject({ status: 'completed', correlationId: 'sdk-order-1', offeringId: DEMO_IDS.community, licenseId: expect.any(String) });
    const runtime = new RuntimeClient({ licensingUrl: `${server.baseUrl}/licensing`, consumptionUrl: `${server.baseUrl}/consumption`, licenseCode: result.encodedCredential!, flushIntervalMs: 0 });
    try {
      expect((await runtime.authorize()).licenseId).toBe(result.licenseId);
    } finally {
      await runtime.close();
    }
  });

  it.each([
    ['successUrl', { successUrl: '/relative' }],
    ['cancelUrl', { cancelUrl: 'javascript:alert(1)' }],
    ['requestId', { requestId: '00000000-0000-0000-0000-000000000000' }],
    ['correlationId', { correlationId: 'c'.repeat(129) }],
    ['originContext', { originContext: 'desktop' }],
    ['offeringId', { offeringId: '' }],
    ['quantity', { quantity: 3 }],
  ])('a bad %s is an ArgumentError naming it, and no request is made', async (field, bad) => {
    let requests = 0;
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: signIn.getAccessToken, fetch: (input, init) => (requests++, fetch(input, init)) });
    const refusal = await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community, ...(bad as object) }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ name: 'ArgumentError', field });
    expect(requests).toBe(0);
  });

  it('waitForCheckout polls a pending checkout on the spec schedule, never sooner than Retry-After, at most 60 reads', async () => {
    const waits: number[] = [];
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: signIn.getAccessToken, sleep: async (ms) => void waits.push(ms) });
    const session = await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.monthly });
    expect(session.sessionUrl).toEqual(expect.any(String));
    const result = await purchase.waitForCheckout(session.sessionId);
    expect(result.status).toBe('pending');
    expect(waits).toHaveLength(POLLING.maxReads - 1);
    // Retry-After: 3 on every pending read; then 4, 8, and the 15 s cap.
    expect(waits.slice(0, 6)).toEqual([3_000, 3_000, 4_000, 8_000, 15_000, 15_000]);
  });

  it('a refusal is a LicensingApiError with the ApiError Code, status and correlation id', async () => {
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: () => 'not-a-token' });
    const refusal = await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ name: 'LicensingApiError', code: 'BuyerTokenInvalid', status: 401, correlationId: expect.any(String) });
  });

  it('NativeSignIn refreshes the access token before it ends (refresh tokens rotate)', async () => {
    let now = Date.now();
    const own = new NativeSignIn({ baseUrl: server.baseUrl, now: () => now });
    const email = `sdk-refresh-${crypto.randomBytes(3).toString('hex')}@example.test`;
    await own.start(email);
    const first = await own.complete(await codeReader(smtp)(email));
    expect(await own.getAccessToken()).toBe(first.accessToken);
    now += 3_600_000;
    const refreshed = await own.getAccessToken();
    expect(refreshed).not.toBe(first.accessToken);
    expect(own.tokens!.refreshToken).not.toBe(first.refreshToken);
    const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: own.getAccessToken });
    expect((await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community })).sessionId).toEqual(expect.any(String));
  });
});

describe('signInWithBrowser', () => {
  it('signs in with PKCE (S256) through a loopback redirect in a real browser; the session buys and refreshes', async () => {
    const browser = await launchChromium();
    try {
      const email = `sdk-browser-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const nextCode = codeReader(smtp);
      const session = await signInWithBrowser({
        baseUrl: server.baseUrl,
        timeoutMs: 60_000,
        open: async (url) => {
          expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
          const page = await browser.newPage();
          await page.goto(url);
          await page.getByLabel('E-mail address').fill(email);
          await page.getByRole('button', { name: 'Send me a code' }).click();
          await page.getByLabel('Code').fill(await nextCode(email));
          await page.getByRole('button', { name: 'Continue' }).click();
          await page.getByText('You are signed in.').waitFor();
        },
      });
      expect(session.tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      const purchase = new PurchaseClient({ baseUrl: server.baseUrl, getAccessToken: session.getAccessToken });
      expect((await purchase.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community })).sessionId).toEqual(expect.any(String));
    } finally {
      await browser.close();
    }
  });

  it('without an open function it is an ArgumentError', async () => {
    await expect(signInWithBrowser({ baseUrl: server.baseUrl } as never)).rejects.toMatchObject({ name: 'ArgumentError', field: 'open' });
  });
});
