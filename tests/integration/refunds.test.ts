import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { ArgumentError, LicensingApiError, SellerClient } from '../../sdk/src/index';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { authorizeWithCode, ok, postWithKey, refused } from '../support/management-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Refunds over real HTTP on a running instance with the local processor (docs/payments.md "Refunds"): a seller
// backend buys for a tenant (embedded checkout, the local processor's Pay), then refunds the order
// through POST /licensing-mgmt/orders/{orderId}/refunds. What is checked: the answer, what is in the
// database afterwards (the refund, the order's refunded total, the processor call made after the
// commit), the license and its code at the runtime path, the event and the buyer's e-mail.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: TestServer;
let key: string;
let otherKey: string;
let perpetual: Awaited<ReturnType<typeof createOffering>>;
let monthly: Awaited<ReturnType<typeof createOffering>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id, { name: 'Render Farm' });
  perpetual = await createOffering(database.db, product, { name: 'Desktop', classification: LicenseClassification.Perpetual, priceMinor: 4000 });
  monthly = await createOffering(database.db, product, { name: 'Team', classification: LicenseClassification.Subscription, priceMinor: 1500, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
  key = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' })).key;
  const other = await createSeller(database.db, { checkoutReady: true });
  otherKey = (await createApiKey({ db: database.db }, { sellerId: other.id, label: 'other' })).key;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const post = (path: string, body: Record<string, unknown> = {}, apiKey = key) => postWithKey(server.baseUrl, apiKey, path, body);
const authorize = (licenseId: string, code: string) => authorizeWithCode(server.baseUrl, licenseId, code);

/** A paid order with the local processor and its license code (one seat). */
async function paidOrder(offering: { id: string }, quantity = 1) {
  const tenant = `tenant-${crypto.randomUUID()}`;
  const session = await ok(await post('/licensing/checkout/embedded', { OfferingId: offering.id, CorrelationId: tenant, CustomerEmail: `${tenant}@example.test`, Quantity: quantity }));
  expect((await fetch(`${server.baseUrl}/checkout/local/${session.SessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const result = await ok(await post('/licensing/checkout/session/result', { SessionId: session.SessionId }));
  const code =
    result.EncodedCredential ??
    (await ok(await post(`/licensing-mgmt/licenses/${result.LicenseId}/seats/${result.SeatIds[0]}/codes`, { Label: 'machine' }))).EncodedCredential;
  return { orderId: session.SessionId as string, licenseId: result.LicenseId as string, code: code as string, email: `${tenant}@example.test` };
}

const refundsOf = (orderId: string) => database.db.refund.findMany({ where: { checkoutId: orderId }, orderBy: { createdAt: 'asc' } });
const orderOf = (orderId: string) => database.db.checkout.findUniqueOrThrow({ where: { id: orderId } });

describe('refunds by the seller (local processor, over HTTP)', () => {
  it('a refund of the whole order revokes the license by default: its code is refused at the next authorization with the reason Refunded', async () => {
    const order = await paidOrder(perpetual);
    expect((await ok(await authorize(order.licenseId, order.code))).LicenseId).toBe(order.licenseId);

    const refund = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Reason: 'Bought by mistake' }));
    expect(refund).toMatchObject({
      OrderId: order.orderId,
      Amount: 40,
      Currency: 'usd',
      Source: 'seller',
      License: 'revoke',
      Reason: 'Bought by mistake',
      Order: { Amount: 40, Refunded: 40, Refundable: 0 },
      LicenseStatus: 'Cancelled',
    });
    const denied = await refused(await authorize(order.licenseId, order.code), 403, 'AuthorizationDenied');
    expect(denied.Message).toMatch(/^Refunded: /);
    expect(await orderOf(order.orderId)).toMatchObject({ refundedMinor: 4000n });
    expect(await database.db.license.findUniqueOrThrow({ where: { id: order.licenseId } })).toMatchObject({ status: 'Cancelled', statusReason: 'Refunded' });
    // The local processor records it after the commit, through the same call queue Stripe's go through.
    await expect.poll(async () => (await refundsOf(order.orderId)).map((row) => row.status), { timeout: 10_000 }).toEqual(['succeeded']);
    expect((await refundsOf(order.orderId))[0]).toMatchObject({ amountMinor: 4000n, processorRefundId: expect.stringMatching(/^local_re_/), licenseAction: 'revoke' });
    // The seller is told (webhooks and the feed), and the buyer gets an e-mail.
    const events = await database.db.event.findMany({ where: { type: 'order.refunded', licenseId: order.licenseId } });
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ OrderId: order.orderId, AmountMinor: 4000, RefundedMinor: 4000, License: 'revoke', Source: 'seller' })]);
    expect(await database.db.email.findMany({ where: { to: order.email, kind: 'refund-issued' } })).toEqual([expect.objectContaining({ subject: expect.stringContaining('$40.00') })]);
  });

  it('a partial refund keeps the license unless asked; the rest revokes it by default; more than what is left is ValidationError naming Amount', async () => {
    const order = await paidOrder(perpetual);
    const first = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 15.5 }));
    expect(first).toMatchObject({ Amount: 15.5, License: 'keep', Order: { Refunded: 15.5, Refundable: 24.5 }, LicenseStatus: 'Active' });
    expect((await ok(await authorize(order.licenseId, order.code))).LicenseId).toBe(order.licenseId);

    const tooMuch = await refused(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 24.51 }), 400, 'ValidationError');
    expect(tooMuch.Details).toEqual([expect.objectContaining({ Field: 'Amount', Message: expect.stringContaining('24.5') })]);
    const fraction = await refused(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 1.005 }), 400, 'ValidationError');
    expect(fraction.Details?.[0]?.Field).toBe('Amount');

    // The rest leaves nothing to refund: it ends the license unless the seller says otherwise.
    const rest = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, {}));
    expect(rest).toMatchObject({ Amount: 24.5, License: 'revoke', Order: { Refunded: 40, Refundable: 0 }, LicenseStatus: 'Cancelled' });
    const nothingLeft = await refused(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, {}), 400, 'ValidationError');
    expect(nothingLeft.Details?.[0]).toMatchObject({ Field: 'Amount', Message: 'Nothing is left to refund on this order.' });
    expect((await refundsOf(order.orderId)).map((row) => row.amountMinor)).toEqual([1550n, 2450n]);
  });

  it('the same RequestId again answers the first refund and refunds nothing more; other inputs under it are 409 RequestIdMismatch', async () => {
    const order = await paidOrder(perpetual);
    const requestId = crypto.randomUUID();
    const first = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { RequestId: requestId, Amount: 5 }));
    const again = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { RequestId: requestId, Amount: 5 }));
    expect(again).toEqual(first);
    await refused(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { RequestId: requestId, Amount: 6 }), 409, 'RequestIdMismatch');
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await orderOf(order.orderId)).refundedMinor).toBe(500n);
  });

  it('two refunds of the last 10.00 at once: one succeeds, the other is ValidationError, and the order never gives back more than it took', async () => {
    const order = await paidOrder(perpetual);
    await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 30 }));
    const answers = await Promise.all([post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 10 }), post(`/licensing-mgmt/orders/${order.orderId}/refunds`, { Amount: 10 })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await orderOf(order.orderId)).refundedMinor).toBe(4000n);
    expect(await refundsOf(order.orderId)).toHaveLength(2);
  });

  it('a subscription refunded whole is cancelled, so its processor stops billing it; another seller, an unknown order and a free or unpaid one are refused', async () => {
    const order = await paidOrder(monthly, 2);
    const refund = await ok(await post(`/licensing-mgmt/orders/${order.orderId}/refunds`, {}));
    expect(refund).toMatchObject({ Amount: 30, License: 'revoke', LicenseStatus: 'Cancelled' });

    const second = await paidOrder(perpetual);
    await refused(await post(`/licensing-mgmt/orders/${second.orderId}/refunds`, {}, otherKey), 404, 'NotFound');
    await refused(await post('/licensing-mgmt/orders/no-such-order/refunds', {}), 404, 'NotFound');
    const unpaid = await ok(await post('/licensing/checkout/embedded', { OfferingId: perpetual.id, CorrelationId: 'unpaid', CustomerEmail: 'unpaid@example.test' }));
    const notPaid = await refused(await post(`/licensing-mgmt/orders/${unpaid.SessionId}/refunds`, {}), 400, 'ValidationError');
    expect(notPaid.Details?.[0]?.Field).toBe('Amount');
    await refused(await post(`/licensing-mgmt/orders/${second.orderId}/refunds`, { Amount: -1 }), 400, 'ValidationError');
    await refused(await post(`/licensing-mgmt/orders/${second.orderId}/refunds`, { License: 'burn' }), 400, 'ValidationError');
    await refused(await fetch(`${server.baseUrl}/licensing-mgmt/orders/${second.orderId}/refunds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), 401, 'ApiKeyMissing');
    expect(await refundsOf(second.orderId)).toEqual([]);
  });
});

describe('refunds from the client library', () => {
  it('SellerClient.orders.refund refunds with a RequestId kept through retries, and names the field the service refused', async () => {
    const order = await paidOrder(perpetual);
    const client = new SellerClient({ baseUrl: server.baseUrl, apiKey: key });
    const refund = await client.orders.refund({ orderId: order.orderId, amount: 12.5, reason: 'Goodwill' });
    expect(refund).toMatchObject({ orderId: order.orderId, amount: 12.5, license: 'keep', order: { refunded: 12.5, refundable: 27.5 }, requestId: expect.any(String) });
    const again = await client.orders.refund({ orderId: order.orderId, amount: 12.5, reason: 'Goodwill', requestId: refund.requestId });
    expect(again.refundId).toBe(refund.refundId);
    const tooMuch = await client.orders.refund({ orderId: order.orderId, amount: 100 }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(LicensingApiError);
    expect((tooMuch as LicensingApiError).code).toBe('ValidationError');
    expect(() => client.orders.refund({ orderId: '' })).toThrow(ArgumentError);
  });
});

