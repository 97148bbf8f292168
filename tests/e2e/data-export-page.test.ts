import crypto from 'node:crypto';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { roleRefusal } from '@/server/sellers/members/member-permissions';
import { createOffering, createProduct } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The portal's "Export your data" page in Chromium at a desktop and a phone width: reached from the
// store settings, an export in progress shown with its progress and followed as it changes (a failed
// one says why), a new export requested, built by the service's job and downloaded as a ZIP; a
// Viewer reaching the page reads why not. Every state passes the sideways-scroll and axe-core checks.

const E2E_TIMEOUT = 180_000;
const OWNER_EMAIL = 'export.owner@example.com';
const VIEWER_EMAIL = 'export.viewer@example.com';
const LICENSES = 1_500;

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let ownerCookie: string;
let viewerCookie: string;
let sellerId: string;
let ownerId: string;

beforeAll(async () => {
  const nextCode = codeReader(setup.smtp);
  ownerCookie = await portalSignIn(setup.server.baseUrl, OWNER_EMAIL, nextCode, { registerAs: 'Export Pages Ltd' });
  viewerCookie = await portalSignIn(setup.server.baseUrl, VIEWER_EMAIL, nextCode);
  const db = setup.database.db;
  ({ sellerId, accountId: ownerId } = await db.sellerMember.findFirstOrThrow({ where: { account: { email: OWNER_EMAIL } } }));
  const viewer = await db.account.findUniqueOrThrow({ where: { email: VIEWER_EMAIL } });
  await db.sellerMember.create({ data: { sellerId, accountId: viewer.id, role: 'Viewer' } });
  const product = await createProduct(db, sellerId, { name: 'Export Forge' });
  const offering = await createOffering(db, product, { classification: LicenseClassification.Perpetual });
  const buyer = await db.account.create({ data: { email: 'export.buyer@example.com' } });
  await db.license.createMany({ data: Array.from({ length: LICENSES }, () => ({ id: crypto.randomUUID(), sellerId, offeringId: offering.id, buyerAccountId: buyer.id, classification: LicenseClassification.Perpetual })) });
}, 300_000);

describe('the data export page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: progress followed, a failure shown, an export requested, ready and downloaded as a ZIP`,
      async () => {
        const db = setup.database.db;
        await db.dataExport.deleteMany({ where: { sellerId } });
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, ownerCookie, viewport, { acceptDownloads: true });
        try {
          await page.goto(`${setup.server.baseUrl}/portal/settings`);
          await page.getByRole('link', { name: 'Export your data' }).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/export`);
          await page.getByText('No export yet.').waitFor();
          await expectFitsAndAccessible(page, 'the export page, no export yet');

          // An export being built elsewhere: the page shows its progress and follows it.
          const running = await db.dataExport.create({ data: { sellerId, requestedById: ownerId, status: 'Running', progress: 40 } });
          await page.reload();
          const row = page.getByTestId('data-export-row');
          await row.getByText('Building: 40%').waitFor();
          expect(await row.getByRole('progressbar').getAttribute('value')).toBe('40');
          await expect.poll(() => page.getByRole('button', { name: 'Export in progress…' }).isDisabled()).toBe(true);
          await expectFitsAndAccessible(page, 'an export in progress');
          await db.dataExport.update({ where: { id: running.id }, data: { progress: 70 } });
          await row.getByText('Building: 70%').waitFor();
          await db.dataExport.update({ where: { id: running.id }, data: { status: 'Failed', failure: 'The export could not be built.', finishedAt: new Date() } });
          await row.getByText('Failed: The export could not be built.').waitFor();
          await expectFitsAndAccessible(page, 'a failed export');

          await waitForHydration(page);
          await page.getByRole('button', { name: 'Request an export' }).click();
          const ready = page.locator('[data-testid="data-export-row"][data-status="Ready"]');
          await ready.waitFor({ timeout: 60_000 });
          expect(await ready.innerText()).toMatch(/Ready \(.+\)\. Kept until /);
          await expectFitsAndAccessible(page, 'a ready export');
          await page.screenshot({ path: `test-results/data-export-${viewport.width}.png`, fullPage: true });

          const [download] = await Promise.all([page.waitForEvent('download'), ready.getByRole('link', { name: 'Download ZIP' }).click()]);
          expect(download.suggestedFilename()).toMatch(/-data-\d{4}-\d{2}-\d{2}\.zip$/);
          const files = unzipSync(fs.readFileSync(await download.path()));
          const licenses = strFromU8(files['licenses.csv']!).split('\r\n').slice(0, -1);
          expect(licenses[0]).toMatch(/^License id,Product,Offering,Customer e-mail,Status/);
          expect(licenses).toHaveLength(LICENSES + 1);
          expect(strFromU8(files['products.csv']!)).toContain('Export Forge');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  it(
    'tells a Viewer reaching the page that their role cannot export, with no button, and refuses the download',
    async () => {
      const db = setup.database.db;
      const { id: readyId } = await db.dataExport.findFirstOrThrow({ where: { sellerId, status: 'Ready' } });
      const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, viewerCookie, VIEWPORTS[1]);
      try {
        await page.goto(`${setup.server.baseUrl}/portal/export`);
        expect(await page.getByTestId('role-notice').innerText()).toBe(roleRefusal('Viewer', 'data:export'));
        expect(await page.getByRole('button', { name: 'Request an export' }).count()).toBe(0);
        await expectFitsAndAccessible(page, 'the export page for a Viewer');
        const refused = await page.request.get(`${setup.server.baseUrl}/portal/export/${readyId}`);
        expect(refused.status()).toBe(403);
        expect(await refused.text()).toContain(roleRefusal('Viewer', 'data:export'));
      } finally {
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
