import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEmbeddedCheckout } from '@/server/checkout/create-embedded-checkout';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getCheckoutResultForBuyer, getSaleCodesForBuyer } from '@/server/checkout/get-checkout-result';
import { payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { CREDENTIAL_SEAL_PURPOSE, openSaleCodes } from '@/server/checkout/sale-codes';
import { seal } from '@/server/crypto/secret-box';
import { getBuyerReceipt } from '@/server/orders/get-buyer-receipt';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { revokeLicenseCodeByBuyer } from '@/server/licensing/codes/revoke-license-code-by-buyer';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { verifyRuntimeToken } from '@/server/runtime/verify-runtime-token';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The codes a sale issues: one per seat bought by a buyer, kept sealed on the checkout for its
// buyer (server/checkout/sale-codes.ts), at the service level against a real database.

const setup = inProcessCore({ PUBLIC_BASE_URL: 'http://sale-codes.test' });
const ctx = () => ({ db: setup.database.db });
const account = () => setup.database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com` } });

async function seatStore() {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const product = await createProduct(setup.database.db, seller.id, { name: 'Seats Product' });
  const offering = await createOffering(setup.database.db, product, { name: 'Team', priceMinor: 3000, seatBased: true });
  return { seller, offering };
}

/** A buyer's purchase of `seats` seats (the storefront's), paid on the local processor. */
async function buySeats(buyer: { id: string; email: string }, store: Awaited<ReturnType<typeof seatStore>>, seats: number): Promise<string> {
  const session = await createPurchaseCheckout(ctx(), {
    requestId: crypto.randomUUID(),
    offeringId: store.offering.id,
    issuerClientId: store.seller.issuerClientId,
    buyerAccountId: buyer.id,
    buyerEmail: buyer.email,
    quantity: seats,
  });
  await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
  return session.sessionId;
}

async function authorizedSeat(code: string, licenseId: string): Promise<string> {
  const principal = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(code)}`);
  return (await generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId, principal })).statement.SeatId;
}

describe('sale codes: every seat a buyer buys has a working code at once', () => {
  it('a purchase of 3 seats issues one code per seat, each authorizes its own seat, and the purchase result carries the first seat’s', async () => {
    const buyer = await account();
    const sessionId = await buySeats(buyer, await seatStore(), 3);
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: sessionId }, include: { seats: { orderBy: { createdAt: 'asc' } } } });
    const sale = await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id });
    expect(sale.licenseId).toBe(license.id);
    expect(sale.codes.map((code) => [code.seatNumber, code.seatId])).toEqual(license.seats.map((seat, index) => [index + 1, seat.id]));
    for (const code of sale.codes) expect(await authorizedSeat(code.code, license.id)).toBe(code.seatId);
    expect(await setup.database.db.licenseCode.findMany({ where: { licenseId: license.id }, orderBy: { createdAt: 'asc' }, select: { label: true } })).toEqual([
      { label: 'Seat 1' },
      { label: 'Seat 2' },
      { label: 'Seat 3' },
    ]);
    expect((await getCheckoutResultForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).encodedCredential).toBe(sale.codes[0]!.code);
    // The order leads to its codes.
    expect((await getBuyerReceipt(ctx(), { checkoutId: sessionId, buyerAccountId: buyer.id })).codeHref).toBe(`/licenses?session=${sessionId}`);
  });

  it('a revoked code leaves only its own place: the others still read; the first seat’s revoked, the result’s EncodedCredential is null; all revoked, the sealed copy is deleted', async () => {
    const buyer = await account();
    const sessionId = await buySeats(buyer, await seatStore(), 3);
    const [first, second, third] = (await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes;
    await revokeLicenseCodeByBuyer(ctx(), { codeId: second!.codeId, buyerAccountId: buyer.id });
    expect((await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes.map((code) => code.seatNumber)).toEqual([1, 3]);
    const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } });
    expect(openSaleCodes(checkout.credentialCiphertext!)).toEqual([first!.code, '', third!.code]);

    await revokeLicenseCodeByBuyer(ctx(), { codeId: first!.codeId, buyerAccountId: buyer.id });
    expect((await getCheckoutResultForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).encodedCredential).toBeNull();
    expect((await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes.map((code) => code.seatNumber)).toEqual([3]);

    await revokeLicenseCodeByBuyer(ctx(), { codeId: third!.codeId, buyerAccountId: buyer.id });
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } })).credentialCiphertext).toBeNull();
    expect((await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes).toEqual([]);
  });

  it('the codes are only their buyer’s: another buyer is CheckoutResultForbidden, an unknown session NotFound, an unpaid checkout has none', async () => {
    const [buyer, other] = [await account(), await account()];
    const store = await seatStore();
    const sessionId = await buySeats(buyer, store, 2);
    await expect(getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: other.id })).rejects.toMatchObject({ code: 'CheckoutResultForbidden' });
    await expect(getSaleCodesForBuyer(ctx(), { sessionId: crypto.randomUUID(), buyerAccountId: buyer.id })).rejects.toMatchObject({ code: 'NotFound' });
    const unpaid = await createPurchaseCheckout(ctx(), { requestId: crypto.randomUUID(), offeringId: store.offering.id, issuerClientId: store.seller.issuerClientId, buyerAccountId: other.id, buyerEmail: other.email, quantity: 2 });
    expect(await getSaleCodesForBuyer(ctx(), { sessionId: unpaid.sessionId, buyerAccountId: other.id })).toEqual({ licenseId: null, codes: [], downloads: [] });
  });

  it('a seller’s tenant checkout of 3 seats issues no code: the seller’s backend issues one per seat (spec "Tenant seat workflow")', async () => {
    const store = await seatStore();
    const session = await createEmbeddedCheckout(ctx(), {
      offeringId: store.offering.id,
      correlationId: 'tenant-sale-codes',
      customerEmail: 'tenant-owner@example.com',
      quantity: 3,
      sellerId: store.seller.id,
      keyIssuerClientId: store.seller.issuerClientId,
    });
    await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: session.sessionId } });
    expect(await setup.database.db.licenseCode.count({ where: { licenseId: license.id } })).toBe(0);
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } })).credentialCiphertext).toBeNull();
    // Its order offers the license, not codes it never had.
    const owner = await setup.database.db.account.findUniqueOrThrow({ where: { email: 'tenant-owner@example.com' } });
    expect(await getBuyerReceipt(ctx(), { checkoutId: session.sessionId, buyerAccountId: owner.id })).toMatchObject({ codeHref: null, licenseHref: `/licenses#license-${license.id}` });
  });

  it('a checkout sealed before sales kept one code per seat (one code) reads as a list of one', async () => {
    const buyer = await account();
    const sessionId = await buySeats(buyer, await seatStore(), 1);
    const [only] = (await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes;
    await setup.database.db.checkout.update({ where: { id: sessionId }, data: { credentialCiphertext: seal(CREDENTIAL_SEAL_PURPOSE, only!.code) } });
    expect((await getSaleCodesForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).codes).toEqual([only]);
    expect((await getCheckoutResultForBuyer(ctx(), { sessionId, buyerAccountId: buyer.id })).encodedCredential).toBe(only!.code);
  });
});
