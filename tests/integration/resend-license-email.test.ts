import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { resendLicenseEmail } from '@/server/licensing/licenses/resend-license-email';
import { issueSeatCodeToCustomer } from '@/server/licensing/codes/issue-seat-code';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { configureLimitsForTests } from '@/server/platform/limits/limits';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The seller's support actions on the license page that write to the customer: "Resend the license
// e-mail" (server/licensing/licenses/resend-license-email.ts) and "Issue code" with "E-mail it to
// the customer" (issueSeatCodeToCustomer).

const setup = inProcessCore({ PUBLIC_BASE_URL: 'http://resend.test' });
const ctx = () => ({ db: setup.database.db });

async function soldLicense() {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const offering = await createOffering(setup.database.db, await createProduct(setup.database.db, seller.id), { name: 'Resent Pro', priceMinor: 1000 });
  const buyer = await setup.database.db.account.create({ data: { email: `resend-${crypto.randomBytes(3).toString('hex')}@example.com` } });
  const session = await createPurchaseCheckout(ctx(), { requestId: crypto.randomUUID(), offeringId: offering.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email });
  await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
  const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: session.sessionId } });
  return { seller, offering, buyer, license };
}

describe('resending the license e-mail', () => {
  it('the buyer gets the delivery e-mail again, with a new single-use link to their codes', async () => {
    const { seller, buyer, license } = await soldLicense();
    expect(await resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: license.id })).toEqual({ sentTo: buyer.email });
    const mails = await setup.database.db.email.findMany({ where: { to: buyer.email, kind: 'license-delivery' }, orderBy: { createdAt: 'asc' } });
    expect(mails).toHaveLength(2);
    const links = mails.map((mail) => /\/login\/link\/([A-Za-z0-9_-]+)/.exec(mail.html!)![1]);
    expect(new Set(links).size).toBe(2);
    expect(await setup.database.db.signInLink.count({ where: { accountId: buyer.id, usedAt: null } })).toBe(2);
  });

  it('a license made for a tenant has no one to e-mail (ValidationError), an ended one nothing to deliver (LicenseNotActive), another seller’s is NotFound', async () => {
    const { seller, offering, license } = await soldLicense();
    const tenant = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: { ...offering }, buyerAccountId: null, correlationId: 'tenant-x', tenantId: 'tenant-x', seatCount: 1 }));
    await expect(resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: tenant.licenseId })).rejects.toMatchObject({ code: 'ValidationError', details: [{ Code: 'NoBuyer', Field: 'LicenseId' }] });
    const other = await createSeller(setup.database.db);
    await expect(resendLicenseEmail(ctx(), { sellerId: other.id, licenseId: license.id })).rejects.toMatchObject({ code: 'NotFound' });
    await setup.database.db.license.update({ where: { id: license.id }, data: { status: 'Cancelled' } });
    await expect(resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: license.id })).rejects.toMatchObject({ code: 'LicenseNotActive' });
  });

  it('at most `licenseEmails` an hour per license (a short test window): the next is RateLimited and sends nothing', async () => {
    configureLimitsForTests({ licenseEmails: { points: 2, durationSeconds: 60 } });
    try {
      const { seller, buyer, license } = await soldLicense();
      await resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: license.id });
      await resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: license.id });
      await expect(resendLicenseEmail(ctx(), { sellerId: seller.id, licenseId: license.id })).rejects.toMatchObject({ code: 'RateLimited' });
      expect(await setup.database.db.email.count({ where: { to: buyer.email, kind: 'license-delivery' } })).toBe(3);
    } finally {
      configureLimitsForTests(null);
    }
  });
});

describe('issuing a code and e-mailing it to the customer', () => {
  it('the code and its e-mail commit together; a replay of the RequestId answers the same code and sends nothing more', async () => {
    const { seller, buyer, license } = await soldLicense();
    const seat = await setup.database.db.seat.findFirstOrThrow({ where: { licenseId: license.id } });
    const ask = { requestId: crypto.randomUUID(), sellerId: seller.id, licenseId: license.id, seatId: seat.id, label: 'Second laptop' };
    const issued = await issueSeatCodeToCustomer(ctx(), ask);
    expect(issued).toMatchObject({ label: 'Second laptop', emailedTo: buyer.email, encodedCredential: expect.stringMatching(/^SVC_LIC_/) });
    const mails = await setup.database.db.email.findMany({ where: { to: buyer.email, kind: 'license-code' } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain(issued.encodedCredential);
    expect(mails[0]!.subject).not.toContain('SVC_LIC_');
    expect(await issueSeatCodeToCustomer(ctx(), ask)).toEqual(issued);
    expect(await setup.database.db.email.count({ where: { to: buyer.email, kind: 'license-code' } })).toBe(1);
  });

  it('a tenant’s license has no customer to e-mail: ValidationError, and no code is issued', async () => {
    const { seller, offering } = await soldLicense();
    const tenant = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering: { ...offering }, buyerAccountId: null, correlationId: 'tenant-y', tenantId: 'tenant-y', seatCount: 1 }));
    const codesBefore = await setup.database.db.licenseCode.count({ where: { licenseId: tenant.licenseId } });
    await expect(issueSeatCodeToCustomer(ctx(), { requestId: crypto.randomUUID(), sellerId: seller.id, licenseId: tenant.licenseId, seatId: tenant.seatIds[0]!, label: 'x' })).rejects.toMatchObject({
      code: 'ValidationError',
      details: [{ Code: 'NoBuyer' }],
    });
    expect(await setup.database.db.licenseCode.count({ where: { licenseId: tenant.licenseId } })).toBe(codesBefore);
  });
});
