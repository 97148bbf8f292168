import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { browserTestFile } from '../support/browser-test-file';
import { createOffering, createProduct } from '../support/factories';
import { expectFitsAndAccessible, VIEWPORTS } from '../support/page-checks';
import { portalPage, portalSignIn, trpcMutation } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// The devices of a license on its pages in Chromium, at a desktop and a phone width: the buyer's
// license page and the seller's license page list each seat's devices (name, platform, last seen,
// lease) with how full the seat is, and "Deactivate" frees a place for real (the app's next call with
// that device is refused; another device may activate). Devices are activated by the runtime API
// over HTTP, as an app does. No page scrolls sideways and axe-core finds nothing in any state visited.

const E2E_TIMEOUT = 120_000;
const BUYER_EMAIL = 'devices.buyer@example.com';
const SELLER_EMAIL = 'devices.seller@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let buyerCookie: string;
let sellerCookie: string;

interface Sold {
  licenseId: string;
  token: string;
}
const buyerLicenses: Record<number, Sold> = {};
const sellerLicenses: Record<number, Sold> = {};

function runtime(license: Sold, operation: string, body: Record<string, unknown>) {
  return fetch(`${setup.server.baseUrl}/licensing/runtime/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${license.token}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.licenseId, ...body }),
  });
}
const fingerprint = (name: string) => crypto.createHash('sha256').update(name).digest('hex');

async function activate(license: Sold, name: string, platform: string) {
  const answer = await runtime(license, 'ActivateDevice', { Fingerprint: fingerprint(name), Name: name, Platform: platform });
  expect(answer.status).toBe(200);
  return (await answer.json()).Device.DeviceId as string;
}

beforeAll(async () => {
  buyerCookie = await portalSignIn(setup.server.baseUrl, BUYER_EMAIL, codeReader(setup.smtp));
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Device Pages Ltd' });
  const buyer = await setup.database.db.account.findUniqueOrThrow({ where: { email: BUYER_EMAIL } });
  const { sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } });
  const product = await createProduct(setup.database.db, sellerId, { name: 'Photo Studio' });
  const desktop = await createOffering(setup.database.db, product, { name: 'Desktop', classification: LicenseClassification.Perpetual, priceMinor: 4900, maxDevices: 2, deviceMode: 'NodeLocked' });
  const lab = await createOffering(setup.database.db, product, { name: 'Lab', classification: LicenseClassification.Perpetual, priceMinor: 9900, seatBased: true, maxDevices: 3, deviceMode: 'Floating' });
  for (const { width } of VIEWPORTS) {
    // The buyer's license of two seats, seat 1's code issued on the license page: two node-locked devices fill that seat.
    const bought = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: desktop, buyerAccountId: buyer.id, correlationId: null, seatCount: 2 }));
    const issued = await trpcMutation<{ code: string }>(setup.server.baseUrl, 'licenses.issueCode', { seatId: bought.seatIds[0]!, mode: 'add' }, buyerCookie);
    buyerLicenses[width] = { licenseId: bought.licenseId, token: decodeLicenseCode(issued.code)! };
    await activate(buyerLicenses[width], `Studio iMac ${width}`, 'macOS 15');
    await activate(buyerLicenses[width], `Work laptop ${width}`, 'Windows 11');

    // The seller's two-seat lab license: a floating lease held, and one whose lease lapsed.
    const sold = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: lab, buyerAccountId: null, correlationId: `lab-${width}`, tenantId: `lab-${width}`, seatCount: 2 }));
    // The seat's code, issued as the seller's license page does.
    const labCode = await trpcMutation<{ encodedCredential: string }>(setup.server.baseUrl, 'sellerLicenses.issueCode', { requestId: crypto.randomUUID(), licenseId: sold.licenseId, seatId: sold.seatIds[0]!, label: 'Lab code' }, sellerCookie);
    sellerLicenses[width] = { licenseId: sold.licenseId, token: decodeLicenseCode(labCode.encodedCredential)! };
    await activate(sellerLicenses[width], `Lab PC ${width}`, 'Linux');
    const lapsedId = await activate(sellerLicenses[width], `Old lab PC ${width}`, 'Linux');
    await setup.database.db.device.update({ where: { id: lapsedId }, data: { leaseExpiresAt: new Date(Date.now() - 60_000) } });
  }
});

describe('the devices of a license on its pages, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: the buyer sees the seat full (2 of 2), deactivates a laptop: the app on it is refused and a new computer activates; a new code frees the old code's devices`,
      async () => {
        const license = buyerLicenses[viewport.width]!;
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, buyerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/licenses`);
          const card = page.locator(`[data-license-id="${license.licenseId}"]`);
          const seat = card.getByTestId('seat').first();
          const devices = seat.getByTestId('device-list');
          expect(await devices.getByTestId('device-count').innerText()).toBe('Devices (2 of 2 in use)');
          // Seat 2 has none yet, and says how one comes.
          expect(await card.getByTestId('seat').nth(1).getByTestId('device-list').innerText()).toContain('No device holds a place on this seat');
          const rows = devices.getByTestId('device-row');
          expect(await rows.count()).toBe(2);
          const laptop = rows.filter({ hasText: `Work laptop ${viewport.width}` });
          expect(await laptop.innerText()).toContain('Windows 11');
          expect(await laptop.getByTestId('device-lease').innerText()).toContain('until deactivated');
          await expectFitsAndAccessible(page, 'the license page with its devices');

          await laptop.getByRole('button', { name: `Deactivate Work laptop ${viewport.width}` }).click();
          await devices.getByTestId('device-feedback').filter({ hasText: `Work laptop ${viewport.width} is deactivated` }).waitFor();
          await laptop.waitFor({ state: 'detached' });
          expect(await devices.getByTestId('device-count').innerText()).toBe('Devices (1 of 2 in use)');
          await expectFitsAndAccessible(page, 'a device deactivated');
          await page.screenshot({ path: `test-results/devices-buyer-${viewport.width}.png`, fullPage: true });

          const stored = await setup.database.db.device.findFirstOrThrow({ where: { licenseId: license.licenseId, name: `Work laptop ${viewport.width}` } });
          expect(stored.deactivatedBy).toBe('Buyer');
          expect(stored.deactivatedAt).toBeInstanceOf(Date);
          expect(await setup.database.db.event.count({ where: { licenseId: license.licenseId, type: 'device.deactivated' } })).toBe(1);
          // The app on the laptop is refused; a new computer takes the freed place.
          const refused = await runtime(license, 'GenerateLicenseAuthorization', { Fingerprint: fingerprint(`Work laptop ${viewport.width}`) });
          expect(refused.status).toBe(403);
          expect((await refused.json()).Message).toMatch(/^DeviceNotActivated: /);
          await activate(license, `New laptop ${viewport.width}`, 'Windows 11');

          // A new code in place of the old one (shown once, beside the devices, headings in order)
          // revokes the old code, and the devices it activated are freed with it.
          await page.reload();
          await seat.getByRole('button', { name: /^Replace code/ }).click();
          await seat.getByRole('group', { name: /^Confirm: replace code/ }).getByRole('button', { name: 'Replace code' }).click();
          await seat.getByTestId('new-license-code-box').waitFor();
          await expectFitsAndAccessible(page, 'a new code shown beside the devices');
          await seat.getByRole('button', { name: 'I have stored it' }).click();
          await seat.getByRole('button', { name: 'I have stored it' }).waitFor({ state: 'detached' });
          await devices.getByTestId('device-count').filter({ hasText: 'Devices (0 of 2 in use)' }).waitFor();
          expect(await devices.innerText()).toContain('No device holds a place on this seat');
          expect(await setup.database.db.device.count({ where: { licenseId: license.licenseId, deactivatedBy: 'CodeRevoked' } })).toBe(2);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );

    it(
      `at ${viewport.width} px: the seller sees a floating lease held and one lapsed, deactivates the held one, and its place is free`,
      async () => {
        const license = sellerLicenses[viewport.width]!;
        // Lapsed a minute ago and not yet released: the sweep of lapsed leases (a job of the server
        // under test, every minute) may have released it since the setup, when this file runs long.
        await setup.database.db.device.updateMany({
          where: { licenseId: license.licenseId, name: `Old lab PC ${viewport.width}` },
          data: { leaseExpiresAt: new Date(Date.now() - 60_000), deactivatedAt: null, deactivatedBy: null },
        });
        const { context, page } = await portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal/licenses/${license.licenseId}`);
          const seat = page.getByTestId('seller-seat').first();
          const devices = seat.getByTestId('device-list');
          expect(await devices.getByTestId('device-count').innerText()).toBe('Devices (1 of 3 in use)');
          const held = devices.getByTestId('device-row').filter({ hasText: `Lab PC ${viewport.width}` }).filter({ hasNotText: 'Old' });
          expect(await held.getByTestId('device-lease').innerText()).toMatch(/^Until .*, renewed while the app runs$/);
          const lapsed = devices.getByTestId('device-row').filter({ hasText: `Old lab PC ${viewport.width}` });
          expect(await lapsed.getByTestId('device-lease').innerText()).toMatch(/^Lapsed .*: its place is free$/);
          // A lapsed lease holds no place: nothing to deactivate.
          expect(await lapsed.getByRole('button').count()).toBe(0);
          // The second seat has none yet, and says how one comes.
          expect(await page.getByTestId('seller-seat').nth(1).getByTestId('device-list').innerText()).toContain('No device holds a place on this seat');
          await expectFitsAndAccessible(page, 'the seller’s license page with devices');

          // A code shown once beside the devices keeps the page's headings in order.
          await seat.getByLabel('Label').fill(`extra-${viewport.width}`);
          await seat.getByRole('button', { name: 'Issue code' }).click();
          await page.getByTestId('seller-code-box').waitFor();
          await expectFitsAndAccessible(page, 'a code shown beside the devices');
          await page.getByRole('button', { name: 'I have stored it' }).click();
          await page.getByRole('button', { name: 'I have stored it' }).waitFor({ state: 'detached' });

          await held.getByRole('button', { name: `Deactivate Lab PC ${viewport.width}` }).click();
          await devices.getByTestId('device-feedback').filter({ hasText: `Lab PC ${viewport.width} is deactivated: its place on Seat 1 is free` }).waitFor();
          await held.waitFor({ state: 'detached' });
          expect(await devices.getByTestId('device-count').innerText()).toBe('Devices (0 of 3 in use)');
          await expectFitsAndAccessible(page, 'a device the seller deactivated');
          await page.screenshot({ path: `test-results/devices-seller-${viewport.width}.png`, fullPage: true });

          const stored = await setup.database.db.device.findFirstOrThrow({ where: { licenseId: license.licenseId, name: `Lab PC ${viewport.width}` } });
          expect(stored.deactivatedBy).toBe('Seller');
          const heartbeat = await runtime(license, 'Heartbeat', { Fingerprint: fingerprint(`Lab PC ${viewport.width}`) });
          expect(heartbeat.status).toBe(403);
          expect((await heartbeat.json()).Message).toMatch(/^DeviceNotActivated: /);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
