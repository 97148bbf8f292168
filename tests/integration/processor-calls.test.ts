import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { addSeats } from '@/server/licensing/seats/add-seats';
import { changeLicenseStatus } from '@/server/licensing/licenses/change-license-status';
import { applyStripeEvent } from '../support/stripe-events';
import { reconcileSubscriptions } from '@/server/payments/reconcile-subscriptions';
import { performDueProcessorCalls, PROCESSOR_CALL_BACKOFF, PROCESSOR_CALL_MAX_ATTEMPTS, retryProcessorCalls } from '@/server/payments/processor-calls';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { retireSeat } from '@/server/licensing/seats/retire-seat';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { backoffSeconds } from '@/server/platform/backoff';
import { inProcessWithStripe } from '../support/in-process-core';

// The seller's decisions about a license sold as a Stripe subscription reach Stripe and stand,
// through the real SDK against the local stand-in: seats (the subscription item's quantity follows
// the live seats with Stripe's default proration), suspend (collection paused), resume, cancel.
// Each decision commits with the call to make; the call runs after the commit (here: the job's
// run, performDueProcessorCalls), once, and a later Stripe event does not undo the decision.

const setup = inProcessWithStripe();
const ctx = () => ({ db: setup.database.db });

async function stripeLicense(seats: number) {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const stripeAccountId = `acct_${crypto.randomBytes(6).toString('hex')}`;
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId } });
  const product = await createProduct(setup.database.db, seller.id);
  const offering = await createOffering(setup.database.db, product, {
    classification: LicenseClassification.Subscription,
    priceMinor: 2000,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
  const minted = await setup.database.db.$transaction((tx) => mintLicense(tx, { offering, buyerAccountId: null, correlationId: null, seatCount: seats, processorSubscriptionId: subscriptionId }));
  return { sellerId: seller.id, stripeAccountId, subscriptionId, ...minted };
}

const itemUpdates = (subscriptionId: string) => setup.stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscription_items/si_${subscriptionId}`);
const subscriptionWrites = (subscriptionId: string) =>
  setup.stripe.requests.filter((request) => (request.method === 'POST' || request.method === 'DELETE') && request.path === `/v1/subscriptions/${subscriptionId}`);
const perform = (now?: Date) => performDueProcessorCalls({ db: setup.database.db, ...(now ? { now: () => now } : {}) });
const callsOf = (licenseId: string) => setup.database.db.processorCall.findMany({ where: { licenseId }, orderBy: { createdAt: 'asc' } });
const change = (license: { sellerId: string; licenseId: string }, what: 'suspend' | 'resume' | 'cancel', requestId = crypto.randomUUID()) =>
  changeLicenseStatus(ctx(), { requestId, sellerId: license.sellerId, licenseId: license.licenseId, change: what });

/** A signed-and-verified Stripe event is what the webhook hands over; here it goes to the same handler directly. */
function subscriptionEvent(license: { subscriptionId: string; stripeAccountId: string }, subscription: Record<string, unknown>, createdSecondsFromNow = 0, type = 'customer.subscription.updated') {
  return {
    id: `evt_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    account: license.stripeAccountId,
    created: Math.floor(Date.now() / 1000) + createdSecondsFromNow,
    livemode: false,
    data: { object: { id: license.subscriptionId, object: 'subscription', status: 'active', pause_collection: null, metadata: {}, ...subscription } },
  } as never;
}

describe('seats of a Stripe subscription', () => {
  it('adding seats sets the item quantity to the live seats on the seller’s account, with the default proration, once per RequestId', async () => {
    const license = await stripeLicense(2);
    const requestId = crypto.randomUUID();
    const added = await addSeats(ctx(), { requestId, quantity: 2, sellerId: license.sellerId, licenseId: license.licenseId });
    expect(added.seatIds).toHaveLength(2);
    // Committed with the call to make, which runs after the commit.
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ action: 'set-seats', status: 'pending' })]);
    expect(await perform()).toEqual({ done: 1, failed: 0 });
    expect(setup.stripe.subscriptionQuantity(license.subscriptionId)).toBe(4);
    const [update] = itemUpdates(license.subscriptionId);
    expect(update!.body).toEqual({ quantity: '4' });
    expect(update!.headers['stripe-account']).toBe(license.stripeAccountId);
    expect(update!.headers['idempotency-key']).toBe(`processor-call-${(await callsOf(license.licenseId))[0]!.id}`);
    expect(await setup.database.db.seatCharge.findMany({ where: { licenseId: license.licenseId } })).toEqual([expect.objectContaining({ seats: 2, processor: 'stripe' })]);

    // The same request again: the first answer, no second change at Stripe.
    expect(await addSeats(ctx(), { requestId, quantity: 2, sellerId: license.sellerId, licenseId: license.licenseId })).toEqual(added);
    expect(await perform()).toEqual({ done: 0, failed: 0 });
    expect(itemUpdates(license.subscriptionId)).toHaveLength(1);
  });

  it('retiring a seat lowers the quantity (Stripe credits the rest of the period)', async () => {
    const license = await stripeLicense(3);
    await retireSeat(ctx(), { requestId: crypto.randomUUID(), sellerId: license.sellerId, licenseId: license.licenseId, seatId: license.seatIds[0]! });
    await perform();
    expect(setup.stripe.subscriptionQuantity(license.subscriptionId)).toBe(2);
  });

  it('when Stripe refuses, the seats stand and the call is retried with backoff until Stripe takes it, once', async () => {
    const license = await stripeLicense(1);
    await addSeats(ctx(), { requestId: crypto.randomUUID(), quantity: 1, sellerId: license.sellerId, licenseId: license.licenseId });
    expect(await setup.database.db.seat.count({ where: { licenseId: license.licenseId, retiredAt: null } })).toBe(2);
    // The SDK retries twice: three failures make the call fail.
    setup.stripe.failNext(3);
    const now = new Date();
    expect(await perform(now)).toEqual({ done: 0, failed: 1 });
    const [failed] = await callsOf(license.licenseId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    // Not due again before its backoff (30 s after the first attempt).
    expect(failed!.nextAttemptAt.getTime() - now.getTime()).toBe(backoffSeconds(PROCESSOR_CALL_BACKOFF, 1) * 1000);
    expect(await perform(new Date(now.getTime() + 10_000))).toEqual({ done: 0, failed: 0 });
    expect(await perform(new Date(now.getTime() + 31_000))).toEqual({ done: 1, failed: 0 });
    expect(setup.stripe.subscriptionQuantity(license.subscriptionId)).toBe(2);
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
  });

  it(`a call refused ${PROCESSOR_CALL_MAX_ATTEMPTS} times needs attention; the operator's retry performs it`, async () => {
    const license = await stripeLicense(2);
    await addSeats(ctx(), { requestId: crypto.randomUUID(), quantity: 1, sellerId: license.sellerId, licenseId: license.licenseId });
    let at = Date.now();
    for (let attempt = 1; attempt <= PROCESSOR_CALL_MAX_ATTEMPTS; attempt++) {
      setup.stripe.refuseNext();
      expect(await perform(new Date(at))).toEqual({ done: 0, failed: 1 });
      at += backoffSeconds(PROCESSOR_CALL_BACKOFF, attempt) * 1000;
    }
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ status: 'attention', attempts: PROCESSOR_CALL_MAX_ATTEMPTS })]);
    expect(await perform(new Date(at + 86_400_000))).toEqual({ done: 0, failed: 0 });
    expect(await retryProcessorCalls(ctx())).toBe(1);
    expect(await perform()).toEqual({ done: 1, failed: 0 });
    expect(setup.stripe.subscriptionQuantity(license.subscriptionId)).toBe(3);
  });
});

describe('a seller suspends, resumes or cancels a license Stripe bills', () => {
  it('suspend pauses collection with exactly one call, and a later Stripe event does not undo the suspension', async () => {
    const license = await stripeLicense(1);
    expect((await change(license, 'suspend')).status).toBe('Suspended');
    expect(subscriptionWrites(license.subscriptionId)).toHaveLength(0);
    await perform();
    await perform();
    const writes = subscriptionWrites(license.subscriptionId);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toEqual({ 'pause_collection[behavior]': 'void' });
    expect(writes[0]!.headers['stripe-account']).toBe(license.stripeAccountId);
    expect(setup.stripe.subscriptionState(license.subscriptionId)).toEqual({ status: 'active', pauseCollection: 'void' });

    // Stripe reports the paused collection, then (say, a buyer's payment) an active subscription: the seller's suspension stands.
    await applyStripeEvent(ctx(), subscriptionEvent(license, { pause_collection: { behavior: 'void' } }, 5));
    await applyStripeEvent(ctx(), subscriptionEvent(license, { status: 'active' }, 10));
    expect(await setup.database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).toMatchObject({ status: 'Suspended', suspendedBySeller: true });
    // The end of the subscription at Stripe still ends it.
    await applyStripeEvent(ctx(), subscriptionEvent(license, { status: 'canceled' }, 15, 'customer.subscription.deleted'));
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).status).toBe('Cancelled');
  });

  it('resume unsets the paused collection with one call; an event created before the resume does not pause it again', async () => {
    const license = await stripeLicense(1);
    await change(license, 'suspend');
    await perform();
    expect((await change(license, 'resume')).status).toBe('Active');
    await perform();
    const writes = subscriptionWrites(license.subscriptionId);
    expect(writes.map((write) => write.body)).toEqual([{ 'pause_collection[behavior]': 'void' }, { pause_collection: '' }]);
    expect(setup.stripe.subscriptionState(license.subscriptionId).pauseCollection).toBeNull();
    await applyStripeEvent(ctx(), subscriptionEvent(license, { pause_collection: { behavior: 'void' } }, -60));
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).status).toBe('Active');
  });

  it('cancel cancels the subscription with one call; the same request again calls nothing more', async () => {
    const license = await stripeLicense(1);
    const requestId = crypto.randomUUID();
    await change(license, 'cancel', requestId);
    await change(license, 'cancel', requestId);
    await change(license, 'cancel');
    await perform();
    const writes = subscriptionWrites(license.subscriptionId);
    expect(writes.map((write) => write.method)).toEqual(['DELETE']);
    expect(setup.stripe.subscriptionState(license.subscriptionId).status).toBe('canceled');
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ action: 'cancel', status: 'done' })]);
  });

  it('calls of one license run in the order decided: suspend then resume leaves collection running', async () => {
    const license = await stripeLicense(1);
    await change(license, 'suspend');
    await change(license, 'resume');
    await Promise.all([perform(), perform()]);
    await perform();
    expect(subscriptionWrites(license.subscriptionId).map((write) => write.body)).toEqual([{ 'pause_collection[behavior]': 'void' }, { pause_collection: '' }]);
    expect(setup.stripe.subscriptionState(license.subscriptionId).pauseCollection).toBeNull();
  });

  it('a subscription that already ended at Stripe takes no more calls: the seller\'s change is done without one', async () => {
    const license = await stripeLicense(1);
    setup.stripe.setSubscription(license.subscriptionId, { status: 'canceled' });
    await change(license, 'cancel');
    expect(await perform()).toEqual({ done: 1, failed: 0 });
    expect(subscriptionWrites(license.subscriptionId)).toHaveLength(0);
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ action: 'cancel', status: 'done' })]);
  });

  it('a license the local processor sold records no call: our records are its whole state', async () => {
    const license = await stripeLicense(1);
    await setup.database.db.license.update({ where: { id: license.licenseId }, data: { processorSubscriptionId: null } });
    await change(license, 'suspend');
    expect(await callsOf(license.licenseId)).toEqual([]);
  });
});

describe('reconciliation with Stripe', () => {
  // Each case mints its own licenses; the report is read for them alone (other cases' licenses are in the same database).
  const about = (report: Awaited<ReturnType<typeof reconcileSubscriptions>>, licenseId: string) => ({
    fixed: report.fixed.filter((entry) => entry.licenseId === licenseId).map((entry) => entry.what),
    mismatched: report.mismatched.filter((entry) => entry.licenseId === licenseId).map((entry) => entry.what),
  });

  it('fixes a quantity changed at Stripe back to the live seats, through one processor call', async () => {
    const license = await stripeLicense(2);
    setup.stripe.setSubscription(license.subscriptionId, { quantity: 5 });
    expect(about(await reconcileSubscriptions(ctx()), license.licenseId)).toEqual({ fixed: ['set-seats'], mismatched: [] });
    await perform();
    expect(setup.stripe.subscriptionQuantity(license.subscriptionId)).toBe(2);
    // In step now: the next run finds nothing.
    expect(about(await reconcileSubscriptions(ctx()), license.licenseId)).toEqual({ fixed: [], mismatched: [] });
  });

  it('sends a seller decision Stripe does not show again: a suspension whose pause was undone at Stripe, a cancellation', async () => {
    const suspended = await stripeLicense(1);
    await change(suspended, 'suspend');
    await perform();
    setup.stripe.setSubscription(suspended.subscriptionId, { pauseCollection: null });
    const cancelled = await stripeLicense(1);
    await setup.database.db.license.update({ where: { id: cancelled.licenseId }, data: { status: 'Cancelled' } });
    const report = await reconcileSubscriptions(ctx());
    expect(about(report, suspended.licenseId).fixed).toEqual(['pause']);
    expect(about(report, cancelled.licenseId).fixed).toEqual(['cancel']);
    await perform();
    expect(setup.stripe.subscriptionState(suspended.subscriptionId).pauseCollection).toBe('void');
    expect(setup.stripe.subscriptionState(cancelled.subscriptionId).status).toBe('canceled');
  });

  it('reports what only Stripe can settle on the license, and changes nothing at Stripe for it', async () => {
    const license = await stripeLicense(1);
    setup.stripe.setSubscription(license.subscriptionId, { status: 'past_due' });
    const writesBefore = subscriptionWrites(license.subscriptionId).length;
    expect(about(await reconcileSubscriptions(ctx()), license.licenseId)).toEqual({ fixed: [], mismatched: ['The subscription is past_due at Stripe; the license is Active.'] });
    expect(await setup.database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).toMatchObject({ status: 'Active', processorMismatch: expect.stringContaining('past_due') });
    expect(subscriptionWrites(license.subscriptionId)).toHaveLength(writesBefore);
    // Settled at Stripe: the next run clears the finding.
    setup.stripe.setSubscription(license.subscriptionId, { status: 'active' });
    await reconcileSubscriptions(ctx());
    expect((await setup.database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).processorMismatch).toBeNull();
  });

  it('leaves a license whose call is still pending to the next run', async () => {
    const license = await stripeLicense(1);
    await change(license, 'suspend');
    setup.stripe.setSubscription(license.subscriptionId, { quantity: 7 });
    expect(about(await reconcileSubscriptions(ctx()), license.licenseId)).toEqual({ fixed: [], mismatched: [] });
    expect(await callsOf(license.licenseId)).toHaveLength(1);
  });
});
