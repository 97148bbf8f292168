import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { applyDuePlanChanges } from '@/server/licensing/licenses/apply-plan-changes';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { performDueProcessorCalls } from '@/server/payments/processor-calls';
import { reconcileSubscriptions } from '@/server/payments/reconcile-subscriptions';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { ok } from '../support/management-http';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { startStripeServer, type RecordedRequest, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Plan changes of licenses Stripe bills (docs/payments.md "Plan changes"), over REST on the service in
// this process with its job worker, against the Stripe stand-in the real SDK talks to: the change and
// the call that tells Stripe commit together; the worker swaps the subscription item's price after the
// commit, once, with the call's id as idempotency key: prorated by Stripe for a change now
// (create_prorations), unprorated for one at the period's end (none: Stripe bills it from the next
// invoice). Retried on failure; undone by nothing but the seller's or buyer's own cancellation.

const ACCOUNT = 'acct_plan_changes';

let database: TestDatabase;
let stripe: StripeServer;
let server: InProcessService;
let sellerId: string;
let key: string;
type Offering = Awaited<ReturnType<typeof createOffering>>;
let team: Offering;
let pro: Offering;
let lite: Offering;

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  server = await startInProcessService({
    databaseUrl: database.url,
    env: { SEED_DEMO: 'false', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_BASE: stripe.baseUrl },
  });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  await database.db.seller.update({ where: { id: sellerId }, data: { stripeAccountId: ACCOUNT } });
  const product = await createProduct(database.db, sellerId, { name: 'Render Farm' });
  const monthly = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true };
  team = await createOffering(database.db, product, { name: 'Team', priceMinor: 3000, ...monthly });
  pro = await createOffering(database.db, product, { name: 'Team Pro', priceMinor: 5000, ...monthly });
  lite = await createOffering(database.db, product, { name: 'Team Lite', priceMinor: 2000, ...monthly });
  await database.db.feature.create({ data: { offeringId: team.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  await database.db.feature.create({ data: { offeringId: pro.id, key: 'gpu', displayName: 'GPU', accessLevel: 'Allowed' } });
  ({ key } = await createApiKey({ db: database.db }, { sellerId, label: 'backend' }));
});

beforeEach(() => {
  stripe.requests.length = 0;
  stripe.beforeAnswer(null);
});

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await database?.drop();
});

const post = (path: string, body: Record<string, unknown> = {}) =>
  server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'dub-apiKey': key }, body: JSON.stringify({ RequestId: crypto.randomUUID(), ...body }) });
const changeOffering = (licenseId: string, body: Record<string, unknown>) => post(`/licensing-mgmt/licenses/${licenseId}/change-offering`, body);
const itemUpdates = (subscriptionId: string): RecordedRequest[] => stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscription_items/si_${subscriptionId}`);
const callsOf = (licenseId: string) => database.db.processorCall.findMany({ where: { licenseId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
/** The worker performs the calls after the commit (requested at once): until every call of the license is done. */
const allDone = (licenseId: string) => expect.poll(async () => (await callsOf(licenseId)).map((call) => call.status), { timeout: 10_000, interval: 50 });

/** A Team license of 3 seats Stripe bills (its subscription's item at 3 seats), each seat with a code. */
async function stripeLicense() {
  const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
  stripe.setSubscription(subscriptionId, { quantity: 3 });
  const minted = await database.db.$transaction((tx) => mintLicense(tx, { offering: team, buyerAccountId: null, correlationId: null, seatCount: 3, processorSubscriptionId: subscriptionId }));
  const codes: string[] = [];
  for (const seatId of minted.seatIds) codes.push((await ok(await post(`/licensing-mgmt/licenses/${minted.licenseId}/seats/${seatId}/codes`, { Label: seatId.slice(-6) }))).EncodedCredential);
  return { licenseId: minted.licenseId, subscriptionId, codes };
}

async function featureKeysOf(licenseId: string, code: string): Promise<string[]> {
  const answer = await server.fetch('/licensing/runtime/GenerateLicenseAuthorization', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(code)}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: licenseId }),
  });
  return ((await ok(answer)).Features as { FeatureKey: string }[]).map((feature) => feature.FeatureKey);
}

describe('a plan change of a Stripe subscription', () => {
  it('an upgrade now swaps the item’s price once, after the commit, prorated by Stripe, on the seller’s account with the call’s id as idempotency key; codes keep working with the new features', async () => {
    const license = await stripeLicense();
    // What the database holds while Stripe is being asked: the change is already committed.
    const seen: { offeringId: string; planChanges: number }[] = [];
    stripe.beforeAnswer(async (request) => {
      if (request.path.startsWith('/v1/subscription_items/')) {
        const row = await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } });
        seen.push({ offeringId: row.offeringId, planChanges: await database.db.planChange.count({ where: { licenseId: license.licenseId, status: 'applied' } }) });
      }
    });
    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    expect(answer.PlanChange).toMatchObject({ Status: 'applied', When: 'now', UnitPriceMinor: 5000, FromUnitPriceMinor: 3000, Currency: 'usd' });
    const [call] = await callsOf(license.licenseId);
    expect(call).toMatchObject({ action: 'set-price', planChangeId: answer.PlanChange.PlanChangeId });
    await allDone(license.licenseId).toEqual(['done']);

    const [update] = itemUpdates(license.subscriptionId);
    expect(itemUpdates(license.subscriptionId)).toHaveLength(1);
    expect(update!.body).toMatchObject({ 'price_data[unit_amount]': '5000', 'price_data[currency]': 'usd', 'price_data[recurring][interval]': 'month', proration_behavior: 'create_prorations' });
    expect(update!.headers).toMatchObject({ 'stripe-account': ACCOUNT, 'idempotency-key': `processor-call-${call!.id}` });
    expect(seen).toEqual([{ offeringId: pro.id, planChanges: 1 }]);
    expect(stripe.subscriptionPrice(license.subscriptionId)).toMatchObject({ unitAmount: 5000, prorationBehavior: 'create_prorations' });
    expect(stripe.subscriptionQuantity(license.subscriptionId)).toBe(3);
    for (const code of license.codes) expect(await featureKeysOf(license.licenseId, code)).toEqual(['gpu']);
    expect(await database.db.event.count({ where: { licenseId: license.licenseId, type: 'license.plan_changed' } })).toBe(1);

    // Nothing is left to perform: Stripe was told once.
    expect(await performDueProcessorCalls({ db: database.db })).toEqual({ done: 0, failed: 0 });
    expect(itemUpdates(license.subscriptionId)).toHaveLength(1);
  });

  it('a downgrade at the period’s end is told to Stripe when scheduled, unprorated, so Stripe bills it from the next invoice; applying it sends nothing more', async () => {
    const license = await stripeLicense();
    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    expect(answer).toMatchObject({ OfferingId: team.id, PlanChange: { Status: 'scheduled', When: 'period_end', ProrationMinor: 0 } });
    await allDone(license.licenseId).toEqual(['done']);
    expect(itemUpdates(license.subscriptionId).map((request) => [request.body['price_data[unit_amount]'], request.body.proration_behavior])).toEqual([['2000', 'none']]);
    // Our license is unchanged until the period ends.
    expect(await featureKeysOf(license.licenseId, license.codes[0]!)).toEqual(['render']);

    expect(await applyDuePlanChanges({ db: database.db, now: () => new Date(answer.PlanChange.EffectiveUtc) })).toEqual({ applied: 1, cancelled: 0 });
    expect(await callsOf(license.licenseId)).toHaveLength(1);
    await expect.poll(() => featureKeysOf(license.licenseId, license.codes[0]!), { timeout: 1000, interval: 20 }).toEqual([]);
    expect((await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).offeringId).toBe(lite.id);
  });

  it('when Stripe fails, the change stands and its call is retried with backoff until Stripe takes it: the price is set once', async () => {
    const license = await stripeLicense();
    // The SDK retries twice: three failures make the first attempt fail.
    stripe.failNext(3);
    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    expect((await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).offeringId).toBe(pro.id);
    await expect.poll(async () => (await callsOf(license.licenseId))[0]?.lastError ?? null, { timeout: 10_000, interval: 50 }).not.toBeNull();
    const [failed] = await callsOf(license.licenseId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, planChangeId: answer.PlanChange.PlanChangeId });
    expect(stripe.subscriptionPrice(license.subscriptionId)).toBeNull();

    await performDueProcessorCalls({ db: database.db, now: () => new Date(failed!.nextAttemptAt.getTime() + 1000) });
    await allDone(license.licenseId).toEqual(['done']);
    expect(await callsOf(license.licenseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 2, lastError: null })]);
    const applied = itemUpdates(license.subscriptionId);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.headers['idempotency-key']).toBe(`processor-call-${failed!.id}`);
    expect(stripe.subscriptionPrice(license.subscriptionId)).toMatchObject({ unitAmount: 5000, prorationBehavior: 'create_prorations' });
  });

  it('cancelling a scheduled change puts Stripe’s price back, unprorated; a change now that replaces a scheduled one is prorated at Stripe from the price of sale', async () => {
    const license = await stripeLicense();
    await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    await allDone(license.licenseId).toEqual(['done']);
    await ok(await post(`/licensing-mgmt/licenses/${license.licenseId}/change-offering/cancel`));
    await allDone(license.licenseId).toEqual(['done', 'done']);
    expect((await callsOf(license.licenseId)).map((call) => call.action)).toEqual(['set-price', 'restore-price']);
    expect(stripe.subscriptionPrice(license.subscriptionId)).toMatchObject({ unitAmount: 3000, prorationBehavior: 'none' });

    await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    await allDone(license.licenseId).toEqual(['done', 'done', 'done']);
    stripe.requests.length = 0;
    await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    await allDone(license.licenseId).toEqual(['done', 'done', 'done', 'done']);
    // Stripe's item carried the scheduled 20.00: put back to 30.00 unprorated, then 50.00 prorated from it.
    expect(itemUpdates(license.subscriptionId).map((request) => [request.body['price_data[unit_amount]'], request.body.proration_behavior])).toEqual([
      ['3000', 'none'],
      ['5000', 'create_prorations'],
    ]);
  });

  it('reconciliation does not undo a plan change: it compares the status and the seats, never the price', async () => {
    const license = await stripeLicense();
    await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    await allDone(license.licenseId).toEqual(['done']);
    const report = await reconcileSubscriptions({ db: database.db });
    expect(report.fixed.filter((fix) => fix.licenseId === license.licenseId)).toEqual([]);
    expect(report.mismatched.filter((found) => found.licenseId === license.licenseId)).toEqual([]);
    expect(await callsOf(license.licenseId)).toHaveLength(1);
    expect(stripe.subscriptionPrice(license.subscriptionId)).toMatchObject({ unitAmount: 5000 });
    expect((await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).offeringId).toBe(pro.id);
  });
});
