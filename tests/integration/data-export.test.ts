import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/generated/prisma/client';
import { resetEnvForTests } from '@/server/env';
import { JOBS } from '@/server/jobs';
import { CUSTOMER_CSV_HEADER } from '@/server/orders/customers-csv';
import { ORDER_CSV_HEADER } from '@/server/orders/orders-csv';
import { startJobQueue, stopJobQueue } from '@/server/platform/jobs/job-queue';
import { buildDataExport } from '@/server/sellers/data-export/build-data-export';
import { cleanExpiredDataExports, resumeDataExports } from '@/server/sellers/data-export/data-export-sweeps';
import { appRouter } from '@/server/trpc/app-router';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';

// A seller's data export (docs/buyers-and-sellers.md "Exporting your data"): requested through the
// portal's procedure, built by the `build-data-export` job on real pg-boss and PostgreSQL, its
// ready e-mail delivered over real SMTP. The store holds 10,000 licenses.

const setup = inProcessCore({ PUBLIC_BASE_URL: 'http://portal.test' });
let smtp: TestSmtpServer;
const LICENSES = 10_000;
const BUYERS = 40;
const ORDERS = 25;
/** Every progress value the builder wrote, per export id, in order. */
const progressWrites = new Map<string, number[]>();

const db = () => setup.database.db;
const unique = () => crypto.randomBytes(4).toString('hex');

async function member(sellerId: string, role: 'Owner' | 'Admin' | 'Developer' | 'Support' | 'Viewer') {
  const account = await db().account.create({ data: { email: `${role.toLowerCase()}-${unique()}@example.test` } });
  await db().sellerMember.create({ data: { sellerId, accountId: account.id, role } });
  return { account, caller: appRouter.createCaller({ db: db(), session: { accountId: account.id, email: account.email } }) };
}

/** A store: a product, two offerings (one with a second currency's price), features, buyers, `licenses` licenses with a seat each, orders and some usage. */
async function seedStore(licenses: number, emailPrefix: string) {
  const seller = await createSeller(db());
  const product = await createProduct(db(), seller.id);
  const monthly = await createOffering(db(), product, { classification: LicenseClassification.Subscription, priceMinor: 1500, interval: 1, intervalUnit: 2, seatBased: true });
  const perpetual = await createOffering(db(), product, { priceMinor: 9900 });
  await db().offeringPrice.create({ data: { offeringId: monthly.id, currency: 'eur', amountMinor: 1400 } });
  await db().feature.createMany({
    data: [
      { offeringId: monthly.id, key: 'export', displayName: 'Export', allowance: 100, allowancePeriodUnit: 2 },
      { offeringId: perpetual.id, key: 'render', displayName: '=HYPERLINK("x")', rate: '0.25' },
    ],
  });
  const buyers = Array.from({ length: Math.min(BUYERS, licenses) }, (_, index) => ({ id: crypto.randomUUID(), email: `${emailPrefix}-${index}-${unique()}@example.test` }));
  await db().account.createMany({ data: buyers });
  const licenseIds: string[] = [];
  for (let start = 0; start < licenses; start += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, licenses - start) }, (_, offset) => {
      const index = start + offset;
      return {
        id: crypto.randomUUID(),
        sellerId: seller.id,
        offeringId: index % 2 ? monthly.id : perpetual.id,
        buyerAccountId: buyers[index % buyers.length]!.id,
        classification: index % 2 ? LicenseClassification.Subscription : LicenseClassification.Perpetual,
        tenantId: `tenant-${index}`,
      };
    });
    await db().license.createMany({ data: batch });
    await db().seat.createMany({ data: batch.map((license) => ({ licenseId: license.id })) });
    licenseIds.push(...batch.map((license) => license.id));
  }
  await db().checkout.createMany({
    data: Array.from({ length: Math.min(ORDERS, licenses) }, (_, index) => ({
      requestId: crypto.randomUUID(),
      origin: 'purchase' as const,
      status: 'completed' as const,
      sellerId: seller.id,
      offeringId: perpetual.id,
      buyerAccountId: buyers[index % buyers.length]!.id,
      amountMinor: 9900n,
      currency: 'usd',
    })),
  });
  return { seller, licenseIds, buyers, monthly };
}

/** Usage of one license's seat on two days, one batch dropped (under a revoked code: never counted). */
async function seedUsage(licenseId: string) {
  const seat = await db().seat.findFirstOrThrow({ where: { licenseId } });
  const key = await db().signingKey.create({ data: { purpose: 'runtime', kid: `kid-${unique()}`, publicJwk: {}, privateKeyCiphertext: 'x' } });
  const code = await db().licenseCode.create({ data: { licenseId, seatId: seat.id, secretHash: unique(), signingKeyId: key.id } });
  const batch = (receivedAt: string, units: number, dropped = false) => ({
    batchId: unique(),
    licenseId,
    seatId: seat.id,
    credentialId: code.id,
    receivedAt: new Date(receivedAt),
    dropped,
    records: [{ FeatureKey: 'export', Units: units }],
    units: BigInt(units),
  });
  await db().usageBatch.createMany({ data: [batch('2026-11-01T10:00:00Z', 3), batch('2026-11-01T18:00:00Z', 4), batch('2026-11-02T09:00:00Z', 5), batch('2026-11-02T10:00:00Z', 50, true)] });
}

/** The client the job worker uses: the test database's, recording each progress the builder writes. */
function progressRecordingDb(): PrismaClient {
  return db().$extends({
    query: {
      dataExport: {
        async updateMany({ args, query }) {
          const progress = (args.data as { progress?: unknown }).progress;
          const id = (args.where as { id?: unknown } | undefined)?.id;
          if (typeof progress === 'number' && typeof id === 'string') progressWrites.set(id, [...(progressWrites.get(id) ?? []), progress]);
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const readyExport = (id: string) => until(async () => {
  const row = await db().dataExport.findUniqueOrThrow({ where: { id } });
  if (row.status === 'Failed') throw new Error(`export failed: ${row.failure}`);
  return row.status === 'Ready' ? row : undefined;
});

/** The CSV files of a ZIP, each as its lines (CRLF-separated, the last line ended). */
function csvFilesOf(zip: Uint8Array): Record<string, string[]> {
  const files = unzipSync(zip);
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes).split('\r\n').slice(0, -1)]));
}

let store: Awaited<ReturnType<typeof seedStore>>;
let otherStore: Awaited<ReturnType<typeof seedStore>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Licensing service <no-reply@licensing.test>';
  resetEnvForTests();
  [store, otherStore] = [await seedStore(LICENSES, 'buyer'), await seedStore(3, 'elsewhere')];
  await seedUsage(store.licenseIds[1]!);
  await seedUsage(otherStore.licenseIds[0]!);
  await startJobQueue({ databaseUrl: setup.database.url, worker: true, jobs: JOBS, db: progressRecordingDb(), retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 });
}, 180_000);

afterAll(async () => {
  await stopJobQueue({ graceMs: 1_000 });
  await smtp?.stop();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe('a seller exports its data', () => {
  let zip: Uint8Array;
  let files: Record<string, string[]>;
  let owner: Awaited<ReturnType<typeof member>>;
  let exportId: string;

  it('builds a ZIP of CSV files for a store of 10,000 licenses, its progress going from 0 to 100 in a few steps', async () => {
    owner = await member(store.seller.id, 'Owner');
    const requested = await owner.caller.dataExport.request();
    expect(requested).toMatchObject({ status: 'Queued', progress: 0, downloadable: false });
    exportId = requested.id;

    const row = await readyExport(exportId);
    expect(row.progress).toBe(100);
    expect(row.fileBytes).toBe(row.file!.byteLength);
    expect(row.expiresAt!.getTime() - row.finishedAt!.getTime()).toBe(7 * 86_400_000);

    const progress = progressWrites.get(exportId)!;
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // A handful of writes, not one per row.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.length).toBeLessThanOrEqual(12);

    zip = row.file!;
    files = csvFilesOf(zip);
    expect(Object.keys(files).sort()).toEqual(['customers.csv', 'features.csv', 'licenses.csv', 'offerings.csv', 'orders.csv', 'products.csv', 'usage-per-day.csv']);
  }, 180_000);

  it('writes every file with its header and one row per record of the seller', () => {
    const rows = (name: string) => files[name]!.slice(1);
    expect(files['licenses.csv']![0]).toBe('License id,Product,Offering,Customer e-mail,Status,Classification,Seats,Term start (UTC),Term end (UTC),Trial end (UTC),Tenant id,Order id,Created (UTC)');
    expect(rows('licenses.csv')).toHaveLength(LICENSES);
    expect(new Set(rows('licenses.csv').map((line) => line.split(',')[0]))).toEqual(new Set(store.licenseIds));
    // Each license's live seats.
    expect(rows('licenses.csv').every((line) => line.split(',')[6] === '1')).toBe(true);

    expect(files['orders.csv']![0]).toBe(ORDER_CSV_HEADER.join(','));
    expect(rows('orders.csv')).toHaveLength(ORDERS);
    expect(files['customers.csv']![0]).toBe(CUSTOMER_CSV_HEADER.join(','));
    expect(rows('customers.csv')).toHaveLength(BUYERS);
    expect(rows('products.csv')).toHaveLength(1);
    expect(rows('offerings.csv')).toHaveLength(2);
    expect(rows('offerings.csv').find((line) => line.startsWith(store.monthly.id))).toContain(',15.00,USD,EUR 14.00,1,month,yes,');
    expect(rows('features.csv')).toHaveLength(2);
    // A cell a spreadsheet would run as a formula is written as text.
    expect(rows('features.csv').some((line) => line.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
    expect(files['usage-per-day.csv']![0]).toBe('Day (UTC),License id,Feature key,Units');
    expect(rows('usage-per-day.csv')).toEqual([`2026-11-01,${store.licenseIds[1]},export,7`, `2026-11-02,${store.licenseIds[1]},export,5`]);
  });

  it('leaves out every row of another seller', () => {
    const text = Object.values(files).flat().join('\n');
    for (const licenseId of otherStore.licenseIds) expect(text).not.toContain(licenseId);
    for (const buyer of otherStore.buyers) expect(text).not.toContain(buyer.email);
    expect(text).not.toContain(otherStore.monthly.id);
  });

  it('e-mails the requester once that the export is ready, with the portal’s export page', async () => {
    const mail = await smtp.waitForMail((received) => received.to === owner.account.email);
    expect(mail.subject).toMatch(/export .* is ready/);
    expect(mail.text).toContain('http://portal.test/portal/export');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.messages.filter((received) => received.to === owner.account.email)).toHaveLength(1);
    expect(await db().email.count({ where: { to: owner.account.email, kind: 'data-export-ready' } })).toBe(1);
  });

  it('lists the export as downloadable and hands its ZIP only to the portal’s download route', async () => {
    const [listed] = await owner.caller.dataExport.list();
    expect(listed).toMatchObject({ id: exportId, status: 'Ready', progress: 100, downloadable: true });
    expect(listed).not.toHaveProperty('file');
    const serverCaller = appRouter.createCaller({ db: db(), session: { accountId: owner.account.id, email: owner.account.email }, transport: 'server' });
    const file = await serverCaller.dataExport.file({ exportId });
    expect(Buffer.from(file.bytes).equals(Buffer.from(zip))).toBe(true);
    expect(file.filename).toMatch(/^seller-[0-9a-f]+-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(owner.caller.dataExport.file({ exportId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Another seller's Owner gets nothing of it.
    const stranger = await member(otherStore.seller.id, 'Owner');
    const strangerServer = appRouter.createCaller({ db: db(), session: { accountId: stranger.account.id, email: stranger.account.email }, transport: 'server' });
    await expect(strangerServer.dataExport.file({ exportId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('drops the file once it expires (the daily clean-up), and the download is refused after', async () => {
    const keptOne = await db().dataExport.create({
      data: { sellerId: otherStore.seller.id, requestedById: owner.account.id, status: 'Ready', progress: 100, file: new Uint8Array([1, 2, 3]), fileBytes: 3, expiresAt: new Date(Date.now() + 30 * 86_400_000) },
    });
    const row = await db().dataExport.findUniqueOrThrow({ where: { id: exportId } });
    const result = await cleanExpiredDataExports({ db: db(), now: () => new Date(row.expiresAt!.getTime() + 1) });
    expect(result.deleted).toBe(1);
    expect((await db().dataExport.findUniqueOrThrow({ where: { id: exportId } })).file).toBeNull();
    expect((await db().dataExport.findUniqueOrThrow({ where: { id: keptOne.id } })).file).not.toBeNull();
    // The row stays, so the page still lists it; the download is gone.
    const serverCaller = appRouter.createCaller({ db: db(), session: { accountId: owner.account.id, email: owner.account.email }, transport: 'server' });
    await expect(serverCaller.dataExport.file({ exportId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('expired') });
    await db().dataExport.delete({ where: { id: keptOne.id } });
  });
});

describe('one export at a time per seller', () => {
  it('answers a second request while one is running with the running export, creating no other', async () => {
    const seller = await createSeller(db());
    const admin = await member(seller.id, 'Admin');
    const running = await db().dataExport.create({ data: { sellerId: seller.id, requestedById: admin.account.id, status: 'Running', progress: 40 } });
    const again = await admin.caller.dataExport.request();
    expect(again).toMatchObject({ id: running.id, status: 'Running', progress: 40 });
    expect(await db().dataExport.count({ where: { sellerId: seller.id } })).toBe(1);
  });

  it('makes two requests at the same moment one export', async () => {
    const seller = await createSeller(db());
    const owner = await member(seller.id, 'Owner');
    const admin = await member(seller.id, 'Admin');
    const [first, second] = await Promise.all([owner.caller.dataExport.request(), admin.caller.dataExport.request()]);
    expect(second.id).toBe(first.id);
    expect(await db().dataExport.count({ where: { sellerId: seller.id } })).toBe(1);
    await readyExport(first.id);
  }, 60_000);
});

describe('the resume sweep', () => {
  it('starts an export whose request never reached the queue, and fails one that died Running', async () => {
    const seller = await createSeller(db());
    const owner = await member(seller.id, 'Owner');
    const lost = await db().dataExport.create({ data: { sellerId: seller.id, requestedById: owner.account.id, createdAt: new Date(Date.now() - 3 * 60_000) } });
    const justNow = await db().dataExport.create({ data: { sellerId: (await createSeller(db())).id, requestedById: owner.account.id } });
    const dead = await db().dataExport.create({ data: { sellerId: (await createSeller(db())).id, requestedById: owner.account.id, status: 'Running', progress: 30, createdAt: new Date(Date.now() - 3 * 60 * 60_000) } });

    expect(await resumeDataExports({ db: db() })).toEqual({ started: 1, failed: 1 });
    expect(await readyExport(lost.id)).toMatchObject({ status: 'Ready', progress: 100 });
    expect(await db().dataExport.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: 'Failed', failure: 'The export did not finish. Request a new one.' });
    // A request of a moment ago is its own job's to start.
    expect((await db().dataExport.findUniqueOrThrow({ where: { id: justNow.id } })).status).toBe('Queued');
    await db().dataExport.delete({ where: { id: justNow.id } });
  }, 60_000);
});

describe('a build that fails', () => {
  it('is retried while attempts are left, then Failed with a short reason that shows no internals', async () => {
    const seller = await createSeller(db());
    const owner = await member(seller.id, 'Owner');
    const queued = await db().dataExport.create({ data: { sellerId: seller.id, requestedById: owner.account.id } });
    const failing = db().$extends({
      query: {
        product: {
          findMany() {
            throw new Error('connection reset by 10.0.0.7');
          },
        },
      },
    }) as unknown as PrismaClient;

    await expect(buildDataExport({ db: failing }, queued.id, { attempt: 1, lastAttempt: false })).rejects.toThrow('connection reset');
    expect(await db().dataExport.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: 'Running', failure: null });

    await expect(buildDataExport({ db: failing }, queued.id, { attempt: 3, lastAttempt: true })).resolves.toBe('failed');
    const failed = await db().dataExport.findUniqueOrThrow({ where: { id: queued.id } });
    expect(failed).toMatchObject({ status: 'Failed', file: null });
    expect(failed.failure).toMatch(/^The export could not be built\./);
    expect(failed.failure).not.toContain('10.0.0.7');
    expect(await db().email.count({ where: { to: owner.account.email } })).toBe(0);
  });
});

describe('who may export', () => {
  it.each(['Developer', 'Support', 'Viewer'] as const)('refuses a %s (FORBIDDEN) and creates nothing', async (role) => {
    const seller = await createSeller(db());
    const { caller } = await member(seller.id, role);
    await expect(caller.dataExport.request()).rejects.toMatchObject({ code: 'FORBIDDEN', message: `Your role (${role}) cannot export the store's data; ask an Owner or Admin of the store.` });
    await expect(caller.dataExport.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db().dataExport.count({ where: { sellerId: seller.id } })).toBe(0);
  });
});
