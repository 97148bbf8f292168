import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { axeViolations } from '../support/page-checks';
import { createOffering, createProduct, createSeller } from '../support/factories';
import type { ReceivedMail } from '../support/smtp';
import { browserTestFile } from '../support/browser-test-file';

// A free seat-based embedded checkout, end to end in Chromium against the real server: the seller's
// backend creates it, the buyer follows the claim link from the e-mail, signs in with the invited
// address, accepts, and lands on the seller's ReturnUrl; the seller's session result is completed.

const E2E_TIMEOUT = 90_000;
const PRODUCT = 'Claim Studio';
const OFFERING = 'Team Seats';
const SELLER_CONTACT = 'Clara Claimer';
const FEATURE = { key: 'export', displayName: 'PDF export', description: 'Exports every project as a PDF' };
const BUYER = 'claim.buyer@example.com';

interface EmbeddedSession {
  SessionId: string;
  SessionUrl: string | null;
  ClaimUrl: string;
}

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let returnServer: http.Server;
let returnBase: string;
const returnHits: string[] = [];
let apiKey: string;
let offeringId: string;
const usedCodeMails = new Set<ReceivedMail>();
const contexts: BrowserContext[] = [];
// Test 1's link and page, reopened by the link-state test.
let acceptedClaimUrl = '';
let acceptedPage: Page | undefined;

const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;

beforeAll(async () => {
  // The seller's app: records where the buyer came back to.
  returnServer = http.createServer((request, response) => {
    returnHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain' }).end('returned');
  });
  await new Promise<void>((resolve) => returnServer.listen(0, '127.0.0.1', resolve));
  returnBase = `http://127.0.0.1:${(returnServer.address() as AddressInfo).port}`;

  const seller = await createSeller(setup.database.db, { contactName: SELLER_CONTACT, legalName: 'Claim Studio Ltd' });
  const product = await createProduct(setup.database.db, seller.id, { name: PRODUCT });
  const offering = await createOffering(setup.database.db, product, {
    name: OFFERING,
    classification: LicenseClassification.Perpetual,
    priceMinor: null,
    seatBased: true,
  });
  await setup.database.db.feature.create({ data: { offeringId: offering.id, ...FEATURE } });
  offeringId = offering.id;
  apiKey = (await createApiKey({ db: setup.database.db }, { sellerId: seller.id, label: 'tenant backend' })).key;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  if (returnServer) await new Promise<void>((resolve) => returnServer.close(() => resolve()));
});

const url = (path: string) => `${setup.server.baseUrl}${path}`;

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await setup.browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

function postJson(path: string, body: unknown) {
  return fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey },
    body: JSON.stringify(body),
  });
}

async function createClaim(customerEmail: string, extra: Record<string, unknown> = {}): Promise<EmbeddedSession> {
  const response = await postJson('/licensing/checkout/embedded', { OfferingId: offeringId, CorrelationId: 'tenant-e2e', CustomerEmail: customerEmail, ...extra });
  expect(response.status).toBe(200);
  const session = (await response.json()) as EmbeddedSession;
  expect(session.SessionUrl).toBeNull();
  expect(session.ClaimUrl).toMatch(new RegExp(`^${setup.server.baseUrl.replace(/[.]/g, '\\.')}/claim/[A-Za-z0-9_-]+$`));
  return session;
}

const readResult = (sessionId: string) => postJson('/licensing/checkout/session/result', { SessionId: sessionId });

/** The next unread sign-in code to an address (the claim e-mail to the same address is not one). */
async function nextCode(email: string): Promise<string> {
  const mail = await setup.smtp.waitForMail((candidate) => candidate.to.includes(email) && candidate.subject === 'Your sign-in code' && !usedCodeMails.has(candidate));
  usedCodeMails.add(mail);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the e-mail to ${email}: ${mail.text}`);
  return code;
}

/** Signs in through /login in the page's context (e-mailed code read from the test SMTP setup.server). */
async function signIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code').fill(await nextCode(email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const claimState = (page: Page) => page.getByTestId('claim').getAttribute('data-claim-state');

describe('claiming a free seat-based license from an embedded checkout, in Chromium', () => {
  it(
    'a buyer follows the ClaimUrl from the e-mail, signs in, accepts, lands on ReturnUrl with session_id, and the session result is completed with SeatIds',
    async () => {
      const returnUrl = `${returnBase}/tenants/e2e/return?plan=team`;
      const session = await createClaim(BUYER, { Quantity: 3, ReturnUrl: returnUrl });
      const checkoutBefore = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
      expect(checkoutBefore).toMatchObject({ status: 'pending', origin: 'embedded', quantity: 3, correlationId: 'tenant-e2e', buyerAccountId: null });

      const mail = await setup.smtp.waitForMail((candidate) => candidate.to.includes(BUYER) && candidate.subject.startsWith('Accept your'));
      expect(mail.subject).toBe(`Accept your ${PRODUCT} license from ${SELLER_CONTACT}`);
      const claimUrl = /https?:\/\/[^\s<>"\]]+\/claim\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(claimUrl).toBeDefined();
      // The e-mailed link is a link of this checkout (the response's ClaimUrl is another token of it or the same).
      expect(new URL(claimUrl!).origin).toBe(setup.server.baseUrl);
      acceptedClaimUrl = claimUrl!;
      const claimPath = new URL(claimUrl!).pathname;

      const page = await newPage();
      acceptedPage = page;
      const opened = await page.goto(claimUrl!);
      expect(opened?.status()).toBe(200);
      expect(await claimState(page)).toBe('open');
      const text = await page.locator('main').innerText();
      expect(text).toContain(`Accept your ${PRODUCT} license`);
      expect(text).toContain(PRODUCT);
      expect(text).toContain(OFFERING);
      expect(text).toContain(`From ${SELLER_CONTACT}`);
      expect(text).toContain('What the license grants');
      expect(text).toContain(FEATURE.displayName);
      expect(text).toContain(FEATURE.description);
      expect(text).toContain(BUYER);
      expect(await page.getByRole('button', { name: 'Accept the license' }).count()).toBe(0);

      await page.getByRole('link', { name: `Sign in as ${BUYER}`, exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(claimPath);
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(BUYER);

      await signIn(page, BUYER);
      await page.waitForURL((current) => current.pathname === claimPath);
      const accept = page.getByRole('button', { name: 'Accept the license', exact: true });
      await accept.waitFor();
      expect(await page.getByRole('heading', { name: 'Ready to accept' }).count()).toBe(1);
      // Signing in alone accepts nothing.
      expect(await setup.database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(0);

      await accept.click();
      await page.waitForURL((current) => current.origin === returnBase);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/tenants/e2e/return');
      expect(landed.searchParams.get('plan')).toBe('team');
      expect(landed.searchParams.get('session_id')).toBe(session.SessionId);
      expect(await page.locator('body').innerText()).toBe('returned');
      expect(returnHits).toContain(`/tenants/e2e/return?plan=team&session_id=${session.SessionId}`);

      const response = await readResult(session.SessionId);
      expect(response.status).toBe(200);
      expect(response.headers.get('retry-after')).toBeNull();
      const result = (await response.json()) as Record<string, unknown>;
      expect(result).toMatchObject({ Status: 'completed', CorrelationId: 'tenant-e2e', EncodedCredential: null, OfferingId: offeringId, Error: null });
      expect(result.SeatIds).toHaveLength(3);

      const account = await setup.database.db.account.findUniqueOrThrow({ where: { email: BUYER } });
      const licenses = await setup.database.db.license.findMany({ where: { checkoutId: session.SessionId }, include: { seats: true } });
      expect(licenses).toHaveLength(1);
      expect(licenses[0]).toMatchObject({ id: result.LicenseId, buyerAccountId: account.id, correlationId: 'tenant-e2e', offeringId, status: 'Active' });
      expect(licenses[0]!.seats.map((seat) => seat.id).sort()).toEqual([...(result.SeatIds as string[])].sort());
      const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId }, include: { claimIntent: true } });
      expect(checkout).toMatchObject({ status: 'completed', buyerAccountId: account.id });
      expect(checkout.claimIntent?.status).toBe('accepted');
    },
    E2E_TIMEOUT,
  );

  it(
    'a signed-in account other than the invited address is told so, can switch, and nothing happens',
    async () => {
      const other = uniqueAddress('someone.else');
      const invited = uniqueAddress('invited');
      const page = await newPage();
      await page.goto(url('/login?callbackUrl=%2Flicenses'));
      await page.getByLabel('E-mail address').fill(other);
      await signIn(page, other);
      await page.waitForURL((current) => current.pathname === '/licenses');

      const session = await createClaim(invited, { ReturnUrl: `${returnBase}/wrong-account` });
      const claimPath = new URL(session.ClaimUrl).pathname;
      await page.goto(session.ClaimUrl);
      expect(await claimState(page)).toBe('open');
      const alert = page.getByTestId('wrong-account');
      await alert.waitFor();
      const alertText = await alert.innerText();
      expect(alertText).toContain(other);
      expect(alertText).toContain(invited);
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await page.getByRole('button', { name: 'Accept the license' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Sign in as / }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId }, include: { claimIntent: { include: { tokens: true } } } });
      expect(checkout.status).toBe('pending');
      expect(checkout.buyerAccountId).toBeNull();
      expect(checkout.claimIntent?.status).toBe('open');
      expect(checkout.claimIntent?.tokens.every((token) => token.usedAt === null)).toBe(true);
      expect(await setup.database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(0);
      expect(await setup.database.db.account.count({ where: { email: invited } })).toBe(0);

      await page.getByRole('button', { name: `Sign out and sign in as ${invited}`, exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(claimPath);
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(invited);
      // Signed out: the claim page now offers sign-in as the invited address.
      await page.goto(session.ClaimUrl);
      await page.getByRole('link', { name: `Sign in as ${invited}`, exact: true }).waitFor();
      expect(await page.getByTestId('wrong-account').count()).toBe(0);
      expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } })).status).toBe('pending');
      expect(returnHits.some((hit) => hit.startsWith('/wrong-account'))).toBe(false);
    },
    E2E_TIMEOUT,
  );

  it(
    'a used link, an unknown link and an expired link each say so',
    async () => {
      expect(acceptedClaimUrl).not.toBe('');
      // The link accepted above, reopened by the account that accepted it.
      const page = acceptedPage!;
      const used = await page.goto(acceptedClaimUrl);
      expect(used?.status()).toBe(200);
      expect(await claimState(page)).toBe('used');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('This link has already been used');
      expect(await page.getByRole('link', { name: 'Open your licenses' }).getAttribute('href')).toBe('/licenses');
      expect(await page.getByRole('button', { name: 'Accept the license' }).count()).toBe(0);

      const fresh = await newPage();
      const unknown = await fresh.goto(url('/claim/not-a-real-token'));
      expect(unknown?.status()).toBe(200);
      expect(await fresh.title()).toBe('Accept your license · Licensing service');
      expect(await claimState(fresh)).toBe('unknown');
      expect(await fresh.getByRole('heading', { level: 1 }).innerText()).toBe('This claim link is not valid');

      const expiring = await createClaim(uniqueAddress('late'));
      await setup.database.db.claimIntent.update({ where: { checkoutId: expiring.SessionId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
      const expired = await fresh.goto(expiring.ClaimUrl);
      expect(expired?.status()).toBe(200);
      expect(await claimState(fresh)).toBe('expired');
      expect(await fresh.getByRole('heading', { level: 1 }).innerText()).toBe('This claim link has expired');
      expect(await fresh.locator('main').innerText()).toContain(`Ask ${SELLER_CONTACT} to send you a new one.`);
      expect(await fresh.getByRole('link', { name: /^Sign in as / }).count()).toBe(0);
      expect(await setup.database.db.license.count({ where: { checkoutId: expiring.SessionId } })).toBe(0);
    },
    E2E_TIMEOUT,
  );

  it(
    'the open claim page has no axe-core violations and fits a 390 px phone screen',
    async () => {
      const session = await createClaim(uniqueAddress('a.rather.long.address.for.a.phone.screen'), { Quantity: 25 });
      const page = await newPage({ width: 1280, height: 900 });
      await page.goto(session.ClaimUrl);
      expect(await claimState(page)).toBe('open');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/claim-1280.png', fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(session.ClaimUrl);
      expect(await claimState(page)).toBe('open');
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        // What sticks out past the right edge, or whose text spills out of its own box (an address
        // that cannot wrap inside a button), to name the culprit when it fails.
        overflowing: Array.from(document.querySelectorAll('[data-testid=claim], [data-testid=claim] *'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 || element.scrollWidth > element.clientWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 4).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`),
      }));
      expect(layout.overflowing).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/claim-390.png', fullPage: true });
    },
    E2E_TIMEOUT,
  );
});
