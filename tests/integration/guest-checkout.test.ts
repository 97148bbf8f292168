import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { signInToPortal } from '@/server/identity/sign-in-to-portal';
import { listOutbox } from '@/server/mail/list-outbox';
import { appRouter } from '@/server/trpc/app-router';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// Guest checkout (docs/buyers-and-sellers.md "Buying while signed out"): the storefront asks a buyer with no session for
// an e-mail address, e-mails a code that names the purchase, and the redeemed code proves the address,
// makes the account and signs it in; the purchase that follows is the signed-in buyer's.

// Codes go to the dev outbox table, where the test reads them; limits count in memory.
const setup = inProcessCore({ PUBLIC_BASE_URL: 'http://guest.test' });

const guest = () => appRouter.createCaller({ db: setup.database.db, session: null });
const newEmail = () => `guest-${crypto.randomBytes(4).toString('hex')}@example.com`;

async function store(options: { listed?: boolean; checkoutReady?: boolean } = {}) {
  const seller = await createSeller(setup.database.db, { checkoutReady: options.checkoutReady ?? true, contactName: 'Guest Seller' });
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { storeName: 'Guest Tools' } });
  const product = await createProduct(setup.database.db, seller.id, { name: 'Guest Editor' });
  const offering = await createOffering(setup.database.db, product, {
    name: 'Guest Pro',
    classification: LicenseClassification.Perpetual,
    priceMinor: 2700,
  });
  if (options.listed === false) await setup.database.db.offering.update({ where: { id: offering.id }, data: { listed: false } });
  return { seller, offering };
}

async function codeMailTo(email: string) {
  const mail = (await listOutbox({ db: setup.database.db }, { limit: 200 })).find((candidate) => candidate.to === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return { ...mail, code: /\b(\d{6})\b/.exec(mail.text ?? '')![1]! };
}

describe('guest checkout: purchase.requestGuestCode, then the code, then purchase.buy', () => {
  it('e-mails a code that names the offering and the store, and makes no account until the code is redeemed', async () => {
    const { seller, offering } = await store();
    const email = newEmail();
    const sent = await guest().purchase.requestGuestCode({ issuerClientId: seller.issuerClientId, offeringId: offering.id, email: email.toUpperCase() });
    expect(sent.sentTo).toMatch(/^g\*+@example\.com$/);

    const mail = await codeMailTo(email);
    expect(mail.kind).toBe('sign-in-code');
    expect(mail.subject).toBe('Your code to buy Guest Pro');
    expect(mail.text).toContain('Your code to buy Guest Pro from Guest Tools is');
    expect(await setup.database.db.account.count({ where: { email } })).toBe(0);

    await expect(signInToPortal({ db: setup.database.db }, { continuationToken: sent.continuationToken, code: mail.code === '000000' ? '111111' : '000000' })).rejects.toThrow(
      'The code is not correct.',
    );
    expect(await setup.database.db.account.count({ where: { email } })).toBe(0);

    const signedIn = await signInToPortal({ db: setup.database.db }, { continuationToken: sent.continuationToken, code: mail.code });
    const account = await setup.database.db.account.findUniqueOrThrow({ where: { email } });
    expect(signedIn).toMatchObject({ accountId: account.id, email });

    const buyer = appRouter.createCaller({ db: setup.database.db, session: { accountId: account.id, email } });
    const session = await buyer.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id });
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ buyerAccountId: account.id, customerEmail: email, status: 'pending' });
  });

  it('refuses an offering that cannot be bought before any code is sent or sign-in started (CheckoutFailed)', async () => {
    const unlisted = await store({ listed: false });
    const notReady = await store({ checkoutReady: false });
    const email = newEmail();
    for (const { seller, offering } of [unlisted, notReady]) {
      await expect(guest().purchase.requestGuestCode({ issuerClientId: seller.issuerClientId, offeringId: offering.id, email })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { apiCode: 'CheckoutFailed' },
      });
    }
    await expect(guest().purchase.requestGuestCode({ issuerClientId: 'no-such-store', offeringId: unlisted.offering.id, email })).rejects.toMatchObject({
      cause: { apiCode: 'CheckoutFailed' },
    });
    expect(await setup.database.db.email.count({ where: { to: email } })).toBe(0);
    expect(await setup.database.db.oneTimeCode.count({ where: { email } })).toBe(0);
  });

  it('refuses an address that is not one with ValidationError naming the field', async () => {
    const { seller, offering } = await store();
    await expect(guest().purchase.requestGuestCode({ issuerClientId: seller.issuerClientId, offeringId: offering.id, email: 'not-an-address' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { apiCode: 'ValidationError' },
    });
  });

  it('counts against the same per-address limit as every sign-in: the sixth code to one address is RateLimited', async () => {
    const { seller, offering } = await store();
    const email = newEmail();
    const ask = () => guest().purchase.requestGuestCode({ issuerClientId: seller.issuerClientId, offeringId: offering.id, email });
    for (let i = 0; i < 3; i++) await ask();
    for (let i = 0; i < 2; i++) await guest().auth.requestSignInCode({ email });
    await expect(ask()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { apiCode: 'RateLimited' } });
  });
});
