import { beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct } from '../support/factories';
import { expectFitsAndAccessible, portalLink, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { browserTestFile } from '../support/browser-test-file';

// The portal's Discounts page in Chromium at a desktop and a phone width: a percent code and an
// amount code made (refusals shown next to their fields first, a code already taken too), one
// edited (name, maximum, offerings), one deleted after its confirmation; feedback after each
// action. Every state passes the sideways-scroll and axe-core checks.

const E2E_TIMEOUT = 180_000;
const SELLER_EMAIL = 'discounts.owner@example.com';

const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
let sellerCookie: string;
let sellerId: string;
let monthlyId: string;

beforeAll(async () => {
  sellerCookie = await portalSignIn(setup.server.baseUrl, SELLER_EMAIL, codeReader(setup.smtp), { registerAs: 'Codes Ltd' });
  ({ sellerId } = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: SELLER_EMAIL } } }));
  const product = await createProduct(setup.database.db, sellerId, { name: 'Render Studio' });
  monthlyId = (await createOffering(setup.database.db, product, { name: 'Pro Monthly', classification: LicenseClassification.Subscription, priceMinor: 999, interval: 1, intervalUnit: IntervalUnit.Month })).id;
  await createOffering(setup.database.db, product, { name: 'Lifetime', priceMinor: 14900 });
}, 300_000);

const signedInPage = (viewport: { width: number; height: number }) => portalPage(setup.browser, setup.server.baseUrl, sellerCookie, viewport);

describe('the discounts page, in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(
      `at ${viewport.width} px: create a percent code and an amount code, edit one, delete one`,
      async () => {
        await setup.database.db.discount.deleteMany({});
        const { context, page } = await signedInPage(viewport);
        const percentCode = `SPRING-${viewport.width}`;
        const amountCode = `FIVE_OFF_${viewport.width}`;
        try {
          await page.goto(`${setup.server.baseUrl}/portal`);
          await (await portalLink(page, 'Discounts')).click();
          await page.waitForURL(`${setup.server.baseUrl}/portal/discounts`);
          await page.getByText('No discount codes yet.').waitFor();
          await page.getByRole('checkbox', { name: 'Render Studio · Pro Monthly' }).waitFor();
          await waitForHydration(page);
          await expectFitsAndAccessible(page, 'the discounts page, empty');

          // Refused in the browser, each next to its field: no code, no percent.
          await page.getByRole('button', { name: 'Create code' }).click();
          const form = page.getByRole('region', { name: 'New discount code' });
          await expect.poll(() => form.getByTestId('field-error').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('discount code is 3 to 32'), expect.stringContaining('percent it takes off')]));
          expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
          await expectFitsAndAccessible(page, 'the form with its refusals');

          // A percent code for the first three months of the monthly plan.
          await page.getByLabel('Code', { exact: true }).fill(percentCode.toLowerCase());
          await page.getByLabel(/^Name/).fill('Spring sale');
          await page.getByLabel('Percent off').fill('25');
          await page.getByRole('radio', { name: 'Some months' }).check();
          await page.getByLabel('Months', { exact: true }).fill('3');
          await page.getByRole('checkbox', { name: 'Render Studio · Pro Monthly' }).check();
          await page.getByRole('button', { name: 'Create code' }).click();
          await page.getByTestId('toast').filter({ hasText: `Discount code ${percentCode} created.` }).waitFor();
          const percentCard = page.getByRole('article', { name: `Discount code ${percentCode}` });
          await percentCard.waitFor();
          expect(await percentCard.innerText()).toMatch(/25% off[\s\S]*First 3 months[\s\S]*0 used \(no limit\)[\s\S]*Never[\s\S]*Render Studio · Pro Monthly/);
          expect(await setup.database.db.discount.findFirstOrThrow({ where: { sellerId, code: percentCode }, include: { offerings: true } })).toMatchObject({
            kind: 'percent',
            percentOff: 25,
            duration: 'repeating',
            durationMonths: 3,
            name: 'Spring sale',
            offerings: [{ offeringId: monthlyId }],
          });
          await expectFitsAndAccessible(page, 'a percent code in the list');

          // The same code again, in another case: refused next to Code.
          await page.getByLabel('Code', { exact: true }).fill(percentCode.toLowerCase());
          await page.getByLabel('Percent off').fill('10');
          await page.getByRole('button', { name: 'Create code' }).click();
          await form.getByTestId('field-error').filter({ hasText: `already have the discount code ${percentCode}` }).waitFor();

          // An amount code in two currencies, every payment, at most 50 redemptions; a bad amount first.
          await page.getByLabel('Code', { exact: true }).fill(amountCode);
          await page.getByRole('radio', { name: 'A fixed amount' }).check();
          await page.getByLabel('Currency 1').fill('usd');
          await page.getByLabel('Amount 1').fill('5.001');
          await page.getByRole('button', { name: 'Add a currency' }).click();
          await page.getByLabel('Currency 2').fill('EUR');
          await page.getByLabel('Amount 2').fill('4,50');
          await page.getByRole('radio', { name: 'Every payment' }).check();
          await page.getByLabel(/^Most redemptions/).fill('50');
          await page.getByRole('button', { name: 'Create code' }).click();
          await form.getByTestId('field-error').filter({ hasText: 'Enter an amount such as 4.50.' }).waitFor();
          expect(await page.getByLabel('Amount 1').getAttribute('aria-invalid')).toBe('true');
          await expectFitsAndAccessible(page, 'an amount refused next to its row');
          await page.getByLabel('Amount 1').fill('5');
          await page.getByRole('button', { name: 'Create code' }).click();
          await page.getByTestId('toast').filter({ hasText: `Discount code ${amountCode} created.` }).waitFor();
          const amountCard = page.getByRole('article', { name: `Discount code ${amountCode}` });
          await amountCard.waitFor();
          expect(await amountCard.innerText()).toMatch(/€4\.50 or \$5\.00 off[\s\S]*Every payment[\s\S]*0 used of 50[\s\S]*Every offering/);
          const stored = await setup.database.db.discount.findFirstOrThrow({ where: { sellerId, code: amountCode }, include: { amounts: { orderBy: { currency: 'asc' } } } });
          expect(stored).toMatchObject({ kind: 'amount', duration: 'forever', maxRedemptions: 50, amounts: [{ currency: 'eur', amountMinor: 450 }, { currency: 'usd', amountMinor: 500 }] });
          await expectFitsAndAccessible(page, 'two codes in the list');
          await page.screenshot({ path: `test-results/discounts-${viewport.width}.png`, fullPage: true });

          // Edit: a maximum below the redemptions held is refused next to its field; then a name, a maximum and every offering.
          await setup.database.db.discount.update({ where: { id: stored.id }, data: { redemptions: 7 } });
          await page.reload();
          await amountCard.getByRole('button', { name: /^Edit/ }).click();
          const edit = amountCard.getByRole('form', { name: `Edit ${amountCode}` });
          await edit.waitFor();
          await edit.getByLabel('Most redemptions').fill('5');
          await edit.getByRole('button', { name: 'Save changes' }).click();
          await edit.getByTestId('field-error').filter({ hasText: '7 checkouts hold this code already' }).waitFor();
          await expectFitsAndAccessible(page, 'an edit refused next to its field');
          await edit.getByLabel('Name').fill('Loyal customers');
          await edit.getByLabel('Most redemptions').fill('100');
          await edit.getByRole('button', { name: 'Save changes' }).click();
          await page.getByTestId('toast').filter({ hasText: `Changes to ${amountCode} saved.` }).waitFor();
          await edit.waitFor({ state: 'detached' });
          await expect.poll(() => amountCard.innerText()).toMatch(/Loyal customers[\s\S]*7 used of 100/);
          expect(await setup.database.db.discount.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({ name: 'Loyal customers', maxRedemptions: 100, redemptions: 7, kind: 'amount' });

          // Delete, after its confirmation (which stays on screen at a phone's width).
          await percentCard.getByRole('button', { name: `Delete ${percentCode}` }).click();
          const confirm = percentCard.getByRole('button', { name: 'Delete code' });
          await confirm.waitFor();
          const box = (await confirm.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          await expectFitsAndAccessible(page, 'the delete confirmation');
          await confirm.click();
          await page.getByTestId('toast').filter({ hasText: `Discount code ${percentCode} deleted.` }).waitFor();
          await percentCard.waitFor({ state: 'detached' });
          expect(await setup.database.db.discount.count({ where: { sellerId, code: percentCode } })).toBe(0);
          expect(await page.getByTestId('discount').count()).toBe(1);
          await expectFitsAndAccessible(page, 'one code left');
        } finally {
          await context.close();
        }
      },
      E2E_TIMEOUT,
    );
  }
});
