import { beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { browserTestFile } from '../support/browser-test-file';
import { createOffering, createProduct } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// "Change plan" on the buyer's license page in Chromium, at a desktop and a phone width: the other
// plans of the product with their price, a preview of what changes (the new price, what is charged
// today, from when), the confirmation, and the page telling the truth afterwards (the new plan and its
// features; a cheaper plan scheduled for the period's end with its date and a button that cancels it).
// No page scrolls sideways and axe-core finds nothing in any state visited.

const E2E_TIMEOUT = 120_000;
const BUYER_EMAIL = 'plan.buyer@example.com';
const SELLER_EMAIL = 'plan.seller@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let cookie: string;
let sellerCookie: string;
type Offering = Awaited<ReturnType<typeof createOffering>>;
let team: Offering;
let pro: Offering;
let lite: Offering;
const licenses: Record<number, string> = {};
const sellerLicenses: Record<number, string> = {};

beforeAll(async () => {
  cookie = await portalSignIn(setup.server.baseUrl, BUYER_EMAIL, codeReader(setup.smtp));
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Plan Pages Ltd' });
  const buyer = await setup.database.db.account.findUniqueOrThrow({ where: { email: BUYER_EMAIL } });
  const { sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } });
  const product = await createProduct(setup.database.db, sellerId, { name: 'Render Farm' });
  const monthly = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true };
  team = await createOffering(setup.database.db, product, { name: 'Team', priceMinor: 3000, ...monthly });
  pro = await createOffering(setup.database.db, product, { name: 'Team Pro', priceMinor: 5000, ...monthly });
  lite = await createOffering(setup.database.db, product, { name: 'Team Lite', priceMinor: 2000, ...monthly });
  const feature = (offeringId: string, key: string, displayName: string, allowance: number | null) =>
    setup.database.db.feature.create({ data: { offeringId, key, displayName, allowance, allowancePeriodUnit: allowance === null ? null : IntervalUnit.Month, accessLevel: 'Allowed' } });
  await feature(team.id, 'render', 'Render', 100);
  await feature(pro.id, 'render', 'Render', 1000);
  await feature(pro.id, 'gpu', 'GPU rendering', null);
  await feature(lite.id, 'render', 'Render', 10);
  for (const { width } of VIEWPORTS) {
    const minted = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: team, buyerAccountId: buyer.id, correlationId: null, seatCount: 3 }));
    licenses[width] = minted.licenseId;
    const tenant = `tenant-${width}`;
    const sold = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: team, buyerAccountId: null, correlationId: tenant, tenantId: tenant, seatCount: 2 }));
    sellerLicenses[width] = sold.licenseId;
  }
});

describe('the buyer’s license page: Change plan, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: an upgrade now with its preview, then a cheaper plan scheduled for the period’s end and cancelled`,
      async () => {
        const licenseId = licenses[viewport.width]!;
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, cookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/licenses`);
          const card = page.locator(`[data-testid="license"][data-license-id="${licenseId}"]`);
          await card.waitFor();
          await expectFitsAndAccessible(page, 'the license page');

          // The plans of the product, each with its price; choosing one shows what the change does.
          await card.getByRole('button', { name: 'Change plan of Team' }).click();
          const panel = card.getByTestId('plan-change-panel');
          await panel.getByRole('radio').first().waitFor();
          expect(await panel.getByRole('radio').count()).toBe(2);
          expect(await panel.innerText()).toContain('$50.00 per seat / month');
          await expectFitsAndAccessible(page, 'the plans to choose from');
          await panel.getByRole('radio', { name: /Team Pro/ }).check();
          const preview = panel.getByTestId('plan-change-preview');
          await preview.waitFor();
          const previewText = await preview.innerText();
          expect(previewText).toContain('$50.00 per seat / month');
          expect(previewText).toMatch(/\$[\d,.]+ charged for the rest of this period \(3 seats\)/);
          expect(previewText).toContain('Now');
          await expectFitsAndAccessible(page, 'the preview of an upgrade');
          await panel.getByRole('button', { name: 'Change to Team Pro' }).click();

          // The page tells the truth: the license is on Team Pro, with its features, at once.
          await card.getByTestId('plan-change-feedback').filter({ hasText: 'The license is now on Team Pro.' }).waitFor();
          await card.getByRole('heading', { name: 'Team Pro', exact: true }).waitFor();
          await card.getByText('GPU rendering').waitFor();
          const upgraded = await setup.database.db.license.findUniqueOrThrow({ where: { id: licenseId } });
          expect(upgraded).toMatchObject({ offeringId: pro.id, unitPriceMinor: 5000 });
          const charged = await setup.database.db.planChange.findFirstOrThrow({ where: { licenseId, toOfferingId: pro.id } });
          expect(previewText).toContain(`$${(Number(charged.prorationMinor) / 100).toFixed(2)}`);
          expect(await setup.database.db.seat.count({ where: { licenseId, retiredAt: null } })).toBe(3);
          await expectFitsAndAccessible(page, 'the license after an upgrade');

          // A cheaper plan waits for the end of the period: nothing is charged today.
          await card.getByRole('button', { name: 'Change plan of Team Pro' }).click();
          await panel.getByRole('radio', { name: /Team Lite/ }).check();
          await panel.getByRole('radio', { name: /At the end of the period/ }).waitFor();
          expect(await panel.getByRole('radio', { name: /At the end of the period/ }).isChecked()).toBe(true);
          expect(await preview.innerText()).toMatch(/Today\s+Nothing/);
          await expectFitsAndAccessible(page, 'the preview of a change at the period’s end');
          await panel.getByRole('button', { name: 'Change to Team Lite' }).click();
          const scheduled = card.getByTestId('scheduled-plan-change');
          await scheduled.waitFor();
          expect(await scheduled.innerText()).toMatch(/Changes to Team Lite \(\$20\.00 per seat\) on .+, at the end of the current period\./);
          expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: licenseId } })).offeringId).toBe(pro.id);
          expect(await setup.database.db.planChange.count({ where: { licenseId, status: 'scheduled', toOfferingId: lite.id } })).toBe(1);
          await expectFitsAndAccessible(page, 'a scheduled plan change');
          await page.screenshot({ path: `test-results/plan-change-${viewport.width}.png`, fullPage: true });

          // Cancelled: the license stays on Team Pro.
          await scheduled.getByRole('button', { name: 'Cancel the change of Team Pro' }).click();
          await scheduled.waitFor({ state: 'detached' });
          await card.getByTestId('plan-change-feedback').filter({ hasText: 'The plan change is cancelled' }).waitFor();
          expect(await setup.database.db.planChange.count({ where: { licenseId, status: 'scheduled' } })).toBe(0);
          await expectFitsAndAccessible(page, 'the license after cancelling the change');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});

describe('the seller’s license page in the portal: Plan, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: the plan, a cheaper one scheduled (the seller may choose now instead), then one applied now`,
      async () => {
        const licenseId = sellerLicenses[viewport.width]!;
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/licenses/${licenseId}`);
          expect(await page.getByTestId('license-plan').innerText()).toContain('Team, $30.00 per seat / month.');
          await page.getByRole('button', { name: 'Change plan of Team' }).click();
          const panel = page.getByTestId('plan-change-panel');
          await panel.getByRole('radio', { name: /Team Lite/ }).check();
          await panel.getByRole('radio', { name: /At the end of the period/ }).waitFor();
          await expectFitsAndAccessible(page, 'the seller’s preview of a cheaper plan');
          await panel.getByRole('button', { name: 'Change to Team Lite' }).click();
          await page.getByTestId('scheduled-plan-change').waitFor();
          await expectFitsAndAccessible(page, 'the seller’s license with a scheduled change');

          // A new change replaces the scheduled one; the seller applies this one now (a credit).
          await page.getByRole('button', { name: 'Change plan of Team' }).click();
          await panel.getByRole('radio', { name: /Team Lite/ }).check();
          await panel.getByRole('radio', { name: /^Now/ }).check();
          expect(await panel.getByTestId('plan-change-preview').innerText()).toMatch(/credited for the rest of this period \(2 seats\)/);
          await panel.getByRole('button', { name: 'Change to Team Lite' }).click();
          await page.getByTestId('plan-change-feedback').filter({ hasText: 'The license is now on Team Lite.' }).waitFor();
          await page.getByRole('heading', { level: 1, name: /Team Lite/ }).waitFor();
          await page.getByTestId('scheduled-plan-change').waitFor({ state: 'detached' });
          expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: licenseId } })).offeringId).toBe(lite.id);
          expect((await setup.database.db.planChange.findMany({ where: { licenseId }, orderBy: { createdAt: 'asc' } })).map((change) => change.status)).toEqual(['cancelled', 'applied']);
          await expectFitsAndAccessible(page, 'the seller’s license after a change now');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
