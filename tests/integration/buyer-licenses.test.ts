import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/generated/prisma/client';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getCheckoutResultForBuyer } from '@/server/checkout/get-checkout-result';
import { settleCheckoutWithin } from '@/server/checkout/settle-checkout';
import { resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import { listBuyerLicenses } from '@/server/licensing/licenses/list-buyer-licenses';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { revokeLicenseCodeByBuyer } from '@/server/licensing/codes/revoke-license-code-by-buyer';
import { issueLicenseCodeByBuyer } from '@/server/licensing/codes/issue-license-code-by-buyer';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { configureLimitsForTests } from '@/server/platform/limits/limits';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { verifyRuntimeToken } from '@/server/runtime/verify-runtime-token';
import { getLocalCheckout } from '@/server/checkout/local-checkout/get-local-checkout';
import { cancelLocalCheckout, payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The buyer's license page and the local processor's hosted page, at the service level against a
// real database (spec "License code": a buyer revokes from the license page; "Checkout result status").

const BASE_URL = 'http://buyer-pages.test';

const setup = inProcessCore({ PUBLIC_BASE_URL: BASE_URL });
const ctx = () => ({ db: setup.database.db });

async function account(email = `buyer-${crypto.randomBytes(4).toString('hex')}@example.com`) {
  return setup.database.db.account.create({ data: { email } });
}

async function paidOffering(db: PrismaClient, options: { priceMinor?: number; name?: string } = {}) {
  const seller = await createSeller(db, { checkoutReady: true, contactName: 'Pages Seller' });
  const product = await createProduct(db, seller.id, { name: 'Pages Product' });
  const offering = await createOffering(db, product, {
    name: options.name ?? 'Pages Pro',
    classification: LicenseClassification.Subscription,
    priceMinor: options.priceMinor ?? 999,
    interval: 1,
    intervalUnit: 2,
  });
  return { seller, product, offering };
}

/** A license minted for `buyerAccountId` with its one seat and license code. */
async function licenseFor(buyerAccountId: string, offeringName = 'Pages Pro') {
  const { offering } = await paidOffering(setup.database.db, { name: offeringName });
  await setup.database.db.feature.create({
    data: { offeringId: offering.id, key: 'export', displayName: 'Export', rateLimit: 60, accessLevel: 'Allowed', allowance: 100, allowancePeriodUnit: 2 },
  });
  const minted = await mintLicense(setup.database.db, { offering, buyerAccountId, correlationId: null, seatCount: 1 });
  const code = await setup.database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { offering, licenseId: minted.licenseId, codeId: code.id, code: minted.codes[0]! };
}

describe('listBuyerLicenses: the license page of the signed-in buyer', () => {
  it('lists only the buyer’s own licenses, with offering, product, seller, features, seats and codes', async () => {
    const me = await account();
    const someoneElse = await account();
    const mine = await licenseFor(me.id, 'Mine Pro');
    await licenseFor(someoneElse.id, 'Theirs Pro');

    const licenses = await listBuyerLicenses(ctx(), { buyerAccountId: me.id });
    expect(licenses.map((license) => license.id)).toEqual([mine.licenseId]);
    const [license] = licenses;
    expect(license).toMatchObject({
      status: 'Active',
      classification: LicenseClassification.Subscription,
      classificationLabel: 'Subscription',
      offeringName: 'Mine Pro',
      productName: 'Pages Product',
      sellerName: 'Pages Seller',
      features: [{ key: 'export', displayName: 'Export', accessLevel: 'Allowed', rateLimit: 60, allowance: 100, allowancePeriodUnit: 2 }],
    });
    expect(license!.termStart).toBeInstanceOf(Date);
    // A subscription runs until its processor ends it.
    expect(license!.termEnd).toBeNull();
    expect(license!.seats).toHaveLength(1);
    expect(license!.seats[0]!.codes).toEqual([
      { id: mine.codeId, label: 'Seat 1', createdAt: expect.any(Date), lastUsedAt: null, revokedAt: null },
    ]);
    // The code's hash never reaches a page.
    expect(JSON.stringify(licenses)).not.toContain('secretHash');
    const stored = await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: mine.codeId } });
    expect(JSON.stringify(licenses)).not.toContain(stored.secretHash);
  });

  it('is empty for a buyer without licenses', async () => {
    const nobody = await account();
    await expect(listBuyerLicenses(ctx(), { buyerAccountId: nobody.id })).resolves.toEqual([]);
  });
});

describe('revokeLicenseCodeByBuyer', () => {
  it('the license’s buyer revokes the code: revokedAt is set, and a second revoke keeps the first time', async () => {
    const me = await account();
    const mine = await licenseFor(me.id);
    const first = await revokeLicenseCodeByBuyer({ db: setup.database.db, now: new Date('2026-01-02T03:04:05Z') }, { codeId: mine.codeId, buyerAccountId: me.id });
    expect(first).toEqual({ id: mine.codeId, revokedAt: new Date('2026-01-02T03:04:05Z') });
    const again = await revokeLicenseCodeByBuyer(ctx(), { codeId: mine.codeId, buyerAccountId: me.id });
    expect(again.revokedAt).toEqual(new Date('2026-01-02T03:04:05Z'));
    const row = await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: mine.codeId } });
    expect(row.revokedAt).toEqual(new Date('2026-01-02T03:04:05Z'));
    const [listed] = await listBuyerLicenses(ctx(), { buyerAccountId: me.id });
    expect(listed!.seats[0]!.codes[0]!.revokedAt).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('another buyer’s code is NotFound and stays untouched; so is an unknown id', async () => {
    const owner = await account();
    const intruder = await account();
    const theirs = await licenseFor(owner.id);
    await expect(revokeLicenseCodeByBuyer(ctx(), { codeId: theirs.codeId, buyerAccountId: intruder.id })).rejects.toMatchObject({
      name: 'DomainError',
      code: 'NotFound',
    });
    await expect(revokeLicenseCodeByBuyer(ctx(), { codeId: crypto.randomUUID(), buyerAccountId: intruder.id })).rejects.toBeInstanceOf(DomainError);
    const row = await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: theirs.codeId } });
    expect(row.revokedAt).toBeNull();
  });
});

describe('issueLicenseCodeByBuyer: a new code for a seat, from the license page', () => {
  it('the buyer gets a new code for their live seat, shown once, that authorizes like the first; the revoked one stays refused', async () => {
    const me = await account();
    const mine = await licenseFor(me.id, 'Lost Code Pro');
    await revokeLicenseCodeByBuyer(ctx(), { codeId: mine.codeId, buyerAccountId: me.id });
    const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: mine.licenseId } });
    const issued = await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, label: 'new laptop', mode: 'add', buyerAccountId: me.id });
    expect(issued).toMatchObject({ seatId: seat.id, label: 'new laptop', code: expect.stringMatching(/^SVC_LIC_/) });
    // Only its hash is kept.
    const row = await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: issued.codeId } });
    expect(row.secretHash).not.toContain(issued.code);
    const principal = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(issued.code)}`);
    expect(principal).toEqual({ credentialId: issued.codeId, licenseId: mine.licenseId, seatId: seat.id });
    await expect(generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: mine.licenseId, principal })).resolves.toMatchObject({ statement: { SeatId: seat.id } });
    const old = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(mine.code)}`);
    await expect(generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: mine.licenseId, principal: old })).rejects.toMatchObject({ code: 'CredentialRevoked' });
  });

  it('a new code replaces the seat’s live one: the old code is revoked in the same step and refused at its next check', async () => {
    const me = await account();
    const mine = await licenseFor(me.id, 'Replaced Code Pro');
    const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: mine.licenseId } });
    const issued = await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, label: 'reinstalled', mode: 'replace', buyerAccountId: me.id });
    expect(issued.replacedCodeIds).toEqual([mine.codeId]);
    expect((await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: mine.codeId } })).revokedAt).toBeInstanceOf(Date);
    expect((await setup.database.db.licenseCode.findUniqueOrThrow({ where: { id: issued.codeId } })).revokedAt).toBeNull();
    const old = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(mine.code)}`);
    await expect(generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: mine.licenseId, principal: old })).rejects.toMatchObject({ code: 'CredentialRevoked' });
    expect(await setup.database.db.event.count({ where: { licenseId: mine.licenseId, type: 'license_code.revoked' } })).toBe(1);
  });

  it('an added code leaves the seat’s live code working: both authorize, nothing is revoked', async () => {
    const me = await account();
    const mine = await licenseFor(me.id, 'Second Machine Pro');
    const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: mine.licenseId } });
    const issued = await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, label: 'second machine', mode: 'add', buyerAccountId: me.id });
    expect(issued.replacedCodeIds).toEqual([]);
    for (const code of [mine.code, issued.code]) {
      const principal = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(code)}`);
      await expect(generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: mine.licenseId, principal })).resolves.toMatchObject({ statement: { SeatId: seat.id } });
    }
    expect(await setup.database.db.licenseCode.count({ where: { seatId: seat.id, revokedAt: null } })).toBe(2);
    expect(await setup.database.db.event.count({ where: { licenseId: mine.licenseId, type: 'license_code.revoked' } })).toBe(0);
  });

  it('without a label the code is named after its place; another buyer’s seat is NotFound; a retired seat is SeatRetired', async () => {
    const me = await account();
    const someoneElse = await account();
    const mine = await licenseFor(me.id);
    const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: mine.licenseId } });
    expect((await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, mode: 'add', buyerAccountId: me.id })).label).toBe('Code 2');
    await expect(issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, mode: 'add', buyerAccountId: someoneElse.id })).rejects.toMatchObject({ code: 'NotFound' });
    const spare = await setup.database.db.seat.create({ data: { licenseId: mine.licenseId } });
    await setup.database.db.seat.update({ where: { id: spare.id }, data: { retiredAt: new Date() } });
    await expect(issueLicenseCodeByBuyer(ctx(), { seatId: spare.id, mode: 'add', buyerAccountId: me.id })).rejects.toMatchObject({ code: 'SeatRetired' });
    expect(await setup.database.db.licenseCode.count({ where: { seatId: spare.id } })).toBe(0);
  });

  it('a seat gets at most `seatCodes` new codes per hour (a short test window): the next is RateLimited and issues nothing', async () => {
    configureLimitsForTests({ seatCodes: { points: 2, durationSeconds: 60 } });
    try {
      const me = await account();
      const mine = await licenseFor(me.id);
      const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: mine.licenseId } });
      await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, mode: 'add', buyerAccountId: me.id });
      await issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, mode: 'add', buyerAccountId: me.id });
      await expect(issueLicenseCodeByBuyer(ctx(), { seatId: seat.id, mode: 'add', buyerAccountId: me.id })).rejects.toMatchObject({ code: 'RateLimited' });
      expect(await setup.database.db.licenseCode.count({ where: { seatId: seat.id } })).toBe(3);
    } finally {
      configureLimitsForTests(null);
    }
  });
});

describe('the local processor’s hosted page (pay, cancel)', () => {
  async function pendingCheckout(options: { successUrl?: string; cancelUrl?: string } = {}) {
    const buyer = await account();
    const { seller, offering } = await paidOffering(setup.database.db);
    const session = await createPurchaseCheckout(ctx(), {
      requestId: crypto.randomUUID(),
      offeringId: offering.id,
      issuerClientId: seller.issuerClientId,
      buyerAccountId: buyer.id,
      buyerEmail: buyer.email,
      ...options,
    });
    return { buyer, offering, session };
  }

  it('shows seller, offering, price and total; the SessionUrl is this page', async () => {
    const { session, offering } = await pendingCheckout();
    expect(session.sessionUrl).toBe(`${BASE_URL}/checkout/local/${session.sessionId}`);
    const view = await getLocalCheckout(ctx(), { checkoutId: session.sessionId });
    expect(view).toMatchObject({ id: session.sessionId, status: 'pending', sellerName: 'Pages Seller', quantity: 1, error: null });
    expect(view.offering).toMatchObject({ id: offering.id, name: 'Pages Pro', baseRate: 9.99 });
    expect(view.total.baseRate).toBe(9.99);
    expect(view.successUrl).toBe(`${BASE_URL}/checkout/complete?session_id=${session.sessionId}`);
    expect(view.cancelUrl).toBe(`${BASE_URL}/checkout/cancelled?session_id=${session.sessionId}`);
  });

  it('Pay settles once however often it is posted, and lands on the hosted success page', async () => {
    const { buyer, session } = await pendingCheckout();
    const outcomes = await Promise.all([1, 2, 3].map(() => payLocalCheckout(ctx(), { checkoutId: session.sessionId })));
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ status: 'completed', redirectTo: `${BASE_URL}/checkout/complete?session_id=${session.sessionId}` });
    }
    expect(await setup.database.db.license.count({ where: { checkoutId: session.sessionId } })).toBe(1);
    const result = await getCheckoutResultForBuyer(ctx(), { sessionId: session.sessionId, buyerAccountId: buyer.id });
    expect(result.status).toBe('completed');
    expect(result.encodedCredential).toMatch(/^SVC_LIC_/);
    expect(await setup.database.db.email.count({ where: { to: buyer.email, kind: 'license-delivery' } })).toBe(1);
    // Cancel after paying changes nothing and goes to the success page.
    await expect(cancelLocalCheckout(ctx(), { checkoutId: session.sessionId })).resolves.toMatchObject({ status: 'completed' });
  });

  it('the delivery e-mail commits with the settlement, or not at all: recorded sealed and queued in its transaction, and gone with it when it rolls back', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetEnvForTests();
    try {
      const rolledBack = await pendingCheckout();
      await expect(
        setup.database.db.$transaction(async (tx) => {
          await settleCheckoutWithin(tx, { checkoutId: rolledBack.session.sessionId });
          throw new Error('the settlement fails after the e-mail was recorded');
        }),
      ).rejects.toThrow(/fails after/);
      expect(await setup.database.db.email.count({ where: { to: rolledBack.buyer.email, kind: 'license-delivery' } })).toBe(0);
      expect(await setup.database.db.license.count({ where: { checkoutId: rolledBack.session.sessionId } })).toBe(0);

      // No job queue runs in this process: the e-mail is recorded all the same, for the delivery job's next run.
      const { buyer, session } = await pendingCheckout();
      await setup.database.db.$transaction((tx) => settleCheckoutWithin(tx, { checkoutId: session.sessionId }));
      const [email] = await setup.database.db.email.findMany({ where: { to: buyer.email, kind: 'license-delivery' } });
      expect(email).toMatchObject({ status: 'queued', html: null, text: null, content: expect.stringMatching(/^v2\./) });
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
    }
  });

  it('Pay goes to the app’s SuccessUrl with session_id appended', async () => {
    const { session } = await pendingCheckout({ successUrl: 'https://app.example.com/done?from=store', cancelUrl: 'https://app.example.com/cancel' });
    const outcome = await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
    expect(outcome.redirectTo).toBe(`https://app.example.com/done?from=store&session_id=${session.sessionId}`);
  });

  it('Cancel fails the checkout with "Payment was cancelled."; paying it afterwards mints nothing', async () => {
    const { buyer, session } = await pendingCheckout({ cancelUrl: 'https://app.example.com/cancel' });
    await expect(cancelLocalCheckout(ctx(), { checkoutId: session.sessionId })).resolves.toEqual({ status: 'failed', redirectTo: `https://app.example.com/cancel?session_id=${session.sessionId}` });
    const result = await getCheckoutResultForBuyer(ctx(), { sessionId: session.sessionId, buyerAccountId: buyer.id });
    expect(result).toMatchObject({ status: 'failed', error: 'Payment was cancelled.', encodedCredential: null });
    await expect(payLocalCheckout(ctx(), { checkoutId: session.sessionId })).resolves.toEqual({
      status: 'failed',
      redirectTo: `${BASE_URL}/checkout/local/${session.sessionId}`,
    });
    expect(await setup.database.db.license.count({ where: { checkoutId: session.sessionId } })).toBe(0);
  });

  it('an unknown session, or a checkout of another processor, is NotFound', async () => {
    await expect(payLocalCheckout(ctx(), { checkoutId: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(getLocalCheckout(ctx(), { checkoutId: 'x'.repeat(500) })).rejects.toMatchObject({ code: 'NotFound' });
    const buyer = await account();
    const seller = await createSeller(setup.database.db);
    const product = await createProduct(setup.database.db, seller.id);
    const free = await createOffering(setup.database.db, product, { priceMinor: null });
    const session = await createPurchaseCheckout(ctx(), {
      requestId: crypto.randomUUID(),
      offeringId: free.id,
      issuerClientId: seller.issuerClientId,
      buyerAccountId: buyer.id,
      buyerEmail: buyer.email,
    });
    expect(session.sessionUrl).toBeNull();
    await expect(getLocalCheckout(ctx(), { checkoutId: session.sessionId })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(cancelLocalCheckout(ctx(), { checkoutId: session.sessionId })).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe('the pages’ tRPC procedures (purchase.buy, licenses.revokeCode)', () => {
  it('buy makes a checkout as the session’s buyer with a fresh RequestId per click; revokeCode revokes only the buyer’s own code', async () => {
    const { appRouter } = await import('@/server/trpc/app-router');
    const buyer = await account();
    const { seller, offering } = await paidOffering(setup.database.db);
    const caller = appRouter.createCaller({ db: setup.database.db, session: { accountId: buyer.id, email: buyer.email } });
    const first = await caller.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id });
    const second = await caller.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id });
    expect(first.sessionId).not.toBe(second.sessionId);
    expect(first.sessionUrl).toBe(`${BASE_URL}/checkout/local/${first.sessionId}`);
    const row = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: first.sessionId } });
    expect(row).toMatchObject({ buyerAccountId: buyer.id, customerEmail: buyer.email, origin: 'purchase', processor: 'local', status: 'pending' });

    const signedOut = appRouter.createCaller({ db: setup.database.db, session: null });
    await expect(signedOut.purchase.buy({ issuerClientId: seller.issuerClientId, offeringId: offering.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const mine = await licenseFor(buyer.id);
    const other = await licenseFor((await account()).id);
    await expect(caller.licenses.revokeCode({ codeId: other.codeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.licenses.revokeCode({ codeId: mine.codeId })).resolves.toMatchObject({ id: mine.codeId, revokedAt: expect.any(Date) });
  });
});

describe('POST /checkout/local/{sessionId}/pay|cancel (the operations the hosted page posts to)', () => {
  it('answers 303 to the next page, and a 404 page for an unknown session', async () => {
    const { handleRest } = await import('@/server/http/rest-app');
    const buyer = await account();
    const { seller, offering } = await paidOffering(setup.database.db);
    const session = await createPurchaseCheckout(ctx(), {
      requestId: crypto.randomUUID(),
      offeringId: offering.id,
      issuerClientId: seller.issuerClientId,
      buyerAccountId: buyer.id,
      buyerEmail: buyer.email,
    });
    const post = (id: string, verb: string) => handleRest(new Request(`${BASE_URL}/checkout/local/${id}/${verb}`, { method: 'POST', body: '' }));

    const paid = await post(session.sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${BASE_URL}/checkout/complete?session_id=${session.sessionId}`);
    const cancelledLate = await post(session.sessionId, 'cancel');
    expect(cancelledLate.headers.get('location')).toBe(`${BASE_URL}/checkout/complete?session_id=${session.sessionId}`);

    const unknown = await post(crypto.randomUUID(), 'pay');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(await unknown.text()).toContain('Checkout not found');
    expect((await post('%E0%A4%A', 'cancel')).status).toBe(404);
    // Another method on these paths is the surface's 405, still a page for the browser, with Allow.
    const wrongMethod = await handleRest(new Request(`${BASE_URL}/checkout/local/${session.sessionId}/pay`));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.headers.get('content-type')).toContain('text/html');
    expect(await wrongMethod.text()).toContain('Nothing to see here');
  });
});
