import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createEmbeddedCheckout } from '@/server/checkout/create-embedded-checkout';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getCheckoutResultForBuyer } from '@/server/checkout/get-checkout-result';
import { cancelSubscriptionAtPeriodEnd } from '@/server/licensing/subscriptions/cancel-subscription-at-period-end';
import { getSubscriptionBilling } from '@/server/licensing/subscriptions/get-subscription-billing';
import { keepSubscription } from '@/server/licensing/subscriptions/keep-subscription';
import { listBuyerLicenses } from '@/server/licensing/licenses/list-buyer-licenses';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { getBuyerReceipt } from '@/server/orders/get-buyer-receipt';
import { listBuyerOrders, ORDERS_PAGE_SIZE } from '@/server/orders/list-buyer-orders';
import { refundOrder } from '@/server/orders/refunds/refund-order';
import { cancelLocalCheckout, payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { expireLicenses } from '@/server/licensing/licenses/expire-licenses';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { verifyRuntimeToken } from '@/server/runtime/verify-runtime-token';
import { allowRepeatPurchases, createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The buyer's orders, receipts and the billing of a subscription sold through the local processor,
// at the service level against a real database.

const BASE_URL = 'http://buyer-orders.test';

const setup = inProcessCore({ PUBLIC_BASE_URL: BASE_URL });
const ctx = () => ({ db: setup.database.db });

const account = () => setup.database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com` } });

async function storeWith(options: { storeName?: string | null; subscription?: boolean; seatBased?: boolean; priceMinor?: number } = {}) {
  const seller = await createSeller(setup.database.db, { checkoutReady: true, contactName: 'Orders Contact' });
  if (options.storeName !== undefined) await setup.database.db.seller.update({ where: { id: seller.id }, data: { storeName: options.storeName } });
  const product = await createProduct(setup.database.db, seller.id, { name: 'Orders Product' });
  const offering = await createOffering(setup.database.db, product, {
    name: 'Orders Pro',
    priceMinor: options.priceMinor ?? 1250,
    seatBased: options.seatBased ?? false,
    ...(options.subscription ? { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month } : {}),
  });
  return { seller, offering };
}

/** A checkout opened on the local processor and paid there (or left pending / cancelled). */
async function buy(buyer: { id: string; email: string }, store: Awaited<ReturnType<typeof storeWith>>, options: { quantity?: number; outcome?: 'paid' | 'pending' | 'cancelled' } = {}) {
  // Seats are bought through the seller's embedded checkout (the purchase API sells one); it is the
  // buyer's once paid, through the typed address.
  const session = options.quantity
    ? await createEmbeddedCheckout(ctx(), {
        offeringId: store.offering.id,
        correlationId: `tenant-${crypto.randomBytes(3).toString('hex')}`,
        customerEmail: buyer.email,
        quantity: options.quantity,
        sellerId: store.seller.id,
        keyIssuerClientId: store.seller.issuerClientId,
      })
    : await createPurchaseCheckout(ctx(), {
        requestId: crypto.randomUUID(),
        offeringId: store.offering.id,
        issuerClientId: store.seller.issuerClientId,
        buyerAccountId: buyer.id,
        buyerEmail: buyer.email,
      });
  if ((options.outcome ?? 'paid') === 'paid') await payLocalCheckout(ctx(), { checkoutId: session.sessionId });
  if (options.outcome === 'cancelled') await cancelLocalCheckout(ctx(), { checkoutId: session.sessionId });
  return session.sessionId;
}

describe('orders: the buyer’s checkouts', () => {
  it('one buyer never sees another buyer’s orders, and another buyer’s receipt is NotFound like an unknown one', async () => {
    const [me, other] = [await account(), await account()];
    const store = await storeWith({ storeName: 'Orders Store' });
    const mine = await buy(me, store);
    const theirs = await buy(other, store);

    const listed = await listBuyerOrders(ctx(), { buyerAccountId: me.id });
    expect(listed.orders.map((order) => order.id)).toEqual([mine]);
    const soldLicense = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: mine } });
    // The list leads to what the order sold: the license and the one-seat order's code.
    expect(listed.orders[0]).toMatchObject({
      sellerName: 'Orders Store',
      offeringName: 'Orders Pro',
      state: 'paid',
      stateText: 'Paid',
      licenseHref: `/licenses#license-${soldLicense.id}`,
      codeHref: `/licenses?session=${mine}`,
    });
    expect((await listBuyerOrders(ctx(), { buyerAccountId: other.id })).orders.map((order) => order.id)).toEqual([theirs]);

    await expect(getBuyerReceipt(ctx(), { checkoutId: theirs, buyerAccountId: me.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(getBuyerReceipt(ctx(), { checkoutId: crypto.randomUUID(), buyerAccountId: me.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(getBuyerReceipt(ctx(), { checkoutId: 'not an id', buyerAccountId: me.id })).rejects.toMatchObject({ code: 'NotFound' });
    const receipt = await getBuyerReceipt(ctx(), { checkoutId: mine, buyerAccountId: me.id });
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: mine } });
    expect(receipt).toMatchObject({
      orderNumber: mine,
      sellerName: 'Orders Store',
      storefrontPath: `/marketplace/${store.seller.issuerClientId}`,
      productName: 'Orders Product',
      offeringName: 'Orders Pro',
      quantity: 1,
      state: 'paid',
      processor: 'local',
      licenseId: license.id,
      licenseHref: `/licenses#license-${license.id}`,
    });
    expect(receipt.paidAt).toBeInstanceOf(Date);
  });

  it('a paid order has the seller’s next invoice number (per seller, in the order paid), billed-to and a tax line; a free or unpaid one has no invoice', async () => {
    const me = await account();
    const store = await storeWith({ storeName: 'Invoice Store' });
    const other = await storeWith({ storeName: 'Other Store' });
    await allowRepeatPurchases(setup.database.db);
    const first = await buy(me, store);
    const elsewhere = await buy(me, other);
    const second = await buy(me, store);
    const unpaid = await buy(me, store, { outcome: 'pending' });
    const receipt = (checkoutId: string) => getBuyerReceipt(ctx(), { checkoutId, buyerAccountId: me.id });
    expect(await receipt(first)).toMatchObject({ invoiceNumber: 'INV-000001', billedTo: me.email, currency: 'usd' });
    expect((await receipt(second)).invoiceNumber).toBe('INV-000002');
    expect((await receipt(elsewhere)).invoiceNumber).toBe('INV-000001');
    expect((await receipt(unpaid)).invoiceNumber).toBeNull();

    const free = await storeWith({ priceMinor: 0 });
    // A free checkout completes at once (no payment step).
    const freeOrder = await buy(me, free, { outcome: 'pending' });
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: freeOrder } })).status).toBe('completed');
    expect((await receipt(freeOrder)).invoiceNumber).toBeNull();
    // Paying the same checkout again (a repeated webhook) takes no second number.
    await payLocalCheckout(ctx(), { checkoutId: first }).catch(() => undefined);
    expect((await setup.database.db.sellerInvoiceCounter.findUniqueOrThrow({ where: { sellerId: store.seller.id } })).last).toBe(2);
  });

  it('amounts come from the checkout, not from the offering’s current price', async () => {
    const me = await account();
    const store = await storeWith({ seatBased: true, priceMinor: 1000 });
    const paid = await buy(me, store, { quantity: 3 });
    await setup.database.db.offering.update({ where: { id: store.offering.id }, data: { priceMinor: 99_900, currency: 'eur' } });

    const [order] = (await listBuyerOrders(ctx(), { buyerAccountId: me.id })).orders;
    expect(order).toMatchObject({ id: paid, amountMinor: 3000, currency: 'usd', quantity: 3 });
    const receipt = await getBuyerReceipt(ctx(), { checkoutId: paid, buyerAccountId: me.id });
    expect(receipt).toMatchObject({ amountMinor: 3000, unitAmountMinor: 1000, currency: 'usd', quantity: 3, seatBased: true });
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: paid } })).amountMinor).toBe(3000n);
  });

  it('a refunded order: the receipt lists each refund with its date and amount and the net paid, the orders list the refunded total; an order with none shows none', async () => {
    const me = await account();
    const store = await storeWith({ priceMinor: 4000 });
    await allowRepeatPurchases(setup.database.db);
    const refunded = await buy(me, store);
    const untouched = await buy(me, store);
    const refund = (amount: number) => refundOrder(ctx(), { requestId: crypto.randomUUID(), sellerId: store.seller.id, orderId: refunded, amount });
    await refund(15.5);
    await refund(4.5);
    // A refund the processor refused gives nothing back: the receipt leaves it out.
    const refused = await setup.database.db.refund.create({
      data: { checkoutId: refunded, sellerId: store.seller.id, amountMinor: 700n, currency: 'usd', source: 'seller', licenseAction: 'keep', status: 'failed' },
    });
    await setup.database.db.refund.updateMany({ where: { checkoutId: refunded, id: { not: refused.id } }, data: { status: 'succeeded' } });
    const [first] = await setup.database.db.refund.findMany({ where: { checkoutId: refunded }, orderBy: { createdAt: 'asc' } });
    await setup.database.db.refund.update({ where: { id: first!.id }, data: { status: 'pending' } });

    const receipt = await getBuyerReceipt(ctx(), { checkoutId: refunded, buyerAccountId: me.id });
    expect(receipt).toMatchObject({ amountMinor: 4000, refundedMinor: 2000, netPaidMinor: 2000, state: 'paid' });
    expect(receipt.refunds).toEqual([
      { createdAt: expect.any(Date), amountMinor: 1550, status: 'pending' },
      { createdAt: expect.any(Date), amountMinor: 450, status: 'succeeded' },
    ]);
    expect(receipt.refunds[0]!.createdAt.getTime()).toBeLessThanOrEqual(receipt.refunds[1]!.createdAt.getTime());
    expect(await getBuyerReceipt(ctx(), { checkoutId: untouched, buyerAccountId: me.id })).toMatchObject({ refunds: [], refundedMinor: 0, netPaidMinor: 4000 });

    const listed = await listBuyerOrders(ctx(), { buyerAccountId: me.id });
    expect(listed.orders.map((order) => [order.id, order.amountMinor, order.refundedMinor])).toEqual([
      [untouched, 4000, 0],
      [refunded, 4000, 2000],
    ]);
    // The partial refunds kept the license (the default for a part).
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: refunded } })).status).toBe('Active');
  });

  it('lists every outcome in words, newest first, 25 a page; the seller is named by its display name without a store name', async () => {
    const me = await account();
    const store = await storeWith();
    await allowRepeatPurchases(setup.database.db);
    const ids: string[] = [];
    for (let i = 0; i < ORDERS_PAGE_SIZE + 2; i++) ids.push(await buy(me, store, { outcome: i === 0 ? 'cancelled' : i === 1 ? 'pending' : 'paid' }));

    const first = await listBuyerOrders(ctx(), { buyerAccountId: me.id });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: ORDERS_PAGE_SIZE + 2 });
    expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.orders.map((order) => order.id)).toEqual(ids.slice(2).reverse());
    expect(first.orders[0]!.sellerName).toBe('Orders Contact');
    const second = await listBuyerOrders(ctx(), { buyerAccountId: me.id, page: 2 });
    expect(second.orders.map((order) => [order.id, order.stateText])).toEqual([
      [ids[1], 'Not completed'],
      [ids[0], 'Cancelled'],
    ]);
    // A page past the end shows the last one.
    expect((await listBuyerOrders(ctx(), { buyerAccountId: me.id, page: 99 })).page).toBe(2);
  });
});

describe('billing of a subscription sold through the local processor', () => {
  async function subscription(buyer: { id: string; email: string }, quantity = 1) {
    const store = await storeWith({ subscription: true, seatBased: quantity > 1, priceMinor: 900 });
    const checkoutId = await buy(buyer, store, { quantity });
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId } });
    return { store, checkoutId, license };
  }

  it('the billing page: price per seat × live seats, periods anchored at the term start, renewal at the period end', async () => {
    const me = await account();
    const { license } = await subscription(me, 2);
    const termStart = new Date('2026-01-31T10:00:00Z');
    await setup.database.db.license.update({ where: { id: license.id }, data: { termStart } });
    await setup.database.db.seat.create({ data: { licenseId: license.id } });

    const billing = await getSubscriptionBilling({ ...ctx(), now: new Date('2026-03-15T00:00:00Z') }, { licenseId: license.id, buyerAccountId: me.id });
    expect(billing).toMatchObject({ liveSeats: 3, perSeatMinor: 900, pricePerPeriodMinor: 2700, currency: 'usd', periodText: 'month', cancelAtPeriodEnd: false, ended: false });
    // January 31 + 1 month is February 28, + 2 months March 31.
    expect(billing.currentPeriod).toEqual({ start: new Date('2026-02-28T10:00:00Z'), end: new Date('2026-03-31T10:00:00Z') });
    expect(billing.renewsAt).toEqual(new Date('2026-03-31T10:00:00Z'));
    // The next charge is the period's price for the live seats; the purchase is listed with its invoice and receipt.
    expect(billing.nextCharge).toEqual({ amountMinor: 2700, on: new Date('2026-03-31T10:00:00Z') });
    expect(billing.paymentMethod).toBe('Local test processor (no card is charged)');
    expect(billing.charges).toEqual([expect.objectContaining({ kind: 'purchase', label: expect.stringMatching(/^Purchase, invoice INV-\d{6}$/), amountMinor: 1800, currency: 'usd', href: `/orders/${license.checkoutId}` })]);
    const [listed] = await listBuyerLicenses(ctx(), { buyerAccountId: me.id });
    expect(listed!.billing).toBe('local-page');
  });

  it('cancel at period end sets termEnd to the end of the current period; keep clears it; after the end the runtime refuses and keep is refused', async () => {
    const me = await account();
    const { license } = await subscription(me);
    const termStart = new Date(Date.now() - 40 * 86_400_000);
    await setup.database.db.license.update({ where: { id: license.id }, data: { termStart } });
    const periodEnd = (await getSubscriptionBilling(ctx(), { licenseId: license.id, buyerAccountId: me.id })).currentPeriod.end;

    const cancelled = await cancelSubscriptionAtPeriodEnd(ctx(), { licenseId: license.id, buyerAccountId: me.id });
    expect(cancelled).toEqual({ licenseId: license.id, cancelAtPeriodEnd: true, termEnd: periodEnd });
    let row = await setup.database.db.license.findUniqueOrThrow({ where: { id: license.id } });
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, termEnd: periodEnd, status: 'Active' });
    // Cancelling again keeps the first end.
    expect(await cancelSubscriptionAtPeriodEnd({ ...ctx(), now: new Date(periodEnd.getTime() - 1000) }, { licenseId: license.id, buyerAccountId: me.id })).toEqual(cancelled);
    expect((await getSubscriptionBilling(ctx(), { licenseId: license.id, buyerAccountId: me.id })).renewsAt).toBeNull();

    expect(await keepSubscription(ctx(), { licenseId: license.id, buyerAccountId: me.id })).toEqual({ licenseId: license.id, cancelAtPeriodEnd: false, termEnd: null });
    row = await setup.database.db.license.findUniqueOrThrow({ where: { id: license.id } });
    expect(row).toMatchObject({ cancelAtPeriodEnd: false, termEnd: null });

    // Cancelled again, and the period ends: the runtime refuses it as Expired, the job moves it, keep is refused.
    await cancelSubscriptionAtPeriodEnd(ctx(), { licenseId: license.id, buyerAccountId: me.id });
    await setup.database.db.license.update({ where: { id: license.id }, data: { termEnd: new Date(Date.now() - 1000) } });
    const { encodedCredential } = await getCheckoutResultForBuyer(ctx(), { sessionId: license.checkoutId!, buyerAccountId: me.id });
    const principal = await verifyRuntimeToken(ctx(), `Bearer ${decodeLicenseCode(encodedCredential!)}`);
    await expect(generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: license.id, principal })).rejects.toMatchObject({
      code: 'AuthorizationDenied',
    });
    await expect(keepSubscription(ctx(), { licenseId: license.id, buyerAccountId: me.id })).rejects.toMatchObject({ code: 'LicenseNotActive' });
    expect(await expireLicenses(ctx())).toBeGreaterThanOrEqual(1);
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: license.id } })).status).toBe('Expired');
    expect((await getSubscriptionBilling(ctx(), { licenseId: license.id, buyerAccountId: me.id })).ended).toBe(true);
  });

  it('only the buyer may cancel or keep: another buyer gets NotFound and nothing changes', async () => {
    const [me, other] = [await account(), await account()];
    const { license } = await subscription(me);
    await expect(cancelSubscriptionAtPeriodEnd(ctx(), { licenseId: license.id, buyerAccountId: other.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(getSubscriptionBilling(ctx(), { licenseId: license.id, buyerAccountId: other.id })).rejects.toMatchObject({ code: 'NotFound' });
    expect(await setup.database.db.license.findUniqueOrThrow({ where: { id: license.id } })).toMatchObject({ cancelAtPeriodEnd: false, termEnd: null });

    await cancelSubscriptionAtPeriodEnd(ctx(), { licenseId: license.id, buyerAccountId: me.id });
    await expect(keepSubscription(ctx(), { licenseId: license.id, buyerAccountId: other.id })).rejects.toMatchObject({ code: 'NotFound' });
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: license.id } })).cancelAtPeriodEnd).toBe(true);
  });

  it('a one-time purchase has no billing to manage: NotFound, and no Manage billing on the license', async () => {
    const me = await account();
    const store = await storeWith();
    const checkoutId = await buy(me, store);
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId } });
    await expect(cancelSubscriptionAtPeriodEnd(ctx(), { licenseId: license.id, buyerAccountId: me.id })).rejects.toMatchObject({ code: 'NotFound' });
    const [listed] = await listBuyerLicenses(ctx(), { buyerAccountId: me.id });
    expect(listed!.billing).toBeNull();
  });
});
