import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGuestPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getSaleCodesForBuyer } from '@/server/checkout/get-checkout-result';
import { payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { peekSignInLink, signInWithLink } from '@/server/identity/sign-in-links';
import { configureLimitsForTests } from '@/server/platform/limits/limits';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// Pay first, verify after (the storefront's Buy signed out): the checkout opens with no buyer and no
// address, the payment page takes the address, the license goes to that address's account, and the
// delivery e-mail's sign-in link proves it. At the service level against a real database.

const BASE_URL = 'http://guest-checkout.test';

async function store(db: Parameters<typeof createSeller>[0]) {
  const seller = await createSeller(db, { checkoutReady: true });
  const product = await createProduct(db, seller.id, { name: 'Guest Product' });
  const paid = await createOffering(db, product, { name: 'Guest Pro', priceMinor: 2500 });
  const free = await createOffering(db, product, { name: 'Guest Free', priceMinor: null });
  return { seller, paid, free };
}

/** The sign-in link of the delivery e-mail recorded for `to` (the dev outbox keeps its body). */
async function deliveryLinkTo(db: Parameters<typeof createSeller>[0], to: string): Promise<string> {
  const mail = await db.email.findFirstOrThrow({ where: { to, kind: 'license-delivery' } });
  return new RegExp(`${BASE_URL}/login/link/([A-Za-z0-9_-]+)`).exec(mail.html!)![1]!;
}

describe('pay first, verify after, on the local processor', () => {
  const setup = inProcessCore({ PUBLIC_BASE_URL: BASE_URL });
  const ctx = () => ({ db: setup.database.db });
  const guest = (offering: { id: string }, seller: { issuerClientId: string }, clientIp = '203.0.113.7') =>
    createGuestPurchaseCheckout(ctx(), { requestId: crypto.randomUUID(), offeringId: offering.id, issuerClientId: seller.issuerClientId, clientIp });

  it('the checkout opens with no buyer and no address; Pay with an address delivers the license to that address’s account, whose e-mailed link alone opens the codes', async () => {
    const { seller, paid } = await store(setup.database.db);
    const session = await guest(paid, seller);
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ status: 'pending', buyerAccountId: null, customerEmail: null });

    // Pay without an address changes nothing and asks for it.
    expect(await payLocalCheckout(ctx(), { checkoutId: session.sessionId })).toMatchObject({ status: 'pending', redirectTo: expect.stringMatching(/\?email=missing$/) });
    expect(await payLocalCheckout(ctx(), { checkoutId: session.sessionId, email: 'not an address' })).toMatchObject({ status: 'pending' });
    expect(await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ status: 'pending' });

    const email = `Guest.${crypto.randomBytes(3).toString('hex')}@Example.com`;
    expect(await payLocalCheckout(ctx(), { checkoutId: session.sessionId, email })).toMatchObject({ status: 'completed' });
    const account = await setup.database.db.account.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    const order = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId }, include: { license: true } });
    expect(order).toMatchObject({ status: 'completed', buyerAccountId: account.id, customerEmail: email.toLowerCase() });
    expect(order.license!.buyerAccountId).toBe(account.id);

    // The delivery e-mail's link signs that account in, to this purchase's codes.
    const token = await deliveryLinkTo(setup.database.db, email.toLowerCase());
    expect(await peekSignInLink(ctx(), { token })).toEqual({ state: 'open', path: `/licenses?session=${session.sessionId}` });
    const signedIn = await signInWithLink(ctx(), { token });
    expect(signedIn.accountId).toBe(account.id);
    expect((await getSaleCodesForBuyer(ctx(), { sessionId: session.sessionId, buyerAccountId: signedIn.accountId })).codes).toHaveLength(1);
  });

  it('a free offering is not sold to a guest (its address is proven first): CheckoutFailed, nothing opened', async () => {
    const { seller, free } = await store(setup.database.db);
    const before = await setup.database.db.checkout.count();
    await expect(guest(free, seller)).rejects.toMatchObject({ code: 'CheckoutFailed' });
    expect(await setup.database.db.checkout.count()).toBe(before);
  });

  it('an address that already holds the offering is not told to whoever types it: the guest checkout opens', async () => {
    const { seller, paid } = await store(setup.database.db);
    const first = await guest(paid, seller);
    const email = `holder-${crypto.randomBytes(3).toString('hex')}@example.com`;
    await payLocalCheckout(ctx(), { checkoutId: first.sessionId, email });
    await expect(guest(paid, seller)).resolves.toMatchObject({ sessionUrl: expect.stringContaining('/checkout/local/') });
  });

  it('at most `guestCheckouts` guest checkouts per client address (a short test window): the next is RateLimited and opens nothing', async () => {
    configureLimitsForTests({ guestCheckouts: { points: 2, durationSeconds: 60 } });
    try {
      const { seller, paid } = await store(setup.database.db);
      const ip = `198.51.100.${crypto.randomInt(1, 250)}`;
      await guest(paid, seller, ip);
      await guest(paid, seller, ip);
      const before = await setup.database.db.checkout.count({ where: { offeringId: paid.id } });
      await expect(guest(paid, seller, ip)).rejects.toMatchObject({ code: 'RateLimited' });
      expect(await setup.database.db.checkout.count({ where: { offeringId: paid.id } })).toBe(before);
      // Another address is not held back by it.
      await expect(guest(paid, seller, '198.51.100.251')).resolves.toBeTruthy();
    } finally {
      configureLimitsForTests(null);
    }
  });
});
