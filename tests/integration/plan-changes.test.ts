import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { billingPeriodAt } from '@/server/billing/billing-period';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { applyDuePlanChanges } from '@/server/licensing/licenses/apply-plan-changes';
import { changeLicenseOffering } from '@/server/licensing/licenses/change-license-offering';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { listPlanChangeOptions } from '@/server/licensing/licenses/quote-plan-change';
import { getSubscriptionBilling } from '@/server/licensing/subscriptions/get-subscription-billing';
import { JOBS } from '@/server/jobs';
import { SellerClient } from '../../sdk/src/index';
import { urlOf } from '../support/fetch-url';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { ok, refused } from '../support/management-http';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Plan changes over REST with the local processor (docs/api/management.md "Plan changes"): a seller
// backend buys 3 seats of a monthly plan for a tenant (embedded checkout, the local processor's Pay),
// gives each seat a code, then moves the license up (now, prorated) or down (at the period's end,
// applied by the sweep). What is checked: the answer, the database afterwards (the license, the
// PlanChange row that is the local processor's charge, the event), every seat's code at the runtime
// path with the new features, and each refusal with nothing changed.

let database: TestDatabase;
let server: InProcessService;
let sellerId: string;
let key: string;
let otherKey: string;
type Offering = Awaited<ReturnType<typeof createOffering>>;
let team: Offering;
let pro: Offering;
let lite: Offering;
let yearly: Offering;
let enterprise: Offering;
let otherProductPro: Offering;

const monthly = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  sellerId = seller.id;
  const product = await createProduct(database.db, seller.id, { name: 'Render Farm' });
  team = await createOffering(database.db, product, { name: 'Team', priceMinor: 3000, ...monthly });
  pro = await createOffering(database.db, product, { name: 'Team Pro', priceMinor: 5000, ...monthly });
  lite = await createOffering(database.db, product, { name: 'Team Lite', priceMinor: 2000, ...monthly });
  yearly = await createOffering(database.db, product, { name: 'Team Yearly', priceMinor: 30000, ...monthly, interval: 1, intervalUnit: IntervalUnit.Year });
  enterprise = await createOffering(database.db, product, { name: 'Enterprise', priceMinor: 9000, ...monthly, listed: false });
  otherProductPro = await createOffering(database.db, await createProduct(database.db, seller.id, { name: 'Other Product' }), { name: 'Other Pro', priceMinor: 5000, ...monthly });
  const feature = (offeringId: string, key: string, allowance: number | null) =>
    database.db.feature.create({ data: { offeringId, key, displayName: key.toUpperCase(), allowance, allowancePeriodUnit: allowance === null ? null : IntervalUnit.Month, accessLevel: 'Allowed' } });
  await feature(team.id, 'render', 100);
  await feature(pro.id, 'render', 1000);
  await feature(pro.id, 'gpu', null);
  await feature(lite.id, 'render', 10);
  ({ key } = await createApiKey({ db: database.db }, { sellerId, label: 'backend' }));
  otherKey = (await createApiKey({ db: database.db }, { sellerId: (await createSeller(database.db)).id, label: 'other' })).key;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const post = (path: string, body: Record<string, unknown> = {}, apiKey = key) =>
  server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey }, body: JSON.stringify({ RequestId: crypto.randomUUID(), ...body }) });
const changeOffering = (licenseId: string, body: Record<string, unknown>, apiKey = key) => post(`/licensing-mgmt/licenses/${licenseId}/change-offering`, body, apiKey);
const authorize = (licenseId: string, code: string) =>
  server.fetch('/licensing/runtime/GenerateLicenseAuthorization', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(code)}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: licenseId }),
  });
type AuthorizedFeature = { FeatureKey: string; Allowance: number | null; Remaining: number | null };
const featuresOf = async (licenseId: string, code: string) => ((await ok(await authorize(licenseId, code))).Features as AuthorizedFeature[]).map(({ FeatureKey, Allowance, Remaining }) => ({ FeatureKey, Allowance, Remaining }));
const licenseRow = (licenseId: string) => database.db.license.findUniqueOrThrow({ where: { id: licenseId }, include: { features: { orderBy: { key: 'asc' } } } });
const eventsOf = (licenseId: string) => database.db.event.findMany({ where: { licenseId, type: 'license.plan_changed' }, orderBy: { sequence: 'asc' } });
const DAY = 86_400_000;

/** A tenant's license of Team for `seats` seats, bought and paid on the local processor, a code per seat, begun 10 days ago. */
async function teamLicense(seats = 3) {
  const tenant = `tenant-${crypto.randomUUID()}`;
  const session = await ok(await post('/licensing/checkout/embedded', { OfferingId: team.id, CorrelationId: tenant, CustomerEmail: `${tenant}@example.test`, Quantity: seats }));
  expect((await server.fetch(`/checkout/local/${session.SessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const result = await ok(await post('/licensing/checkout/session/result', { SessionId: session.SessionId }));
  const codes: string[] = [];
  for (const [index, seatId] of (result.SeatIds as string[]).entries()) {
    codes.push((await ok(await post(`/licensing-mgmt/licenses/${result.LicenseId}/seats/${seatId}/codes`, { Label: `machine-${index + 1}` }))).EncodedCredential);
  }
  // Ten days into its first month: a change now is prorated for the other two thirds or so.
  const termStart = new Date(Date.now() - 10 * DAY);
  await database.db.license.update({ where: { id: result.LicenseId }, data: { termStart } });
  return { licenseId: result.LicenseId as string, seatIds: result.SeatIds as string[], codes, termStart };
}

describe('an upgrade applies now', () => {
  it('the license takes the new offering, price and features; (new − old) × 3 live seats × the rest of the period is charged; every code still works and shows the new features, usage counted stays, and license.plan_changed is recorded', async () => {
    const license = await teamLicense(3);
    const usage = await server.fetch('/consumption/runtime/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(license.codes[0]!)}` },
      body: JSON.stringify({ LicenseId: license.licenseId, BatchId: crypto.randomUUID(), Items: [{ FeatureKey: 'render', Units: 30, TimeUtc: new Date().toISOString() }] }),
    });
    expect(usage.status).toBeLessThan(300);
    expect(await featuresOf(license.licenseId, license.codes[0]!)).toEqual([{ FeatureKey: 'render', Allowance: 100, Remaining: 70 }]);

    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    const change = await database.db.planChange.findUniqueOrThrow({ where: { id: answer.PlanChange.PlanChangeId } });
    // The figure, from the moment it applied: 2,000 more per seat, 3 seats, the share of the month left.
    const period = billingPeriodAt(license.termStart, 1, IntervalUnit.Month, change.effectiveAt);
    const share = (period.end.getTime() - change.effectiveAt.getTime()) / (period.end.getTime() - period.start.getTime());
    const expected = Math.round(2000 * 3 * share);
    expect(expected).toBeGreaterThan(3000);
    expect(expected).toBeLessThan(6000);
    expect(answer).toMatchObject({
      LicenseId: license.licenseId,
      Status: 'Active',
      OfferingId: pro.id,
      SeatCount: 3,
      Features: [expect.objectContaining({ FeatureKey: 'gpu' }), expect.objectContaining({ FeatureKey: 'render', Allowance: 1000 })],
      PlanChange: {
        PlanChangeId: change.id,
        Status: 'applied',
        When: 'now',
        RequestedBy: 'seller',
        FromOfferingId: team.id,
        ToOfferingId: pro.id,
        EffectiveUtc: change.effectiveAt.toISOString(),
        FromUnitPriceMinor: 3000,
        UnitPriceMinor: 5000,
        ProrationMinor: expected,
        Currency: 'usd',
      },
    });
    expect(change).toMatchObject({ status: 'applied', timing: 'now', prorationMinor: BigInt(expected), appliedAt: change.effectiveAt });
    expect(await licenseRow(license.licenseId)).toMatchObject({ offeringId: pro.id, unitPriceMinor: 5000, currency: 'usd', features: [expect.objectContaining({ key: 'gpu' }), expect.objectContaining({ key: 'render', allowance: 1000 })] });
    // The local processor keeps no subscription: the PlanChange row is the charge, nothing is sent.
    expect(await database.db.processorCall.count({ where: { licenseId: license.licenseId } })).toBe(0);

    // Seats and codes kept: every code authorizes, with the new features; the 30 units counted stay counted.
    expect(await database.db.seat.count({ where: { licenseId: license.licenseId, retiredAt: null } })).toBe(3);
    expect(await featuresOf(license.licenseId, license.codes[0]!)).toEqual([
      { FeatureKey: 'gpu', Allowance: null, Remaining: null },
      { FeatureKey: 'render', Allowance: 1000, Remaining: 970 },
    ]);
    for (const code of license.codes.slice(1)) expect(await featuresOf(license.licenseId, code)).toContainEqual({ FeatureKey: 'render', Allowance: 1000, Remaining: 1000 });

    const [event] = await eventsOf(license.licenseId);
    expect(event?.data).toEqual({
      LicenseId: license.licenseId,
      FromOfferingId: team.id,
      ToOfferingId: pro.id,
      When: 'now',
      EffectiveUtc: change.effectiveAt.toISOString(),
      ProrationMinor: expected,
      Currency: 'usd',
      By: 'seller',
    });

    // The buyer's billing page prices the license at its new plan and lists the charge.
    const license_ = await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } });
    const billing = await getSubscriptionBilling({ db: database.db }, { licenseId: license.licenseId, buyerAccountId: license_.buyerAccountId! });
    expect(billing).toMatchObject({ offeringName: 'Team Pro', perSeatMinor: 5000, pricePerPeriodMinor: 15000, nextCharge: { amountMinor: 15000 } });
    expect(billing.charges).toContainEqual(expect.objectContaining({ kind: 'plan', amountMinor: expected, currency: 'usd' }));
  });
});

describe('a downgrade waits for the end of the period', () => {
  it('nothing changes until the sweep applies it at the period’s end; then the price and features follow, and every code still works', async () => {
    const license = await teamLicense(3);
    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    const periodEnd = billingPeriodAt(license.termStart, 1, IntervalUnit.Month, new Date()).end;
    expect(answer).toMatchObject({
      OfferingId: team.id,
      Features: [expect.objectContaining({ FeatureKey: 'render', Allowance: 100 })],
      PlanChange: { Status: 'scheduled', When: 'period_end', EffectiveUtc: periodEnd.toISOString(), UnitPriceMinor: 2000, ProrationMinor: 0 },
    });
    expect(await licenseRow(license.licenseId)).toMatchObject({ offeringId: team.id, unitPriceMinor: 3000 });
    expect(await featuresOf(license.licenseId, license.codes[1]!)).toEqual([{ FeatureKey: 'render', Allowance: 100, Remaining: 100 }]);
    expect(await eventsOf(license.licenseId)).toEqual([]);
    // The sweep runs every minute; before the period's end it leaves the change waiting.
    expect(JOBS['apply-plan-changes'].schedule?.cron).toBe('* * * * *');
    expect(await applyDuePlanChanges({ db: database.db, now: () => new Date(periodEnd.getTime() - 1000) })).toEqual({ applied: 0, cancelled: 0 });
    expect((await licenseRow(license.licenseId)).offeringId).toBe(team.id);

    expect(await applyDuePlanChanges({ db: database.db, now: () => periodEnd })).toEqual({ applied: 1, cancelled: 0 });
    expect(await licenseRow(license.licenseId)).toMatchObject({ offeringId: lite.id, unitPriceMinor: 2000, features: [expect.objectContaining({ key: 'render', allowance: 10 })] });
    expect(await database.db.planChange.findUniqueOrThrow({ where: { id: answer.PlanChange.PlanChangeId } })).toMatchObject({ status: 'applied', appliedAt: periodEnd });
    for (const code of license.codes) await expect.poll(() => featuresOf(license.licenseId, code), { timeout: 1000, interval: 20 }).toEqual([{ FeatureKey: 'render', Allowance: 10, Remaining: 10 }]);
    expect((await eventsOf(license.licenseId)).map((event) => event.data)).toEqual([expect.objectContaining({ When: 'period_end', ToOfferingId: lite.id, EffectiveUtc: periodEnd.toISOString(), ProrationMinor: 0, By: 'seller' })]);
    // Applied once: a later run finds nothing.
    expect(await applyDuePlanChanges({ db: database.db, now: () => new Date(periodEnd.getTime() + DAY) })).toEqual({ applied: 0, cancelled: 0 });
  });

  it('a downgrade asked for now is credited: a negative proration for the rest of the period', async () => {
    const license = await teamLicense(2);
    const answer = await ok(await changeOffering(license.licenseId, { OfferingId: lite.id, When: 'now' }));
    expect(answer).toMatchObject({ OfferingId: lite.id, PlanChange: { Status: 'applied', When: 'now' } });
    expect(answer.PlanChange.ProrationMinor).toBeLessThan(0);
    expect(answer.PlanChange.ProrationMinor).toBeGreaterThan(-2000);
  });

  it('a scheduled change is cancelled by the seller: the license stays, the sweep applies nothing; a new change replaces a scheduled one', async () => {
    const license = await teamLicense(1);
    const first = await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    const cancelled = await ok(await post(`/licensing-mgmt/licenses/${license.licenseId}/change-offering/cancel`));
    expect(cancelled).toMatchObject({ OfferingId: team.id, PlanChange: { PlanChangeId: first.PlanChange.PlanChangeId, Status: 'cancelled' } });
    await refused(await post(`/licensing-mgmt/licenses/${license.licenseId}/change-offering/cancel`), 404, 'NotFound');
    expect(await applyDuePlanChanges({ db: database.db, now: () => new Date(Date.now() + 40 * DAY) })).toEqual({ applied: 0, cancelled: 0 });
    expect((await licenseRow(license.licenseId)).offeringId).toBe(team.id);

    const scheduled = await ok(await changeOffering(license.licenseId, { OfferingId: lite.id }));
    const upgraded = await ok(await changeOffering(license.licenseId, { OfferingId: pro.id }));
    expect(upgraded).toMatchObject({ OfferingId: pro.id, PlanChange: { Status: 'applied' } });
    expect(await database.db.planChange.findUniqueOrThrow({ where: { id: scheduled.PlanChange.PlanChangeId } })).toMatchObject({ status: 'cancelled' });
    expect(await database.db.planChange.count({ where: { licenseId: license.licenseId, status: 'scheduled' } })).toBe(0);
  });
});

describe('refusals: nothing changes', () => {
  async function expectUnchanged(licenseId: string) {
    expect(await licenseRow(licenseId)).toMatchObject({ offeringId: team.id, unitPriceMinor: 3000 });
    expect(await database.db.planChange.count({ where: { licenseId } })).toBe(0);
  }

  it('a change across products is refused: 400 ValidationError naming OfferingId', async () => {
    const license = await teamLicense(1);
    const body = await refused(await changeOffering(license.licenseId, { OfferingId: otherProductPro.id }), 400, 'ValidationError');
    expect(body.Message).toContain('across products');
    expect(body.Details).toEqual([expect.objectContaining({ Field: 'OfferingId' })]);
    await expectUnchanged(license.licenseId);
  });

  it('a change into another billing interval is refused: 400 ValidationError naming OfferingId, saying why', async () => {
    const license = await teamLicense(1);
    const body = await refused(await changeOffering(license.licenseId, { OfferingId: yearly.id }), 400, 'ValidationError');
    expect(body.Message).toContain('bills every year and this license every month');
    expect(body.Details).toEqual([expect.objectContaining({ Field: 'OfferingId' })]);
    await expectUnchanged(license.licenseId);
  });

  it('an unknown, the same, an archived or another seller’s offering, or a timing that is not one, is refused naming its field', async () => {
    const license = await teamLicense(1);
    const archived = await createOffering(database.db, { id: team.productId, sellerId }, { name: 'Old Team', priceMinor: 2500, ...monthly, status: CatalogStatus.Archived });
    const elsewhere = await createOffering(database.db, await createProduct(database.db, (await createSeller(database.db)).id), { priceMinor: 5000, ...monthly });
    for (const [body, field, words] of [
      [{ OfferingId: 'no-such-offering' }, 'OfferingId', 'No offering with that id'],
      [{ OfferingId: team.id }, 'OfferingId', 'already on Team'],
      [{ OfferingId: archived.id }, 'OfferingId', 'not active'],
      [{ OfferingId: elsewhere.id }, 'OfferingId', 'No offering with that id'],
      [{ OfferingId: pro.id, When: 'later' }, 'When', ''],
      [{}, 'OfferingId', ''],
    ] as const) {
      const answer = await refused(await changeOffering(license.licenseId, body), 400, 'ValidationError');
      expect(answer.Details?.map((detail) => detail.Field)).toEqual([field]);
      expect(answer.Message).toContain(words);
    }
    await expectUnchanged(license.licenseId);
  });

  it('a license that is not active or trialing refuses a change: 409 LicenseNotActive; another seller’s license is 404 NotFound', async () => {
    const license = await teamLicense(1);
    await refused(await changeOffering(license.licenseId, { OfferingId: pro.id }, otherKey), 404, 'NotFound');
    await ok(await post(`/licensing-mgmt/licenses/${license.licenseId}/suspend`));
    await refused(await changeOffering(license.licenseId, { OfferingId: pro.id }), 409, 'LicenseNotActive');
    expect(await database.db.planChange.count({ where: { licenseId: license.licenseId } })).toBe(0);
  });
});

describe('idempotency by RequestId', () => {
  it('the same request again answers the first answer and changes nothing more; another ask under the same RequestId is 409 RequestIdMismatch', async () => {
    const license = await teamLicense(1);
    const RequestId = crypto.randomUUID();
    const first = await ok(await changeOffering(license.licenseId, { RequestId, OfferingId: pro.id }));
    const again = await ok(await changeOffering(license.licenseId, { RequestId, OfferingId: pro.id }));
    expect(again).toEqual(first);
    await refused(await changeOffering(license.licenseId, { RequestId, OfferingId: lite.id }), 409, 'RequestIdMismatch');
    await refused(await changeOffering(license.licenseId, { RequestId, OfferingId: pro.id, When: 'period_end' }), 409, 'RequestIdMismatch');
    expect(await database.db.planChange.count({ where: { licenseId: license.licenseId } })).toBe(1);
    expect(await eventsOf(license.licenseId)).toHaveLength(1);
    expect((await licenseRow(license.licenseId)).offeringId).toBe(pro.id);
  });

  it('two copies of one request at once make one change and get one answer', async () => {
    const license = await teamLicense(1);
    const RequestId = crypto.randomUUID();
    const answers = await Promise.all([0, 1].map(async () => ok(await changeOffering(license.licenseId, { RequestId, OfferingId: pro.id }))));
    expect(answers[1]).toEqual(answers[0]);
    expect(await database.db.planChange.count({ where: { licenseId: license.licenseId } })).toBe(1);
  });
});

describe('one-time purchases and buyers', () => {
  it('a one-time purchase changes only now, worth the whole difference per live seat; period_end is refused naming When', async () => {
    const product = await createProduct(database.db, sellerId);
    const standard = await createOffering(database.db, product, { name: 'Standard', priceMinor: 4900, seatBased: true });
    const plus = await createOffering(database.db, product, { name: 'Plus', priceMinor: 7900, seatBased: true });
    const minted = await database.db.$transaction((tx) => mintLicense(tx, { offering: standard, buyerAccountId: null, correlationId: null, seatCount: 2 }));
    const refusal = await refused(await changeOffering(minted.licenseId, { OfferingId: plus.id, When: 'period_end' }), 400, 'ValidationError');
    expect(refusal.Details).toEqual([expect.objectContaining({ Field: 'When' })]);
    const answer = await ok(await changeOffering(minted.licenseId, { OfferingId: plus.id }));
    expect(answer).toMatchObject({ OfferingId: plus.id, PlanChange: { When: 'now', Status: 'applied', ProrationMinor: 6000 } });
  });

  it('a buyer moves only their own license, only to an offering the storefront lists; the preview’s figures are the change’s', async () => {
    const license = await teamLicense(3);
    const buyerAccountId = (await database.db.license.findUniqueOrThrow({ where: { id: license.licenseId } })).buyerAccountId!;
    const buyer = { by: 'buyer' as const, buyerAccountId };
    const stranger = { by: 'buyer' as const, buyerAccountId: (await database.db.account.create({ data: { email: `stranger-${crypto.randomUUID()}@example.test` } })).id };
    const ctx = (now: Date) => ({ db: database.db, now });
    const ask = (actor: typeof buyer, offeringId: string) => changeLicenseOffering(ctx(new Date()), { requestId: crypto.randomUUID(), licenseId: license.licenseId, offeringId, actor });
    await expect(ask(stranger, pro.id)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(ask(buyer, enterprise.id)).rejects.toMatchObject({ code: 'ValidationError', details: [expect.objectContaining({ Field: 'OfferingId' })] });

    const at = new Date();
    const options = await listPlanChangeOptions(ctx(at), { licenseId: license.licenseId, actor: buyer });
    expect(options.options.map((option) => option.name)).toEqual(['Team Lite', 'Team Pro']);
    expect(options.refused.map((option) => option.name)).toEqual(['Team Yearly']);
    const quote = options.options.find((option) => option.offeringId === pro.id)!;
    expect(quote.defaultTiming).toBe('now');
    const changed = await changeLicenseOffering(ctx(at), { requestId: crypto.randomUUID(), licenseId: license.licenseId, offeringId: pro.id, actor: buyer });
    expect(changed.planChange).toMatchObject({ requestedBy: 'buyer', prorationMinor: quote.quotes.now!.prorationMinor, effectiveUtc: at.toISOString() });
    expect((await eventsOf(license.licenseId))[0]?.data).toMatchObject({ By: 'buyer' });
  });
});

describe('the client library', () => {
  it('SellerClient.licenses.changeOffering and cancelOfferingChange send one RequestId and answer in camelCase', async () => {
    const license = await teamLicense(1);
    const seller = new SellerClient({ baseUrl: server.baseUrl, apiKey: key, fetch: (input, init) => server.fetch(urlOf(input), init) });
    const scheduled = await seller.licenses.changeOffering({ licenseId: license.licenseId, offeringId: lite.id });
    expect(scheduled).toMatchObject({ licenseId: license.licenseId, offeringId: team.id, planChange: { status: 'scheduled', when: 'period_end', toOfferingId: lite.id }, requestId: expect.any(String) });
    expect(await seller.licenses.changeOffering({ licenseId: license.licenseId, offeringId: lite.id, requestId: scheduled.requestId })).toEqual(scheduled);
    const cancelled = await seller.licenses.cancelOfferingChange({ licenseId: license.licenseId });
    expect(cancelled.planChange).toMatchObject({ planChangeId: scheduled.planChange.planChangeId, status: 'cancelled' });
  });
});
