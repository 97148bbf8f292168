import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFitsAndAccessible, portalLink, VIEWPORTS } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The portal's webhooks page in Chromium at a desktop and a phone width: an endpoint added with
// its event types and its secret shown once, a test event sent and seen in the delivery log (a
// failure first, then the resend delivered), the secret rotated, the endpoint disabled and removed.
// Every state passes the sideways-scroll and axe-core checks.

const E2E_TIMEOUT = 180_000;
const SELLER_EMAIL = 'hooks.owner@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
let sellerCookie: string;
let receiverUrl: string;
let receiver: http.Server;
/** The receiver refuses the first delivery it sees, then accepts. */
let refuseNext = true;

beforeAll(async () => {
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Hooks Ltd' });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = refuseNext ? 503 : 204;
      refuseNext = false;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const signedInPage = (viewport: { width: number; height: number }) => portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);

describe('the webhooks page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: add an endpoint, see its secret once, send a test event, resend a failed one, rotate, disable and remove`,
      async () => {
        refuseNext = true;
        await setup.database.db.webhookEndpoint.deleteMany({});
        const { context, page } = await signedInPage(viewport);
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          await (await portalLink(page, 'Webhooks')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/webhooks`);
          await page.getByText('No endpoints yet.').waitFor();
          await expectFitsAndAccessible(page, 'the webhooks page, empty');

          await page.getByLabel(/^URL/).fill(receiverUrl);
          await page.getByLabel(/^Description/).fill(`backend at ${viewport.width} px`);
          await page.getByRole('checkbox', { name: 'license.created' }).check();
          await page.getByRole('checkbox', { name: 'license.status_changed' }).check();
          // Each event type says in one line what happened.
          expect(await page.getByRole('checkbox', { name: 'license.created A license was made: sold, claimed or created by you.' }).count()).toBe(1);
          await page.getByRole('button', { name: 'Add endpoint' }).click();
          const secret = page.getByTestId('webhook-secret');
          await secret.waitFor();
          expect(await secret.getByRole('textbox').inputValue()).toMatch(/^whsec_/);
          await expectFitsAndAccessible(page, 'the secret shown once');
          await page.getByRole('button', { name: 'I have stored it' }).click();
          const card = page.getByTestId('webhook-endpoint');
          await card.waitFor();
          expect(await card.innerText()).toContain('license.created, license.status_changed');
          const stored = await setup.database.db.webhookEndpoint.findFirstOrThrow({ where: { description: `backend at ${viewport.width} px` } });
          expect(stored.eventTypes).toEqual(['license.created', 'license.status_changed']);

          await card.getByRole('button', { name: 'Send test event' }).click();
          const delivery = card.getByTestId('webhook-delivery');
          await delivery.filter({ hasText: 'ping' }).waitFor();
          // The receiver refused it (503); the log says so and when it is tried again.
          await delivery.filter({ hasText: 'HTTP 503' }).waitFor({ timeout: 15_000 });
          await expectFitsAndAccessible(page, 'a failed delivery in the log');
          await page.screenshot({ path: `test-results/webhooks-${viewport.width}.png`, fullPage: true });
          await delivery.first().getByRole('button', { name: /^Resend/ }).click();
          await page.getByText('Delivery sent again.').waitFor();
          await delivery.filter({ hasText: 'Delivered' }).filter({ hasText: 'HTTP 204' }).waitFor({ timeout: 15_000 });

          await card.getByRole('button', { name: /^Rotate secret/ }).click();
          await card.getByRole('button', { name: 'Rotate', exact: true }).click();
          await page.getByTestId('webhook-secret').filter({ hasText: 'New signing secret' }).waitFor();
          await expectFitsAndAccessible(page, 'the rotated secret');
          await page.getByRole('button', { name: 'I have stored it' }).click();
          expect((await setup.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).previousSecretUntil).toBeInstanceOf(Date);

          await card.getByRole('button', { name: 'Disable' }).click();
          await card.getByText('Disabled').waitFor();
          expect((await setup.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).enabled).toBe(false);
          await expectFitsAndAccessible(page, 'a disabled endpoint');

          // One confirmation at a time: asking to remove closes the rotation's question.
          await card.getByRole('button', { name: /^Rotate secret/ }).click();
          await card.getByRole('group', { name: /^Confirm: rotate secret/ }).waitFor();
          await card.getByRole('button', { name: /^Remove/ }).click();
          await card.getByRole('group', { name: /^Confirm: rotate secret/ }).waitFor({ state: 'detached' });
          const confirm = card.getByRole('button', { name: 'Remove endpoint' });
          await confirm.waitFor();
          const box = (await confirm.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          await confirm.click();
          await page.getByText('No endpoints yet.').waitFor();
          expect(await setup.database.db.webhookEndpoint.count({ where: { id: stored.id } })).toBe(0);
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
