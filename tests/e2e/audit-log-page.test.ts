import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '@/server/sellers/members/member-permissions';
import { expectFitsAndAccessible, portalLink, VIEWPORTS } from '../support/page-checks';
import { portalPage, portalSignIn, trpcMutation } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The portal's audit log page in Chromium at a desktop and a phone width: the member's own changes
// (made over the portal's HTTP procedures) listed newest first with who, from where and what
// changed, filtered by action, downloaded as CSV with the filter; a Viewer reaching it by its
// address reads why not. Every state passes the sideways-scroll and axe-core checks.

const E2E_TIMEOUT = 180_000;
const OWNER_EMAIL = 'audit.owner@example.com';
const VIEWER_EMAIL = 'audit.viewer@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let ownerCookie: string;
let viewerCookie: string;
let productId: string;

beforeAll(async () => {
  const nextCode = codeReader(setup.smtp);
  ownerCookie = await portalSignIn(setup.server.baseUrl, OWNER_EMAIL, nextCode, { registerAs: 'Audit Pages Ltd' });
  viewerCookie = await portalSignIn(setup.server.baseUrl, VIEWER_EMAIL, nextCode);
  const { sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: OWNER_EMAIL } } });
  const viewer = await setup.database.db.account.findUniqueOrThrow({ where: { email: VIEWER_EMAIL } });
  await setup.database.db.sellerMember.create({ data: { sellerId, accountId: viewer.id, role: 'Viewer' } });
  const product = await trpcMutation<{ id: string }>(setup.server.baseUrl, 'catalogAdmin.createProduct', { name: 'Audit Forge' }, ownerCookie);
  productId = product.id;
  await trpcMutation(setup.server.baseUrl, 'catalogAdmin.updateProduct', { productId, name: 'Audit Forge Pro' }, ownerCookie);
}, 300_000);

describe('the audit log page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: the member's changes listed, filtered by action and downloaded as CSV`,
      async () => {
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, ownerCookie, viewport, { acceptDownloads: true });
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          await (await portalLink(page, 'Audit log')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/audit`);
          const entries = page.getByTestId('audit-entry');
          // Newest first: the rename, then the creation.
          expect(await entries.nth(0).innerText()).toContain('product.updated');
          expect(await entries.nth(1).innerText()).toContain('product.created');
          const rename = await entries.nth(0).innerText();
          expect(rename).toContain(`${OWNER_EMAIL} (Owner)`);
          expect(rename).toContain('catalogAdmin.updateProduct');
          expect(rename).toContain(productId);
          await expectFitsAndAccessible(page, 'the audit log');

          await entries.nth(0).getByText(/1 field/).click();
          expect(await entries.nth(0).innerText()).toContain('name: Audit Forge → Audit Forge Pro');
          await expectFitsAndAccessible(page, 'an entry opened');

          await page.getByLabel('Action').fill('product.updated');
          await page.getByRole('button', { name: 'Filter' }).click();
          await page.waitForURL((url) => url.searchParams.get('action') === 'product.updated');
          await expect.poll(() => entries.count()).toBe(1);
          expect(await entries.nth(0).innerText()).toContain('product.updated');
          await expectFitsAndAccessible(page, 'the audit log filtered');

          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
          expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
          const lines = fs.readFileSync(await download.path(), 'utf8').split('\r\n').filter(Boolean);
          expect(lines[0]).toMatch(/^Sequence,At \(UTC\),Actor type,Actor,/);
          expect(lines).toHaveLength(2);
          expect(lines[1]).toContain(`product.updated,product,${productId}`);
          expect(lines[1]).toContain(OWNER_EMAIL);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }

  it(
    'a Viewer reaching the page by its address reads that the role cannot read the audit log, and its export is refused',
    async () => {
      const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, viewerCookie, VIEWPORTS[1]);
      try {
        await page.goto(`${setup.server.baseUrl}/portal/audit`);
        expect(await page.getByTestId('role-notice').innerText()).toBe(roleRefusal('Viewer', 'audit:read'));
        expect(await page.getByTestId('audit-entry').count()).toBe(0);
        await expectFitsAndAccessible(page, 'the audit log refused to a Viewer');
        const exported = await context.request.get(`${setup.server.baseUrl}/portal/audit/export`);
        expect(exported.status()).toBe(403);
        expect(await exported.text()).toContain(roleRefusal('Viewer', 'audit:read'));
      } finally {
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
