import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { expectFitsAndAccessible, portalLink } from '../support/page-checks';
import { createOffering, createProduct } from '../support/factories';
import { portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The portal's license pages in Chromium, as a seller member, at a desktop and a phone width: find a
// license by tenant id, issue a labelled code (shown once), revoke it, suspend and resume the
// license; no page scrolls sideways and axe-core finds nothing on any state visited.

const E2E_TIMEOUT = 120_000;
const SELLER_EMAIL = 'licenses.owner@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sessionCookie: { name: string; value: string };
const licenses: Record<string, string> = {};

beforeAll(async () => {
  const cookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'License Pages Ltd' });
  const [name, ...value] = cookie.split('=');
  sessionCookie = { name: name!, value: value.join('=') };
  const membership = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } });
  const product = await createProduct(setup.database.db, membership.sellerId, { name: 'Render Farm' });
  const offering = await createOffering(setup.database.db, product, {
    name: 'Team Monthly',
    classification: LicenseClassification.Subscription,
    priceMinor: 3000,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  await setup.database.db.feature.create({ data: { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: 500, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  const buyer = await setup.database.db.account.create({ data: { email: 'tenant.owner@example.com' } });
  for (const tenant of ['tenant-desktop', 'tenant-phone', 'tenant-other']) {
    const minted = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: buyer.id, correlationId: tenant, tenantId: tenant, seatCount: 2 }));
    licenses[tenant] = minted.licenseId;
  }
  // Usage reported today on the phone tenant's license, for its chart.
  const usageSeat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: licenses['tenant-phone'] } });
  const usageCode = await setup.database.db.licenseCode.create({ data: { licenseId: licenses['tenant-phone']!, seatId: usageSeat.id, label: 'usage', secretHash: 'e2e-usage-code', signingKeyId: (await setup.database.db.signingKey.findFirstOrThrow()).id } });
  for (const units of [3, 9]) {
    await setup.database.db.usageBatch.create({
      data: { batchId: crypto.randomUUID(), licenseId: licenses['tenant-phone']!, seatId: usageSeat.id, credentialId: usageCode.id, records: [{ FeatureKey: 'render', Units: units, TimeUtc: new Date().toISOString() }] },
    });
  }
});

describe('the portal license pages, in Chromium', () => {
  for (const [width, height, tenant] of [
    [1280, 900, 'tenant-desktop'],
    [390, 844, 'tenant-phone'],
  ] as const) {
    it(
      `at ${width} px: search by tenant, open the license, issue a labelled code shown once, revoke it, suspend and resume`,
      async () => {
        const context = await setup.browser.newContext({ viewport: { width, height } });
        await context.addCookies([{ ...sessionCookie, url: setup.server.baseUrl }]);
        const page = await context.newPage();
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          await (await portalLink(page, 'Licenses')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/licenses`);
          expect(await page.getByTestId('seller-license-row').count()).toBe(3);
          await expectFitsAndAccessible(page, 'the license list');

          await page.getByLabel('Tenant id or customer e-mail').fill(tenant);
          await page.getByRole('button', { name: 'Search' }).click();
          await page.waitForURL((url) => url.searchParams.get('q') === tenant);
          const rows = page.getByTestId('seller-license-row');
          expect(await rows.count()).toBe(1);
          await rows.first().getByRole('link').click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/licenses/${licenses[tenant]}`);
          await expectFitsAndAccessible(page, 'the license page');
          expect(await page.getByTestId('seller-seat').first().innerText()).toContain('render: 500 left until');
          if (tenant === 'tenant-phone') {
            // The usage chart draws today's 12 units of render; its table says the same to screen readers.
            const chart = page.getByTestId('usage-chart');
            await chart.locator('svg polyline[data-series="render"]').first().waitFor();
            expect(await chart.locator('table').innerText()).toContain('12');
          } else {
            expect(await page.getByText('No usage reported in the last 30 days.').count()).toBe(1);
          }

          // Issue a labelled code for seat 1: shown once, then listed by its label.
          const seat = page.getByTestId('seller-seat').first();
          await seat.getByLabel('Label').fill(`agent-${width}`);
          await seat.getByRole('button', { name: 'Issue code' }).click();
          await page.getByTestId('seller-code-box').waitFor();
          const code = await page.getByTestId('seller-code').inputValue();
          expect(code).toMatch(/^SVC_LIC_/);
          await expectFitsAndAccessible(page, 'the code shown once');
          await page.getByRole('button', { name: 'I have stored it' }).click();
          await page.getByRole('button', { name: 'I have stored it' }).waitFor({ state: 'detached' });
          const row = seat.getByTestId('seller-code-row').filter({ hasText: `agent-${width}` });
          await row.filter({ hasText: 'active' }).waitFor();
          expect(await page.content()).not.toContain(code);

          // Revoke it, after a confirmation.
          await row.getByRole('button', { name: `Revoke code agent-${width}` }).click();
          await expectFitsAndAccessible(page, 'the revoke confirmation');
          await row.getByRole('button', { name: 'Revoke code' }).click();
          await row.filter({ hasText: 'revoked' }).waitFor();
          const stored = await setup.database.db.licenseCode.findFirstOrThrow({ where: { licenseId: licenses[tenant], label: `agent-${width}` } });
          expect(stored.revokedAt).toBeInstanceOf(Date);

          // Issue one e-mailed to the customer: the box says so, and the e-mail carries the code.
          await seat.getByLabel('Label').fill(`mailed-${width}`);
          await seat.getByLabel('E-mail it to tenant.owner@example.com').check();
          await seat.getByRole('button', { name: 'Issue code' }).click();
          const mailedBox = page.getByTestId('seller-code-box');
          await mailedBox.waitFor();
          expect(await mailedBox.innerText()).toContain('It was also e-mailed to tenant.owner@example.com.');
          const mailed = await page.getByTestId('seller-code').inputValue();
          expect(mailed).toMatch(/^SVC_LIC_/);
          const mail = await setup.smtp.waitForMail((candidate) => candidate.to.includes('tenant.owner@example.com') && candidate.html.includes(mailed));
          expect(mail.subject).not.toContain('SVC_LIC_');
          await page.getByRole('button', { name: 'I have stored it' }).click();
          await page.getByRole('button', { name: 'I have stored it' }).waitFor({ state: 'detached' });

          // Suspend (the confirmation says what it does), then resume.
          await page.getByRole('button', { name: 'Suspend', exact: true }).click();
          const confirm = page.getByRole('group', { name: 'Confirm: Suspend' });
          expect(await confirm.innerText()).toContain('Every seat is refused at its next license refresh');
          await expectFitsAndAccessible(page, 'the suspend confirmation');
          await confirm.getByRole('button', { name: 'Suspend license' }).click();
          await page.getByTestId('license-status').filter({ hasText: 'Suspended' }).waitFor();
          expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: licenses[tenant] } })).status).toBe('Suspended');
          await expectFitsAndAccessible(page, 'a suspended license');
          await page.getByRole('button', { name: 'Resume', exact: true }).click();
          await page.getByRole('group', { name: 'Confirm: Resume' }).getByRole('button', { name: 'Resume license' }).click();
          await page.getByTestId('license-status').filter({ hasText: 'Active' }).waitFor();
          expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: licenses[tenant] } })).status).toBe('Active');
          await page.screenshot({ path: `test-results/portal-license-${width}.png`, fullPage: true });

          // Add a seat, confirmed (the question says it is charged, prorated): the seat list grows by one.
          const before = await page.getByTestId('seller-seat').count();
          await page.getByRole('button', { name: 'Add seats to this license' }).click();
          const adding = page.getByRole('group', { name: 'Confirm: add seats to this license' });
          expect(await adding.innerText()).toContain('charged for the rest of this billing period now (prorated)');
          await expectFitsAndAccessible(page, 'the add-seats confirmation');
          await adding.getByRole('button', { name: 'Add 1 seat' }).click();
          await page.getByText('Added 1 seat.').waitFor();
          await expect.poll(() => page.getByTestId('seller-seat').count()).toBe(before + 1);
          expect(await setup.database.db.seat.count({ where: { licenseId: licenses[tenant] } })).toBe(before + 1);

          // The customers: one buyer holds the three licenses; the e-mail leads back to them.
          await (await portalLink(page, 'Customers')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/customers`);
          const customer = page.getByTestId('customer-row');
          expect(await customer.count()).toBe(1);
          expect(await customer.innerText()).toContain('3 licenses (3 active)');
          await expectFitsAndAccessible(page, 'the customers page');
          await customer.getByRole('link', { name: 'tenant.owner@example.com' }).click();
          await page.waitForURL((url) => url.pathname === '/portal/licenses' && url.searchParams.get('q') === 'tenant.owner@example.com');
          expect(await page.getByTestId('seller-license-row').count()).toBe(3);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  // Last: it adds a license of this seller, which the counts above do not expect.
  it('a license Stripe bills that needs a look is counted and listed on its own, and its page says what Stripe has not taken and what the hourly comparison found, at 1280 and 390 px', async () => {
    const source = await setup.database.db.license.findUniqueOrThrow({ where: { id: licenses['tenant-other'] }, include: { offering: true } });
    const minted = await setup.database.db.$transaction((tx) =>
      mintLicense(tx, { offering: source.offering, buyerAccountId: null, correlationId: 'tenant-stripe', tenantId: 'tenant-stripe', seatCount: 2, processorSubscriptionId: 'sub_portal_notice' }),
    );
    await setup.database.db.processorCall.create({ data: { licenseId: minted.licenseId, action: 'pause', status: 'attention', attempts: 10, lastError: 'No such subscription' } });
    await setup.database.db.license.update({ where: { id: minted.licenseId }, data: { processorMismatch: 'The subscription is past_due at Stripe; the license is Active.' } });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const context = await setup.browser.newContext({ viewport: { width, height } });
      await context.addCookies([{ ...sessionCookie, url: setup.server.baseUrl }]);
      const page = await context.newPage();
      try {
        // The list says how many need a look at Stripe and shows just those.
        await page.goto(`${setup.server.baseUrl}/portal/licenses`);
        expect(await page.getByTestId('stripe-attention').innerText()).toContain('1 license needs a look at Stripe');
        await expectFitsAndAccessible(page, `the license list with a license needing a look at Stripe at ${width} px`);
        await page.getByRole('link', { name: 'Show it' }).click();
        await page.waitForURL((url) => url.searchParams.get('attention') === 'stripe');
        const rows = page.getByTestId('seller-license-row');
        expect(await rows.count()).toBe(1);
        expect(await rows.first().innerText()).toContain('Stripe: needs a look');
        await expectFitsAndAccessible(page, `the licenses needing a look at Stripe at ${width} px`);
        await rows.first().getByRole('link').click();
        await page.waitForURL(`${setup.server.baseUrl}/portal/licenses/${minted.licenseId}`);
        await page.getByText('Stripe did not take the change to pause collection').waitFor();
        expect(await page.getByText('(No such subscription)', { exact: false }).count()).toBe(1);
        expect(await page.getByText('Stripe and this license differ: The subscription is past_due at Stripe').count()).toBe(1);
        await expectFitsAndAccessible(page, `a Stripe license needing attention at ${width} px`);
        await page.screenshot({ path: `test-results/portal-license-stripe-${width}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  }, E2E_TIMEOUT);

  it('another seller’s license, or an unknown id, is the not-found page', async () => {
    const context = await setup.browser.newContext();
    await context.addCookies([{ ...sessionCookie, url: setup.server.baseUrl }]);
    const page = await context.newPage();
    try {
      const response = await page.goto(`${setup.server.baseUrl}/portal/licenses/01900000-0000-7000-8000-000000000000`);
      expect(response?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});
