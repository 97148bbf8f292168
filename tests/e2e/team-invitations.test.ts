import crypto from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestFile } from '../support/browser-test-file';
import { expectFitsAndAccessible, portalLink, VIEWPORTS, waitForHydration } from '../support/page-checks';
import { portalPage, portalSignIn, trpcMutation } from '../support/portal-session';
import { codeReader } from '../support/sign-in';

// The invitation journey in Chromium against the real server (docs/buyers-and-sellers.md "Team and
// roles"): the Owner invites from /portal/team, the invitee follows the link in the e-mail (real
// SMTP), signs in with the e-mailed code, accepts and lands in the portal with the invited role;
// the expired, revoked, unknown and wrong-address pages say so. Every state at 1280 and 390 px, with axe.

const E2E_TIMEOUT = 120_000;
const STORE = 'Team Studio';
const setup = browserTestFile({ env: { SEED_DEMO: 'false' } });
const contexts: BrowserContext[] = [];
let nextCode: (email: string) => Promise<string>;
let ownerEmail: string;
let ownerCookie: string;

const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;
const url = (path: string) => `${setup.server.baseUrl}${path}`;

beforeAll(async () => {
  nextCode = codeReader(setup.smtp);
  ownerEmail = uniqueAddress('owner');
  ownerCookie = await portalSignIn(setup.server.baseUrl, ownerEmail, nextCode, { registerAs: 'Team Studio Ltd' });
  const member = await setup.database.db.sellerMember.findFirstOrThrow({ where: { account: { email: ownerEmail } } });
  await setup.database.db.seller.update({ where: { id: member.sellerId }, data: { storeName: STORE } });
}, E2E_TIMEOUT);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

async function page(viewport: { width: number; height: number }, cookie?: string): Promise<Page> {
  if (cookie) {
    const opened = await portalPage(setup.browser, setup.server.baseUrl, cookie, viewport, { defaultTimeoutMs: 30_000 });
    contexts.push(opened.context);
    return opened.page;
  }
  const context = await setup.browser.newContext({ viewport });
  contexts.push(context);
  const fresh = await context.newPage();
  fresh.setDefaultTimeout(30_000);
  return fresh;
}

/** The invitation link of the newest invitation e-mail to `to` (its text carries the address). */
async function invitationLink(to: string): Promise<string> {
  const mail = await setup.smtp.waitForMail((candidate) => candidate.to.includes(to) && candidate.subject.includes(' invited you to '));
  const link = /https?:\/\/[^\s<>"\]]+\/invitations\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No invitation link in: ${mail.text}`);
  return link;
}

const invitationState = (current: Page) => current.getByTestId('invitation').getAttribute('data-invitation-state');

describe('inviting a person to the team, in Chromium', () => {
  it(
    'the Owner invites from /portal/team; the invitee opens the e-mailed link, signs in with the code, accepts and lands in the portal as Developer',
    async () => {
      const invitee = uniqueAddress('developer');
      const owner = await page(VIEWPORTS[0], ownerCookie);
      await owner.goto(url('/portal'));
      await (await portalLink(owner, 'Team')).click();
      await owner.waitForURL((current) => current.pathname === '/portal/team');
      await waitForHydration(owner);
      await owner.getByTestId('member-row').first().waitFor();
      expect(await owner.getByTestId('member-row').allInnerTexts()).toEqual([expect.stringContaining(ownerEmail)]);
      await expectFitsAndAccessible(owner, 'the team page of an Owner');

      await owner.getByLabel('E-mail address').fill(invitee);
      await owner.getByLabel('Role', { exact: true }).selectOption('Developer');
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByRole('status').filter({ hasText: 'Invitation sent to' }).waitFor();
      const row = owner.getByTestId('invitation-row').filter({ hasText: invitee });
      await row.waitFor();
      expect(await row.getAttribute('data-state')).toBe('open');
      await expectFitsAndAccessible(owner, 'the team page with an open invitation');

      const link = await invitationLink(invitee);
      const path = new URL(link).pathname;
      const guest = await page(VIEWPORTS[0]);
      expect((await guest.goto(link))?.status()).toBe(200);
      expect(await invitationState(guest)).toBe('open');
      const text = await guest.locator('main').innerText();
      expect(text).toContain(`Join ${STORE} as Developer`);
      expect(text).toContain(invitee);
      expect(text).toContain(ownerEmail);
      expect(await guest.getByRole('button', { name: 'Accept the invitation' }).count()).toBe(0);
      await expectFitsAndAccessible(guest, 'an open invitation, signed out');

      await guest.getByRole('link', { name: `Sign in as ${invitee}`, exact: true }).click();
      await guest.waitForURL((current) => current.pathname === '/login');
      expect(new URL(guest.url()).searchParams.get('callbackUrl')).toBe(path);
      expect(await guest.getByLabel('E-mail address').inputValue()).toBe(invitee);
      await guest.getByRole('button', { name: 'Send me a code' }).click();
      await guest.getByLabel('Code').fill(await nextCode(invitee));
      await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
      await guest.waitForURL((current) => current.pathname === path);
      await guest.getByRole('heading', { name: 'Ready to accept' }).waitFor();
      // Signing in alone makes no membership.
      expect(await setup.database.db.sellerMember.count({ where: { account: { email: invitee } } })).toBe(0);
      await expectFitsAndAccessible(guest, 'an open invitation, signed in as the invitee');

      await guest.getByRole('button', { name: 'Accept the invitation', exact: true }).click();
      await guest.waitForURL((current) => current.pathname === '/portal');
      expect(await setup.database.db.sellerMember.findMany({ where: { account: { email: invitee } }, select: { role: true } })).toEqual([{ role: 'Developer' }]);

      await guest.goto(url('/portal/team'));
      await guest.getByTestId('member-row').nth(1).waitFor();
      expect(await guest.getByTestId('role-notice').innerText()).toBe('Your role (Developer) cannot invite, change or remove members; ask an Owner or Admin of the store.');
      expect(await guest.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      expect(await guest.getByRole('combobox').count()).toBe(0);
      await expectFitsAndAccessible(guest, 'the team page of a Developer');

      expect((await guest.goto(link))?.status()).toBe(200);
      expect(await invitationState(guest)).toBe('accepted');
      expect(await guest.getByRole('link', { name: 'Open the portal' }).count()).toBe(1);

      await owner.reload();
      await owner.getByTestId('invitation-row').filter({ hasText: invitee }).and(owner.locator('[data-state="accepted"]')).waitFor();
    },
    E2E_TIMEOUT,
  );

  for (const viewport of VIEWPORTS) {
    it(
      `expired, revoked, unknown and wrong-address invitation pages say so, at ${viewport.width} px`,
      async () => {
        const expiredTo = uniqueAddress(`expired-${viewport.name}`);
        const revokedTo = uniqueAddress(`revoked-${viewport.name}`);
        const otherTo = uniqueAddress(`other-${viewport.name}`);
        const expired = await trpcMutation<{ invitationId: string }>(setup.server.baseUrl, 'team.invite', { email: expiredTo, role: 'Viewer' }, ownerCookie);
        const revoked = await trpcMutation<{ invitationId: string }>(setup.server.baseUrl, 'team.invite', { email: revokedTo, role: 'Support' }, ownerCookie);
        await trpcMutation(setup.server.baseUrl, 'team.invite', { email: otherTo, role: 'Admin' }, ownerCookie);
        const [expiredLink, revokedLink, otherLink] = await Promise.all([invitationLink(expiredTo), invitationLink(revokedTo), invitationLink(otherTo)]);
        await setup.database.db.sellerInvitation.update({ where: { id: expired.invitationId }, data: { sentAt: new Date(Date.now() - 8 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) } });
        await trpcMutation(setup.server.baseUrl, 'team.revokeInvitation', { invitationId: revoked.invitationId }, ownerCookie);

        const guest = await page(viewport);
        await guest.goto(expiredLink);
        expect(await invitationState(guest)).toBe('expired');
        expect(await guest.getByRole('heading', { level: 1 }).innerText()).toBe('This invitation has expired');
        expect(await guest.locator('main').innerText()).toContain(`Ask ${ownerEmail} at ${STORE} to send it again`);
        await expectFitsAndAccessible(guest, 'an expired invitation');

        await guest.goto(revokedLink);
        expect(await invitationState(guest)).toBe('revoked');
        expect(await guest.getByRole('heading', { level: 1 }).innerText()).toBe('This invitation was revoked');
        await expectFitsAndAccessible(guest, 'a revoked invitation');

        await guest.goto(url('/invitations/not-a-real-token'));
        expect(await invitationState(guest)).toBe('unknown');
        expect(await guest.getByRole('heading', { level: 1 }).innerText()).toBe('This invitation link is not valid');
        await expectFitsAndAccessible(guest, 'an unknown invitation link');

        await guest.goto(otherLink);
        expect(await invitationState(guest)).toBe('open');
        await guest.getByRole('link', { name: `Sign in as ${otherTo}`, exact: true }).waitFor();
        await expectFitsAndAccessible(guest, 'an open invitation, signed out');

        const owner = await page(viewport, ownerCookie);
        await owner.goto(otherLink);
        expect(await invitationState(owner)).toBe('open');
        expect(await owner.getByTestId('wrong-account').innerText()).toContain(`this invitation is for ${otherTo}`);
        expect(await owner.getByRole('button', { name: 'Accept the invitation' }).count()).toBe(0);
        await expectFitsAndAccessible(owner, 'an invitation for another address');

        await owner.goto(url('/portal/team'));
        await waitForHydration(owner);
        await owner.getByTestId('invitation-row').filter({ hasText: revokedTo }).and(owner.locator('[data-state="revoked"]')).waitFor();
        await owner.getByTestId('invitation-row').filter({ hasText: expiredTo }).and(owner.locator('[data-state="expired"]')).waitFor();
        expect(await owner.getByRole('heading', { name: 'Transfer ownership' }).count()).toBe(1);
        await expectFitsAndAccessible(owner, 'the team page with expired and revoked invitations');
      },
      E2E_TIMEOUT,
    );
  }
});
