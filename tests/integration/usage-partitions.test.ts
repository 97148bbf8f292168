import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { mintLicense } from '@/server/licensing/licenses/mint-license';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { ingestUsage } from '@/server/consumption/ingest-usage';
import { reportUsage } from '@/server/billing/report-usage';
import { listUsageLedger } from '@/server/billing/list-usage-ledger';
import { maintainUsagePartitions } from '@/server/consumption/usage-partitions';
import { usageByFeatureAndDay } from '@/server/consumption/usage-by-feature-and-day';
import { usagePerLicenseAndDay } from '@/server/consumption/usage-days';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from '@/server/platform/database/migrate';
import { JOBS } from '@/server/jobs';

// Usage that grows for years (docs/operations.md "Usage data over the years"): batches in monthly
// partitions, the once-only rule across months, daily rollups and the seller's totals written once
// by the billing job, and months dropped after the retention only once billed. Service level, real
// PostgreSQL; the months here are 2020's, so the partitions of today's month (made by the migration)
// are never in play.

let database: TestDatabase;
const ctx = () => ({ db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
});

afterAll(async () => {
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

async function meteredLicense() {
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 1000 });
  await database.db.feature.create({ data: { offeringId: offering.id, key: 'render', displayName: 'Render', rate: '0.01', accessLevel: 'Allowed' } });
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1 });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { sellerId: seller.id, licenseId: minted.licenseId, principal: { credentialId: code.id, licenseId: minted.licenseId, seatId: minted.seatIds[0]! } };
}

type Metered = Awaited<ReturnType<typeof meteredLicense>>;

const send = (license: Metered, units: number, now: Date, batchId: string = crypto.randomUUID()) =>
  ingestUsage(ctx(), { principal: license.principal, licenseId: license.licenseId, batchId, items: [{ featureKey: 'render', units, timeUtc: now.toISOString() }], now });

async function partitionOf(batchId: string): Promise<string[]> {
  const rows = await database.db.$queryRaw<{ partition: string }[]>`SELECT tableoid::regclass::text AS "partition" FROM "UsageBatch" WHERE "batchId" = ${batchId}`;
  return rows.map((row) => row.partition);
}

const partitionExists = async (name: string) =>
  (await database.db.$queryRaw<{ present: boolean }[]>`SELECT to_regclass(${`"${name}"`}) IS NOT NULL AS "present"`)[0]!.present;

describe('usage data partitioned by month', () => {
  it('a batch of a month without a partition lands in the default one and moves into its month when the job makes it; a retry in a later month is counted once', async () => {
    const license = await meteredLicense();
    const march = crypto.randomUUID();
    expect(await send(license, 3, new Date('2020-03-10T12:00:00Z'), march)).toMatchObject({ duplicate: false });
    expect(await partitionOf(march)).toEqual(['"UsageBatch_default"']);

    const run = await maintainUsagePartitions({ ...ctx(), now: new Date('2020-03-15T00:00:00Z'), retentionDays: 400 });
    expect(run.created).toEqual(['2020-03', '2020-04', '2020-05', '2020-06']);
    expect(await partitionOf(march)).toEqual(['"UsageBatch_2020_03"']);
    // Made once: a second run makes nothing.
    expect((await maintainUsagePartitions({ ...ctx(), now: new Date('2020-03-15T00:00:00Z'), retentionDays: 400 })).created).toEqual([]);

    expect(await send(license, 3, new Date('2020-04-05T08:00:00Z'), march)).toMatchObject({ duplicate: true });
    expect(await partitionOf(march)).toEqual(['"UsageBatch_2020_03"']);
    expect(await database.db.usageBatchKey.count({ where: { batchId: march } })).toBe(1);
  });

  it('the billing job rolls each batch into the daily rollups once, and the chart shows the same before and after it', async () => {
    const license = await meteredLicense();
    const now = new Date();
    await send(license, 4, now);
    await send(license, 6, now);
    const before = await usageByFeatureAndDay({ ...ctx(), now }, { id: license.licenseId });
    expect(before.features).toEqual([{ featureKey: 'render', units: [...Array(29).fill(0), 10] }]);

    await reportUsage(ctx());
    await reportUsage(ctx());
    const rollups = await database.db.usageDay.findMany({ where: { licenseId: license.licenseId } });
    expect(rollups.map((row) => ({ featureKey: row.featureKey, seatId: row.seatId, units: row.units }))).toEqual([{ featureKey: 'render', seatId: license.principal.seatId, units: 10n }]);
    expect(await usageByFeatureAndDay({ ...ctx(), now }, { id: license.licenseId })).toEqual(before);
  });

  it('a month past the retention is kept while any of its batches is unbilled, then dropped whole; its rollups, ledger and other months stay', async () => {
    const license = await meteredLicense();
    await maintainUsagePartitions({ ...ctx(), now: new Date('2020-03-15T00:00:00Z'), retentionDays: 400 });
    const april = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await send(license, 5, new Date('2020-04-02T09:00:00Z'), april);
    await send(license, 7, new Date(), recent);

    const early = await maintainUsagePartitions({ ...ctx(), retentionDays: 400 });
    expect(early.keptUnbilled).toEqual(expect.arrayContaining(['2020-04']));
    expect(early.dropped).not.toContain('2020-04');
    expect(await partitionOf(april)).toEqual(['"UsageBatch_2020_04"']);

    await reportUsage(ctx());
    const late = await maintainUsagePartitions({ ...ctx(), retentionDays: 400 });
    expect(late.dropped).toEqual(['2020-04']);
    expect(late.keptUnbilled).toEqual([]);
    expect(await partitionExists('UsageBatch_2020_04')).toBe(false);
    expect(await partitionOf(april)).toEqual([]);
    expect(await database.db.usageBatchKey.count({ where: { batchId: april } })).toBe(0);
    // This month's batch, its key and its partition are untouched.
    expect(await database.db.usageBatchKey.count({ where: { batchId: recent } })).toBe(1);
    expect(await partitionOf(recent)).toHaveLength(1);

    const history = await usagePerLicenseAndDay(database.db, { licenseIds: [license.licenseId] });
    expect(history.map((row) => [row.day, row.units])).toEqual([
      ['2020-04-02', '5'],
      [new Date().toISOString().slice(0, 10), '7'],
    ]);
    expect(await database.db.usageCharge.count({ where: { licenseId: license.licenseId } })).toBe(2);
    // The usage page's totals, kept as the charges were written, are the ledger's sum.
    expect((await listUsageLedger(ctx(), { sellerId: license.sellerId })).totals).toEqual([{ currency: 'usd', amount: '0.12', units: '12' }]);
  });
});

/** A batch received at `at`, in a month whose partition the job made, billed. */
async function billedBatchIn(at: string): Promise<string> {
  const license = await meteredLicense();
  await maintainUsagePartitions({ ...ctx(), now: new Date(at), retentionDays: 400 });
  const batchId = crypto.randomUUID();
  await send(license, 2, new Date(at), batchId);
  await reportUsage(ctx());
  return batchId;
}

/**
 * A connection in a transaction that holds "UsageBatch" and this month's partition only (a
 * constant bound, so the planner prunes and locks the other months away), as the billing job's
 * first statement does.
 */
async function holdingTheUsageTable(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`SELECT 1 FROM "UsageBatch" WHERE "receivedAt" >= '${new Date(Date.now() - 86_400_000).toISOString()}'::timestamp LIMIT 1`);
  return client;
}

describe('dropping a month beside the billing job', () => {
  it('takes the parent table before the month, as every statement on usage does: a transaction that holds the parent and then reads every month finishes, and the month is dropped after it (no deadlock)', async () => {
    const august = await billedBatchIn('2020-08-05T09:00:00Z');
    // As the billing job's transaction: its first statement holds the parent (and this month's
    // partition only); its next reaches for every month.
    const billing = await holdingTheUsageTable();
    try {
      const billingPid = (await billing.query<{ pid: number }>('SELECT pg_backend_pid() AS "pid"')).rows[0]!.pid;
      const maintained = maintainUsagePartitions({ ...ctx(), retentionDays: 400 }).then(
        (run) => ({ run, error: null }),
        (error: unknown) => ({ run: null, error }),
      );
      // The drop is waiting for the billing transaction's lock on the parent.
      for (let waited = 0; ; waited += 20) {
        const [waiting] = (await database.db.$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS "count" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND a.datname = current_database() AND l.pid <> ${billingPid}`);
        if (waiting!.count > 0) break;
        if (waited > 10_000) throw new Error('the drop never waited for the billing transaction');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const everyMonth = await billing.query<{ count: string }>('SELECT count(*)::text AS "count" FROM "UsageBatch"');
      expect(Number(everyMonth.rows[0]!.count)).toBeGreaterThan(0);
      await billing.query('COMMIT');

      const { run, error } = await maintained;
      expect(error).toBeNull();
      expect(run!.dropped).toContain('2020-08');
      expect(await partitionExists('UsageBatch_2020_08')).toBe(false);
      expect(await partitionOf(august)).toEqual([]);
    } finally {
      await billing.end();
    }
  });
});

describe('a drop that cannot have the usage table soon', () => {
  it('leaves the month to the next run (keptBusy) after its short wait, so ingestion is not held up behind it; the next run drops it', async () => {
    const february = await billedBatchIn('2021-02-03T09:00:00Z');
    const holder = await holdingTheUsageTable();
    try {
      const busy = await maintainUsagePartitions({ ...ctx(), retentionDays: 400 });
      expect(busy.keptBusy).toContain('2021-02');
      expect(busy.dropped).not.toContain('2021-02');
      expect(await partitionOf(february)).toEqual(['"UsageBatch_2021_02"']);
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    const next = await maintainUsagePartitions({ ...ctx(), retentionDays: 400 });
    expect(next.dropped).toContain('2021-02');
    expect(next.keptBusy).toEqual([]);
    expect(await partitionOf(february)).toEqual([]);
  });
});

describe('the migration to monthly usage', () => {
  it('is a daily scheduled job', () => {
    expect(JOBS['maintain-usage-partitions'].schedule?.cron).toBe('41 2 * * *');
  });

  it('keeps a deployment\'s usage: every batch in its month, its BatchId still once-only, billed batches rolled up, the ledger given its seller and the totals', async () => {
    const fresh = await createTestDatabase();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      // The database as a deployment has it before these migrations, with usage in it.
      await client.query('drop schema public cascade; create schema public;');
      for (const { name } of readMigrations().filter((file) => file.name < '20261204021500')) fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(earlier, name), { recursive: true });
      await applyMigrations(fresh.url, earlier);
      // Only the columns that schema had: a later migration adds others to Seller.
      const seller = await fresh.db.seller.create({ data: { issuerClientId: `upgrade-${crypto.randomBytes(3).toString('hex')}` }, select: { id: true } });
      const product = await createProduct(fresh.db, seller.id);
      const offering = await createOffering(fresh.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 1000 });
      // Rows made directly: this process's caches (the signing keys) belong to the file's other database.
      const license = await fresh.db.license.create({ data: { sellerId: seller.id, offeringId: offering.id, classification: LicenseClassification.Perpetual } });
      await fresh.db.licenseFeature.create({ data: { licenseId: license.id, key: 'render', displayName: 'Render', rate: '0.01' } });
      const seat = await fresh.db.seat.create({ data: { licenseId: license.id } });
      const key = await fresh.db.signingKey.create({ data: { purpose: 'runtime', kid: crypto.randomUUID(), publicJwk: {}, privateKeyCiphertext: 'unused' } });
      const code = await fresh.db.licenseCode.create({ data: { licenseId: license.id, seatId: seat.id, label: 'app', secretHash: crypto.randomUUID(), signingKeyId: key.id } });
      const minted = { licenseId: license.id, seatIds: [seat.id] };
      const insertBatch = (id: string, batchId: string, receivedAt: string, units: number, reportedAt: string | null) =>
        client.query(
          `INSERT INTO "UsageBatch" ("id", "batchId", "licenseId", "seatId", "credentialId", "receivedAt", "records", "units", "reportedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [id, batchId, minted.licenseId, minted.seatIds[0], code.id, receivedAt, JSON.stringify([{ FeatureKey: 'render', Units: units, TimeUtc: receivedAt }]), units, reportedAt],
        );
      await insertBatch('b-old', 'batch-old', '2020-02-03T10:00:00Z', 4, '2020-02-03T10:01:00Z');
      await insertBatch('b-new', 'batch-new', new Date().toISOString(), 6, null);
      await client.query(
        `INSERT INTO "UsageCharge" ("id", "usageBatchId", "licenseId", "seatId", "featureKey", "units", "rate", "amount", "currency", "processor") VALUES ('c-old', 'b-old', $1, $2, 'render', 4, 0.01, 0.04, 'usd', 'local')`,
        [minted.licenseId, minted.seatIds[0]],
      );

      expect(await applyMigrations(fresh.url)).toEqual(readMigrations().filter((file) => file.name >= '20261204021500').map((file) => file.name));
      const placed = await client.query(`SELECT "id", tableoid::regclass::text AS "partition" FROM "UsageBatch" ORDER BY "id"`);
      expect(placed.rows).toEqual([
        { id: 'b-new', partition: `"UsageBatch_${new Date().toISOString().slice(0, 7).replace('-', '_')}"` },
        { id: 'b-old', partition: '"UsageBatch_2020_02"' },
      ]);
      // A retry of a batch sent before the migration is still a duplicate.
      const retry = await ingestUsage(
        { db: fresh.db },
        { principal: { credentialId: code.id, licenseId: minted.licenseId, seatId: minted.seatIds[0]! }, licenseId: minted.licenseId, batchId: 'batch-old', items: [{ featureKey: 'render', units: 4, timeUtc: new Date().toISOString() }] },
      );
      expect(retry.duplicate).toBe(true);
      expect((await client.query(`SELECT "licenseId", to_char("day", 'YYYY-MM-DD') AS "day", "units"::int FROM "UsageDay"`)).rows).toEqual([{ licenseId: minted.licenseId, day: '2020-02-03', units: 4 }]);
      expect((await client.query(`SELECT "sellerId" FROM "UsageCharge"`)).rows).toEqual([{ sellerId: seller.id }]);
      expect((await client.query(`SELECT "sellerId", "currency", "units"::int, "amount"::text FROM "SellerUsageTotal"`)).rows).toEqual([{ sellerId: seller.id, currency: 'usd', units: 4, amount: '0.040000' }]);
    } finally {
      fs.rmSync(earlier, { recursive: true, force: true });
      await client.end();
      await fresh.drop();
    }
  });
});
