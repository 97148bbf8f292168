import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { JOBS } from '@/server/jobs';
import { expireLicenses } from '@/server/licensing/licenses/expire-licenses';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { ingestUsage } from '@/server/consumption/ingest-usage';
import { listUsageLedger } from '@/server/billing/list-usage-ledger';
import { reportUsage } from '@/server/billing/report-usage';
import { WRITE_SLICE_ROWS } from '@/server/platform/database/in-slices';
import { REPORT_HOLD_HOURS, USAGE_REPORT_BACKOFF } from '@/server/payments/usage-reports';
import { backoffSeconds } from '@/server/platform/backoff';
import { stripeMeterEventName } from '@/server/payments/stripe/stripe-adapter';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Billing of metered usage (the report-usage job's body) and the end of a trial (expire-licenses),
// at service level with real PostgreSQL and, for Stripe, the SDK against the local stand-in.

let database: TestDatabase;
let stripe: StripeServer;
const ctx = () => ({ db: database.db });

beforeAll(async () => {
  [database, stripe] = await Promise.all([createTestDatabase(), startStripeServer()]);
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
});

afterAll(async () => {
  await stopInvalidationListener();
  await closeDb();
  await stripe?.stop();
  await database?.drop();
});

async function meteredLicense(options: { classification?: number; interval?: number | null; intervalUnit?: number | null; stripe?: boolean } = {}) {
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, {
    classification: options.classification ?? LicenseClassification.Perpetual,
    priceMinor: options.classification === LicenseClassification.Trial ? null : 1000,
    interval: options.interval ?? null,
    intervalUnit: options.intervalUnit ?? null,
  });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', rate: '0.015', allowance: 1000, allowancePeriodUnit: 2, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
    ],
  });
  let checkoutId: string | undefined;
  if (options.stripe) {
    const checkout = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, processor: 'stripe', status: 'completed', processorCustomerId: 'cus_test_1' },
    });
    checkoutId = checkout.id;
  }
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1, checkoutId });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { minted, principal: { credentialId: code.id, licenseId: minted.licenseId, seatId: minted.seatIds[0]! } };
}

const batch = (principal: { licenseId: string }, items: { featureKey: string; units: number }[]) => ({
  licenseId: principal.licenseId,
  batchId: crypto.randomUUID(),
  items: items.map((item) => ({ ...item, timeUtc: new Date().toISOString() })),
});

const meterEventsFor = (identifier: string) => stripe.requests.filter((request) => request.path === '/v1/billing/meter_events' && request.body.identifier === identifier);

/** Runs `body` with Stripe configured against the local stand-in, then without it again. */
async function withStripe(body: () => Promise<void>): Promise<void> {
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: stripe.baseUrl });
  resetEnvForTests();
  try {
    await body();
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
    resetEnvForTests();
  }
}

describe('report-usage: metered usage billed once', () => {
  it('is a scheduled job', () => {
    expect(JOBS['report-usage'].schedule?.cron).toBe('* * * * *');
    expect(JOBS['expire-licenses'].schedule?.cron).toBe('* * * * *');
  });

  it('on the local processor, each batch becomes one ledger row per paid feature (units × rate, exact), and a second run adds nothing', async () => {
    const { principal } = await meteredLicense();
    await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 7 }, { featureKey: 'render', units: 3 }, { featureKey: 'editor', units: 5 }]), principal });
    await reportUsage(ctx());
    const charges = await database.db.usageCharge.findMany({ where: { licenseId: principal.licenseId } });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ featureKey: 'render', units: 10n, processor: 'local', processorReference: null, currency: 'usd' });
    expect(charges[0]!.amount.toString()).toBe('0.15');
    expect(await database.db.usageBatch.count({ where: { licenseId: principal.licenseId, reportedAt: null } })).toBe(0);
    await reportUsage(ctx());
    expect(await database.db.usageCharge.count({ where: { licenseId: principal.licenseId } })).toBe(1);

    // The ledger the portal shows (/portal/usage): the seller's lines and totals, no one else's.
    const license = await database.db.license.findUniqueOrThrow({ where: { id: principal.licenseId } });
    const ledger = await listUsageLedger(ctx(), { sellerId: license.sellerId });
    expect(ledger.lines).toEqual([expect.objectContaining({ licenseId: principal.licenseId, featureKey: 'render', units: '10', amount: '0.15', processor: 'local' })]);
    expect(ledger.totals).toEqual([{ currency: 'usd', amount: '0.15', units: '10' }]);
    const stranger = await createSeller(database.db);
    expect((await listUsageLedger(ctx(), { sellerId: stranger.id })).lines).toEqual([]);
  });

  it('a ledger page of more charges than one write slice is written whole: every batch one charge, the seller\'s totals their sum', async () => {
    const { principal } = await meteredLicense();
    const batches = WRITE_SLICE_ROWS * 2 + 10;
    for (let start = 0; start < batches; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, batches - start) }, () => ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 2 }]), principal })),
      );
    }
    const run = await reportUsage(ctx());
    expect(run.batches).toBeGreaterThanOrEqual(batches);
    expect(await database.db.usageCharge.count({ where: { licenseId: principal.licenseId } })).toBe(batches);
    expect(await database.db.usageBatch.count({ where: { licenseId: principal.licenseId, reportedAt: null } })).toBe(0);
    const license = await database.db.license.findUniqueOrThrow({ where: { id: principal.licenseId } });
    expect((await listUsageLedger(ctx(), { sellerId: license.sellerId })).totals).toEqual([{ currency: 'usd', amount: String((batches * 3) / 100), units: String(batches * 2) }]);
  });

  it('usage under a revoked credential is never billed', async () => {
    const { principal } = await meteredLicense();
    // Revoked before this process ever read the code, so no cached state hides it.
    await database.db.licenseCode.update({ where: { id: principal.credentialId }, data: { revokedAt: new Date() } });
    const receipt = await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 4 }]), principal });
    expect(receipt.dropped).toBe(true);
    await reportUsage(ctx());
    expect(await database.db.usageCharge.count({ where: { licenseId: principal.licenseId } })).toBe(0);
  });

  it('on Stripe, one meter event per license and feature for all the batches of a run: the buyer\'s customer, the report\'s id as identifier and idempotency key', async () => {
    await withStripe(async () => {
      const { principal } = await meteredLicense({ stripe: true });
      for (const units of [12, 5, 3]) await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units }]), principal });
      expect(await reportUsage(ctx())).toMatchObject({ sent: 1, failed: 0, held: 0 });
      const [report] = await database.db.usageReport.findMany({ where: { licenseId: principal.licenseId } });
      expect(report).toMatchObject({ featureKey: 'render', units: 20n, status: 'reported', attempts: 1 });
      const events = meterEventsFor(report!.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.body).toMatchObject({ event_name: stripeMeterEventName('render'), identifier: report!.id, 'payload[stripe_customer_id]': 'cus_test_1', 'payload[value]': '20' });
      expect(events[0]!.headers['idempotency-key']).toBe(`meter-event-${report!.id}`);
      // The ledger keeps one charge per batch, each naming the report that carried it.
      const charges = await database.db.usageCharge.findMany({ where: { licenseId: principal.licenseId } });
      expect(charges).toHaveLength(3);
      expect(charges.every((charge) => charge.processor === 'stripe' && charge.reportId === report!.id && charge.processorReference === report!.id)).toBe(true);
      // A second run sends nothing more.
      expect(await reportUsage(ctx())).toMatchObject({ batches: 0, sent: 0 });
      expect(meterEventsFor(report!.id)).toHaveLength(1);
    });
  });

  it('a report Stripe refuses is retried with backoff under the same identifier, and blocks no other license\'s report', async () => {
    await withStripe(async () => {
      const refused = await meteredLicense({ stripe: true });
      await ingestUsage(ctx(), { ...batch(refused.principal, [{ featureKey: 'render', units: 2 }]), principal: refused.principal });
      stripe.refuseNext();
      const first = await reportUsage(ctx());
      expect(first.failed).toBe(1);
      const [waiting] = await database.db.usageReport.findMany({ where: { licenseId: refused.principal.licenseId } });
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });

      // Another license's usage goes while the refused one waits for its backoff.
      const other = await meteredLicense({ stripe: true });
      await ingestUsage(ctx(), { ...batch(other.principal, [{ featureKey: 'render', units: 7 }]), principal: other.principal });
      expect(await reportUsage(ctx())).toMatchObject({ sent: 1, failed: 0 });
      expect((await database.db.usageReport.findFirstOrThrow({ where: { licenseId: other.principal.licenseId } })).status).toBe('reported');

      const later = new Date(Date.now() + (backoffSeconds(USAGE_REPORT_BACKOFF, 1) + 1) * 1000);
      expect(await reportUsage({ db: database.db, now: () => later })).toMatchObject({ sent: 1 });
      const identifiers = meterEventsFor(waiting!.id).map((event) => event.body.identifier);
      expect(identifiers).toEqual([waiting!.id, waiting!.id]);
    });
  });

  it(`a report not confirmed within ${REPORT_HOLD_HOURS} hours is held for review, never resent`, async () => {
    await withStripe(async () => {
      const { principal } = await meteredLicense({ stripe: true });
      await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 9 }]), principal });
      stripe.refuseNext();
      await reportUsage(ctx());
      const [report] = await database.db.usageReport.findMany({ where: { licenseId: principal.licenseId } });
      const tooLate = new Date(report!.createdAt.getTime() + REPORT_HOLD_HOURS * 3_600_000 + 1000);
      expect(await reportUsage({ db: database.db, now: () => tooLate })).toMatchObject({ held: 1, sent: 0 });
      expect(await database.db.usageReport.findUniqueOrThrow({ where: { id: report!.id } })).toMatchObject({ status: 'held', lastError: expect.stringContaining('held for review') });
      expect(await reportUsage({ db: database.db, now: () => new Date(tooLate.getTime() + 86_400_000) })).toMatchObject({ sent: 0, held: 0 });
      expect(meterEventsFor(report!.id)).toHaveLength(1);
    });
  });
});

describe('allowance: per seat and period (test clock)', () => {
  it('usage lowers Remaining in the current period, and the allowance is whole again from PeriodEndUtc', async () => {
    const { minted, principal } = await meteredLicense();
    const license = await database.db.license.findUniqueOrThrow({ where: { id: minted.licenseId } });
    const early = new Date(license.termStart.getTime() + 60_000);
    const remaining = async (now: Date) => {
      const authorization = await generateLicenseAuthorization(ctx(), { requestId: crypto.randomUUID(), licenseId: minted.licenseId, principal, now });
      return authorization.statement.Features.find((feature) => feature.FeatureKey === 'render')!;
    };
    expect((await remaining(early)).Remaining).toBe(1000);
    await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 400 }]), principal, now: early });
    await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 700 }]), principal, now: early });
    const spent = await remaining(early);
    expect(spent.Remaining).toBe(0);
    const periodEnd = new Date(spent.PeriodEndUtc!);
    expect((await remaining(new Date(periodEnd.getTime() - 1000))).Remaining).toBe(0);
    const next = await remaining(new Date(periodEnd.getTime() + 1000));
    expect(next.Remaining).toBe(1000);
    expect(Date.parse(next.PeriodEndUtc!)).toBeGreaterThan(periodEnd.getTime());
    // Usage in the new period counts there only.
    await ingestUsage(ctx(), { ...batch(principal, [{ featureKey: 'render', units: 10 }]), principal, now: new Date(periodEnd.getTime() + 2000) });
    expect((await remaining(new Date(periodEnd.getTime() + 3000))).Remaining).toBe(990);
  });
});

describe('expire-licenses: a trial past its end', () => {
  it('is Expired by the job and refused Expired at authorization even before the job runs (test clock)', async () => {
    const { minted, principal } = await meteredLicense({ classification: LicenseClassification.Trial, interval: 14, intervalUnit: 0 });
    const license = await database.db.license.findUniqueOrThrow({ where: { id: minted.licenseId } });
    const afterEnd = new Date(license.termEnd!.getTime() + 1000);
    const request = { requestId: crypto.randomUUID(), licenseId: minted.licenseId, principal };
    await expect(generateLicenseAuthorization(ctx(), { ...request, now: new Date(license.termEnd!.getTime() - 1000) })).resolves.toMatchObject({ statement: { LicenseId: minted.licenseId } });
    await expect(generateLicenseAuthorization(ctx(), { ...request, now: afterEnd })).rejects.toMatchObject({ code: 'AuthorizationDenied', message: expect.stringMatching(/^Expired/) });
    expect(await expireLicenses(ctx(), { now: new Date(license.termEnd!.getTime() - 1000) })).toBe(0);
    await expireLicenses(ctx(), { now: afterEnd });
    expect((await database.db.license.findUniqueOrThrow({ where: { id: minted.licenseId } })).status).toBe('Expired');
  });
});
