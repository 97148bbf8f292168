import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { addSeats } from '@/server/licensing/seats/add-seats';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { retireSeat } from '@/server/licensing/seats/retire-seat';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Seats of a license sold as a Stripe subscription: the subscription item's quantity follows the
// live seats with Stripe's default proration, through the real SDK against the local stand-in.

let database: TestDatabase;
let stripe: StripeServer;
const ctx = () => ({ db: database.db });
const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
const saved = Object.fromEntries(CONFIG_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    APP_SECRET: crypto.randomBytes(32).toString('base64url'),
    STRIPE_SECRET_KEY: 'sk_test_seats',
    STRIPE_WEBHOOK_SECRET: 'whsec_seats',
    STRIPE_API_BASE: stripe.baseUrl,
  });
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of CONFIG_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvForTests();
  await stopInvalidationListener();
  await closeDb();
  await stripe?.stop();
  await database?.drop();
});

async function stripeLicense(seats: number) {
  const seller = await createSeller(database.db, { checkoutReady: true });
  const stripeAccountId = `acct_${crypto.randomBytes(6).toString('hex')}`;
  await database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId } });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, {
    classification: LicenseClassification.Subscription,
    priceMinor: 2000,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
  const minted = await database.db.$transaction((tx) => mintLicense(tx as never, { offering, buyerAccountId: null, correlationId: null, seatCount: seats, processorSubscriptionId: subscriptionId }));
  return { sellerId: seller.id, stripeAccountId, subscriptionId, ...minted };
}

const itemUpdates = (subscriptionId: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscription_items/si_${subscriptionId}`);

describe('seats of a Stripe subscription', () => {
  it('adding seats sets the item quantity to the live seats on the seller’s account, with the default proration, once per RequestId', async () => {
    const license = await stripeLicense(2);
    const requestId = crypto.randomUUID();
    const added = await addSeats(ctx(), { requestId, quantity: 2, sellerId: license.sellerId, licenseId: license.licenseId });
    expect(added.seatIds).toHaveLength(2);
    expect(stripe.subscriptionQuantity(license.subscriptionId)).toBe(4);
    const [update] = itemUpdates(license.subscriptionId);
    expect(update!.body).toEqual({ quantity: '4' });
    expect(update!.headers['stripe-account']).toBe(license.stripeAccountId);
    expect(update!.headers['idempotency-key']).toContain(requestId);
    expect(await database.db.seatCharge.findMany({ where: { licenseId: license.licenseId } })).toEqual([expect.objectContaining({ seats: 2, processor: 'stripe' })]);

    // The same request again: the first answer, no second change at Stripe.
    expect(await addSeats(ctx(), { requestId, quantity: 2, sellerId: license.sellerId, licenseId: license.licenseId })).toEqual(added);
    expect(itemUpdates(license.subscriptionId)).toHaveLength(1);
  });

  it('retiring a seat lowers the quantity (Stripe credits the rest of the period)', async () => {
    const license = await stripeLicense(3);
    await retireSeat(ctx(), { requestId: crypto.randomUUID(), sellerId: license.sellerId, licenseId: license.licenseId, seatId: license.seatIds[0]! });
    expect(stripe.subscriptionQuantity(license.subscriptionId)).toBe(2);
  });

  it('when Stripe refuses, no seat is added and nothing is recorded', async () => {
    const license = await stripeLicense(1);
    // The SDK retries twice: three failures make the call fail.
    stripe.failNext(3);
    await expect(addSeats(ctx(), { requestId: crypto.randomUUID(), quantity: 1, sellerId: license.sellerId, licenseId: license.licenseId })).rejects.toThrow();
    expect(await database.db.seat.count({ where: { licenseId: license.licenseId } })).toBe(1);
    expect(await database.db.seatCharge.count({ where: { licenseId: license.licenseId } })).toBe(0);
    expect(await database.db.managementRequest.count({ where: { sellerId: license.sellerId } })).toBe(0);
  });
});
