import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { changeIssuerClientId } from '@/server/sellers/change-issuer-client-id';
import { setSellerLogo } from '@/server/sellers/seller-logo';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The storefront is the seller's (store name, logo, the buyer's own sign-in state), sells seats on
// seat-based offerings at a per-seat price, never sells a buyer what they hold, and says plainly
// when a store has nothing for sale or takes no payments yet. The seller edits its store on the
// store settings page. At 1280 and 390 px, with no sideways scroll and no axe-core violation.

const E2E_TIMEOUT = 180_000;
/** A one-colour PNG of the given size. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x4f)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
const LONG_NAME = 'Supercalifragilistic'.repeat(10);

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let nextCode: (email: string) => Promise<string>;
let store: { id: string; issuerClientId: string };
const offerings: Record<'free' | 'trial' | 'team', string> = { free: '', trial: '', team: '' };

beforeAll(async () => {
  nextCode = codeReader(setup.smtp);
  const seller = await createSeller(setup.database.db, { contactName: 'Ada Auditor', legalName: 'Auditor Ltd', checkoutReady: true });
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { storeName: 'Ledger Tools' } });
  await setSellerLogo({ db: setup.database.db }, seller.id, PNG);
  store = seller;
  const product = await createProduct(setup.database.db, seller.id, { name: 'Ledger' });
  offerings.free = (await createOffering(setup.database.db, product, { name: 'Community' })).id;
  offerings.trial = (await createOffering(setup.database.db, product, { name: 'Pro Trial', classification: LicenseClassification.Trial, interval: 14, intervalUnit: IntervalUnit.Day })).id;
  offerings.team = (
    await createOffering(setup.database.db, product, { name: 'Team', classification: LicenseClassification.Subscription, priceMinor: 3000, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true })
  ).id;
  await setup.database.db.feature.create({ data: { offeringId: offerings.team, key: 'render', displayName: 'Cloud render', allowance: 1000, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  await createProduct(setup.database.db, seller.id, { name: LONG_NAME }).then((long) => createOffering(setup.database.db, long, { name: LONG_NAME }));
});

async function signedInPage(email: string, viewport: { width: number; height: number }, options: { registerAs?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  return portalPage(setup.browser, setup.server.baseUrl, await portalSignIn(setup.server.baseUrl, email, nextCode, options), viewport);
}

const offeringCard = (page: Page, name: string) => page.getByTestId('offering').filter({ has: page.getByRole('heading', { name, exact: true }) });

for (const viewport of VIEWPORTS) {
  describe(`the storefront at ${viewport.width} px`, () => {
    it(
      'carries the store name, logo and a sign-in link, with none of the service’s own header',
      async () => {
        const context = await setup.browser.newContext({ viewport });
        const page = await context.newPage();
        const response = await page.goto(`${setup.server.baseUrl}/marketplace/${store.issuerClientId}`);
        expect(response?.status()).toBe(200);
        expect(await page.getByTestId('store-name').innerText()).toBe('Ledger Tools');
        expect(await page.locator('header img').getAttribute('src')).toMatch(new RegExp(`^/marketplace/${store.issuerClientId}/logo\\?v=[0-9a-z]+$`));
        const header = await page.locator('body > header').innerText();
        expect(header).toContain('Sign in');
        expect(header).not.toContain('Demo storefront');
        expect(header).not.toContain('Seller portal');
        expect(await page.locator('main').innerText()).not.toContain('Ada Auditor');
        await expectFitsAndAccessible(page, 'the storefront, signed out');
        fs.mkdirSync('test-results', { recursive: true });
        await page.screenshot({ path: `test-results/storefront-${viewport.name}.png`, fullPage: true });

        await context.close();

        // A wordmark (4:1) keeps its shape in the header, neither cropped nor squeezed into a square.
        await setSellerLogo({ db: setup.database.db }, store.id, solidPng(160, 40));
        const wide = await setup.browser.newContext({ viewport });
        try {
          const widePage = await wide.newPage();
          await widePage.goto(`${setup.server.baseUrl}/marketplace/${store.issuerClientId}`);
          const logo = widePage.locator('header img');
          await logo.evaluate((image: HTMLImageElement) => image.decode());
          expect(await logo.boundingBox()).toMatchObject({ width: 160, height: 40 });
          expect(await logo.evaluate((image) => getComputedStyle(image).objectFit)).toBe('contain');
        } finally {
          await wide.close();
          await setSellerLogo({ db: setup.database.db }, store.id, PNG);
        }
      },
      E2E_TIMEOUT,
    );

    it(
      'each offering has its own page (product, price, features, Buy) with a share preview by absolute address; the storefront links to it, and a link that starts a purchase goes on there',
      async () => {
        const context = await setup.browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          const storefront = `${setup.server.baseUrl}/marketplace/${store.issuerClientId}`;
          await page.goto(storefront);
          expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Ledger Tools');
          await offeringCard(page, 'Team').getByTestId('offering-link').click();
          await page.waitForURL((current) => current.pathname === `/marketplace/${store.issuerClientId}/${offerings.team}`);
          const offering = page.getByTestId('offering-page');
          expect(await offering.getByRole('heading', { level: 1 }).innerText()).toBe('Team');
          expect(await offering.innerText()).toContain('Ledger');
          expect(await offering.getByTestId('price').innerText()).toBe('$30.00 per seat / month');
          expect(await offering.getByTestId('allowance').innerText()).toContain('1,000 per month per seat');
          await offering.getByRole('button', { name: 'Buy Team' }).waitFor();
          const meta = (selector: string) => page.locator(selector).getAttribute('content');
          const address = `${setup.server.baseUrl}/marketplace/${store.issuerClientId}/${offerings.team}`;
          expect(await meta('meta[property="og:title"]')).toBe('Team · Ledger Tools');
          expect(await meta('meta[property="og:url"]')).toBe(address);
          expect(await meta('meta[property="og:image"]')).toMatch(new RegExp(`^${setup.server.baseUrl}/marketplace/${store.issuerClientId}/logo\\?v=`));
          expect(await meta('meta[name="twitter:card"]')).toBe('summary');
          expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(address);
          await expectFitsAndAccessible(page, 'an offering’s page');
          // The store's own id for an offering it does not list is the 404 page.
          expect((await page.goto(`${storefront}/00000000-0000-0000-0000-000000000000`))?.status()).toBe(404);
          // Signed out, a link that starts a purchase of 2 seats goes on, through the offering's page, to its payment page.
          await page.goto(`${storefront}?buy=${offerings.team}&seats=2`);
          await page.waitForURL((current) => current.pathname.startsWith('/checkout/local/'));
          const checkoutId = new URL(page.url()).pathname.split('/')[3]!;
          expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({ quantity: 2, buyerAccountId: null, offeringId: offerings.team });
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      'a signed-in buyer sees their address, buys 3 seats at a per-seat price and gets 3 working codes at once, and is never sold what they hold',
      async () => {
        const email = `storefront.${viewport.name}.${crypto.randomBytes(3).toString('hex')}@example.com`;
        const { context, page } = await signedInPage(email, viewport);
        const storefront = `${setup.server.baseUrl}/marketplace/${store.issuerClientId}`;
        await page.goto(storefront);
        expect(await page.getByTestId('storefront-signed-in-as').innerText()).toContain(email);

        const team = offeringCard(page, 'Team');
        expect(await team.getByTestId('price').innerText()).toBe('$30.00 per seat / month');
        // What each seat may use is on the card: the allowance with its period.
        expect(await team.getByTestId('allowance').innerText()).toContain('1,000 per month per seat');
        await team.getByLabel('Seats').fill('3');
        await expectFitsAndAccessible(page, 'the storefront, signed in');
        await team.getByRole('button', { name: 'Buy Team' }).click();
        await page.waitForURL(/\/checkout\/local\//);
        const checkout = await setup.database.db.checkout.findFirstOrThrow({ where: { offeringId: offerings.team, buyer: { email } } });
        expect(checkout).toMatchObject({ quantity: 3, amountMinor: 9000n, currency: 'usd' });
        const product = await setup.database.db.offering.findUniqueOrThrow({ where: { id: offerings.team } });
        await setup.database.db.productDownload.upsert({
          where: { id: `00000000-0000-7000-8000-${viewport.width.toString().padStart(12, '0')}` },
          create: { id: `00000000-0000-7000-8000-${viewport.width.toString().padStart(12, '0')}`, productId: product.productId, platform: `Windows ${viewport.width}`, url: 'https://downloads.example.com/ledger.exe', position: viewport.width },
          update: {},
        });
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL((current) => current.pathname === '/checkout/complete');
        // One code per seat on the success page, each with its Copy button, and each authorizes its own seat.
        const box = page.getByTestId('license-code-box');
        expect(await box.getByRole('heading').innerText()).toBe('Your 3 license codes, one per seat');
        expect(await box.getByTestId('sale-code').count()).toBe(3);
        expect(await box.getByRole('button', { name: /^Copy Seat \d/ }).count()).toBe(3);
        await expectFitsAndAccessible(page, 'the success page with three codes');
        const sold = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: checkout.id }, include: { seats: { orderBy: { createdAt: 'asc' } } } });
        const authorized = [];
        for (const field of await box.getByTestId('license-code').all()) {
          const response = await fetch(`${setup.server.baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
            method: 'POST',
            headers: { authorization: `Bearer ${decodeLicenseCode(await field.inputValue())}`, 'content-type': 'application/json' },
            body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: sold.id }),
          });
          expect(response.status).toBe(200);
          authorized.push(((await response.json()) as { SeatId: string }).SeatId);
        }
        expect(authorized).toEqual(sold.seats.map((seat) => seat.id));
        // The product's downloads, beside the codes and on the license page: the license runs.
        expect(await page.getByTestId('downloads').getByRole('link', { name: new RegExp(`Windows ${viewport.width}`) }).getAttribute('href')).toBe('https://downloads.example.com/ledger.exe');
        await page.goto(`${setup.server.baseUrl}/licenses#license-${sold.id}`);
        await page.locator(`[data-license-id="${sold.id}"]`).getByTestId('download-link').first().waitFor();

        await page.goto(storefront);
        await offeringCard(page, 'Community').getByRole('button', { name: 'Get it free: Community' }).click();
        await page.waitForURL(/\/licenses/);
        await page.goto(storefront);
        const held = offeringCard(page, 'Community').getByTestId('already-held');
        expect(await held.innerText()).toContain('You already have this.');
        const license = await setup.database.db.license.findFirstOrThrow({ where: { offeringId: offerings.free, buyer: { email } } });
        expect(await held.getByRole('link').getAttribute('href')).toBe(`/licenses#license-${license.id}`);
        expect(await offeringCard(page, 'Community').getByRole('button').count()).toBe(0);

        await offeringCard(page, 'Pro Trial').getByRole('button', { name: 'Get it free: Pro Trial' }).click();
        await page.waitForURL(/\/licenses/);
        await page.goto(storefront);
        expect(await offeringCard(page, 'Pro Trial').getByTestId('already-held').innerText()).toContain('You already had this trial.');
        await expectFitsAndAccessible(page, 'the storefront with offerings held');
        // Team, Community and Pro Trial.
        expect(await setup.database.db.license.count({ where: { buyer: { email } } })).toBe(3);
        await context.close();
      },
      E2E_TIMEOUT,
    );

    it(
      'signed out, a second free offering moves the one guest checkout there, and Not now returns focus to its button',
      async () => {
        const context = await setup.browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          await page.goto(`${setup.server.baseUrl}/marketplace/${store.issuerClientId}`);
          await waitForHydration(page);
          const community = offeringCard(page, 'Community');
          const trial = offeringCard(page, 'Pro Trial');
          await community.getByRole('button', { name: 'Get it free: Community' }).click();
          await community.getByTestId('guest-checkout').getByLabel('E-mail address').fill('two.panels@example.com');
          await trial.getByRole('button', { name: 'Get it free: Pro Trial' }).click();
          await trial.getByTestId('guest-checkout').waitFor();
          await expect.poll(() => page.getByTestId('guest-checkout').count()).toBe(1);
          expect(await community.getByRole('button', { name: 'Get it free: Community' }).getAttribute('aria-expanded')).toBe('false');
          await expectFitsAndAccessible(page, 'the guest checkout moved to the second offering');
          await trial.getByRole('button', { name: 'Not now' }).click();
          await expect.poll(() => page.getByTestId('guest-checkout').count()).toBe(0);
          expect(await trial.getByRole('button', { name: 'Get it free: Pro Trial' }).evaluate((button) => button === document.activeElement)).toBe(true);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      'a returning buyer checking out as a guest is signed in by the code and told they hold it, never sold it twice',
      async () => {
        const email = `returning.${viewport.name}.${crypto.randomBytes(3).toString('hex')}@example.com`;
        const storefront = `${setup.server.baseUrl}/marketplace/${store.issuerClientId}`;
        const { context: holder, page: holderPage } = await signedInPage(email, viewport);
        await holderPage.goto(storefront);
        await offeringCard(holderPage, 'Community').getByRole('button', { name: 'Get it free: Community' }).click();
        await holderPage.waitForURL(/\/licenses/);
        await holder.close();

        const context = await setup.browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          await page.goto(storefront);
          const community = offeringCard(page, 'Community');
          await community.getByRole('button', { name: 'Get it free: Community' }).click();
          const guest = community.getByTestId('guest-checkout');
          await guest.getByLabel('E-mail address').fill(email);
          await guest.getByRole('button', { name: 'Send me a code' }).click();
          await guest.getByLabel('Code').fill(await nextCode(email));
          await guest.getByRole('button', { name: 'Confirm and get it', exact: true }).click();
          // Signed in now: the page shows it, with the license the buyer already holds in place of the button.
          await community.getByTestId('already-held').waitFor();
          expect(await page.getByTestId('storefront-signed-in-as').innerText()).toContain(email);
          expect(await community.getByRole('button').count()).toBe(0);
          await expectFitsAndAccessible(page, 'a returning guest told they hold it');
          expect(await setup.database.db.license.count({ where: { offeringId: offerings.free, buyer: { email } } })).toBe(1);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  });
}

describe('what an empty or unready store says', () => {
  it('a store with nothing listed says so, without a word about free offerings', async () => {
    const empty = await createSeller(setup.database.db);
    const page = await setup.browser.newPage();
    await page.goto(`${setup.server.baseUrl}/marketplace/${empty.issuerClientId}`);
    expect(await page.getByTestId('empty-storefront').innerText()).toBe('This store has nothing for sale yet. Come back later.');
    expect(await page.locator('main').innerText()).not.toMatch(/free offerings/i);
    await page.close();
  });

  it('a store not taking payments says which offerings can be had now', async () => {
    const unready = await createSeller(setup.database.db, { checkoutReady: false });
    const product = await createProduct(setup.database.db, unready.id);
    await createOffering(setup.database.db, product, { name: 'Free tier' });
    await createOffering(setup.database.db, product, { name: 'Paid tier', priceMinor: 1500 });
    const page = await setup.browser.newPage();
    await page.goto(`${setup.server.baseUrl}/marketplace/${unready.issuerClientId}`);
    expect(await page.getByTestId('payments-notice').innerText()).toBe('Free offerings can be taken now; paid ones can be bought once this store takes payments.');
    expect(await offeringCard(page, 'Paid tier').innerText()).toContain('Can be bought once this store takes payments.');
    await page.close();
  });

  it('a former storefront id lands on the current address', async () => {
    const moving = await createSeller(setup.database.db, { issuerClientId: `moving-${crypto.randomBytes(3).toString('hex')}` });
    const newId = `moved-${crypto.randomBytes(3).toString('hex')}`;
    await changeIssuerClientId({ db: setup.database.db }, moving.id, { issuerClientId: newId });
    const page = await setup.browser.newPage();
    await page.goto(`${setup.server.baseUrl}/marketplace/${moving.issuerClientId}`);
    expect(new URL(page.url()).pathname).toBe(`/marketplace/${newId}`);
    await page.close();
  });
});

for (const viewport of VIEWPORTS) {
  describe(`store settings at ${viewport.width} px`, () => {
    it(
      'a new seller lands on store settings, names the store, uploads a logo and changes the storefront id after confirming',
      async () => {
        const email = `settings.${viewport.name}.${crypto.randomBytes(3).toString('hex')}@example.com`;
        const { context, page } = await signedInPage(email, viewport, { registerAs: 'Settings Ltd' });
        await page.goto(`${setup.server.baseUrl}/portal/settings?registered=1`);
        expect(await page.getByTestId('registered-notice').innerText()).toContain('Your seller account is ready.');
        await expectFitsAndAccessible(page, 'store settings');

        await page.getByLabel('Store name').fill('Settings Store');
        await page.getByRole('button', { name: 'Save details' }).click();
        await page.getByText('Store details saved.').waitFor();
        const membership = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email } }, include: { seller: true } });
        expect((await setup.database.db.seller.findUniqueOrThrow({ where: { id: membership.sellerId } })).storeName).toBe('Settings Store');

        await page.getByLabel('Image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
        await page.getByRole('button', { name: 'Upload logo' }).click();
        await page.getByText('Logo saved.').waitFor();
        expect(await setup.database.db.sellerLogo.count({ where: { sellerId: membership.sellerId } })).toBe(1);

        await page.getByLabel('Store name').fill('x'.repeat(80));
        const newId = `settings-${viewport.name}-${crypto.randomBytes(2).toString('hex')}`;
        await page.getByLabel('Storefront id', { exact: true }).fill(newId);
        await page.getByRole('button', { name: 'Change storefront id' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Confirm the new storefront id' });
        await expectFitsAndAccessible(page, 'the storefront id confirmation');
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        expect((await setup.database.db.seller.findUniqueOrThrow({ where: { id: membership.sellerId } })).issuerClientId).toBe(membership.seller.issuerClientId);
        await page.getByRole('button', { name: 'Change storefront id' }).click();
        await confirm.getByRole('button', { name: 'Yes, change it' }).click();
        await page.getByText('Storefront id changed.').waitFor();
        expect((await setup.database.db.seller.findUniqueOrThrow({ where: { id: membership.sellerId } })).issuerClientId).toBe(newId);

        await page.getByLabel('Storefront id', { exact: true }).fill('checkout');
        await page.getByRole('button', { name: 'Change storefront id' }).click();
        await page.getByRole('button', { name: 'Yes, change it' }).click();
        await page.getByText('"checkout" is a reserved word; choose another storefront id.').waitFor();
        await expectFitsAndAccessible(page, 'a refused storefront id');
        // Edited, the id's old refusal goes; a malformed id is told so before any confirmation.
        await page.getByLabel('Storefront id', { exact: true }).fill('Not Valid!');
        expect(await page.getByText('"checkout" is a reserved word').count()).toBe(0);
        await page.getByRole('button', { name: 'Change storefront id' }).click();
        await page.getByText('Use lower-case letters, digits and inner hyphens only.').waitFor();
        expect(await page.getByRole('alertdialog').count()).toBe(0);
        await context.close();
      },
      E2E_TIMEOUT,
    );
  });
}

describe('registering again', () => {
  it('changes nothing of the existing seller, and the settings page says so', async () => {
    const email = `again.${crypto.randomBytes(3).toString('hex')}@example.com`;
    await portalSignIn(setup.server.baseUrl, email, nextCode, { registerAs: 'First Legal Name' });
    const { context, page } = await signedInPage(email, { width: 1280, height: 900 }, { registerAs: 'Second Legal Name' });
    await page.goto(`${setup.server.baseUrl}/portal/settings?registered=1`);
    expect(await page.getByTestId('registered-notice').innerText()).toContain('You already had a seller account, so registering again changed nothing.');
    const sellers = await setup.database.db.seller.findMany({ where: { members: { some: { account: { email } } } } });
    expect(sellers.map((seller) => seller.legalName)).toEqual(['First Legal Name']);
    await context.close();
  }, E2E_TIMEOUT);
});

describe('the sign-in form keeps what was typed', () => {
  it('going back from the code step finds the address and the registration fields as typed', async () => {
    const page = await setup.browser.newPage();
    await page.goto(`${setup.server.baseUrl}/register`);
    await page.getByLabel('Legal name').fill('Refill Tools Ltd');
    await page.getByLabel('Contact name').fill('Rita Refill');
    await page.getByLabel('E-mail address').fill('rita.refill@example.com');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code').waitFor();
    await page.getByRole('button', { name: 'Use a different address or send a new code' }).click();
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('rita.refill@example.com');
    expect(await page.getByLabel('Legal name').inputValue()).toBe('Refill Tools Ltd');
    expect(await page.getByLabel('Contact name').inputValue()).toBe('Rita Refill');
    await page.close();
  });
});
