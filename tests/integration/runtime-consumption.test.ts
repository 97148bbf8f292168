import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offering } from '@/generated/prisma/client';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { resetEnvForTests } from '@/server/env';
import { issueLicenseCode } from '@/server/licensing/issue-license-code';
import { mintLicense } from '@/server/licensing/mint-license';
import { decodeLicenseCode } from '@/server/licensing/runtime-token';
import { publishInvalidation, stopAllInvalidationListeners } from '@/server/platform/invalidation/invalidation';
import { generateLicenseAuthorization } from '@/server/runtime/generate-license-authorization';
import { ingestUsage } from '@/server/runtime/ingest-usage';
import type { RuntimePrincipal } from '@/server/runtime/verify-runtime-token';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// POST /consumption/runtime/messages (spec "Runtime paths", "Limits"): the REST rules over real HTTP,
// and the allowance periods at service level with a test clock (`now`). Licenses are minted in this
// process on the servers' database with the servers' APP_SECRET and issuer, as a sale would. The
// offering's `render` feature has an allowance of 100 units per month per seat and a rate limit;
// `editor` is unlimited.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const MESSAGES = '/consumption/runtime/messages';
const ALLOWANCE = 100;

let database: TestDatabase;
let server: TestServer;
let limited: TestServer;
let offering: Offering;

interface SeatCredential {
  licenseId: string;
  seatId: string;
  codeId: string;
  token: string;
}

async function sold(options: { now?: Date } = {}): Promise<SeatCredential> {
  const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 1, now: options.now });
  const code = await database.db.licenseCode.findFirstOrThrow({ where: { licenseId: minted.licenseId } });
  return { licenseId: minted.licenseId, seatId: minted.seatIds[0]!, codeId: code.id, token: decodeLicenseCode(minted.code!)! };
}

/** A second credential of the seat of `license`. */
async function anotherCode(license: { licenseId: string; seatId: string }, label = 'Build agent'): Promise<SeatCredential> {
  const issued = await issueLicenseCode({ db: database.db }, { licenseId: license.licenseId, seatId: license.seatId, label });
  return { licenseId: license.licenseId, seatId: license.seatId, codeId: issued.credentialId, token: decodeLicenseCode(issued.code)! };
}

function post(base: string, path: string, body: unknown, token: string) {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
}

const item = (units: number, FeatureKey = 'render') => ({ FeatureKey, Units: units, TimeUtc: new Date().toISOString() });

const send = (license: SeatCredential, body: Record<string, unknown>, base = server.baseUrl) =>
  post(base, MESSAGES, { LicenseId: license.licenseId, BatchId: crypto.randomUUID(), ...body }, license.token);

/** Remaining of `render` for the credential's seat, from an authorization over HTTP. */
async function remaining(license: SeatCredential): Promise<number | null> {
  const response = await post(server.baseUrl, '/licensing/runtime/GenerateLicenseAuthorization', { RequestId: crypto.randomUUID(), LicenseId: license.licenseId }, license.token);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { Features: { FeatureKey: string; Remaining: number | null }[] };
  return body.Features.find((feature) => feature.FeatureKey === 'render')!.Remaining;
}

async function expectValidationError(response: Response, field: string) {
  expect(response.status, field).toBe(400);
  const body = await response.json();
  expect(body.Code, field).toBe('ValidationError');
  expect(body.CorrelationId).toBe(response.headers.get('x-correlation-id'));
  expect(body.Details.map((detail: { Field: string }) => detail.Field), field).toContain(field);
  return body;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ databaseUrl: database.url, env: { APP_SECRET } });
  const shared = { APP_SECRET, PUBLIC_BASE_URL: server.baseUrl };
  limited = await startTestServer({ databaseUrl: database.url, env: { ...shared, TEST_LIMITS: JSON.stringify({ consumption: { points: 3, durationSeconds: 30 } }) } });
  // The service-level calls below sign with the servers' keys and issuer.
  Object.assign(process.env, { DATABASE_URL: database.url, ...shared });
  resetEnvForTests();

  const seller = await createSeller(database.db, { checkoutReady: true });
  offering = await createOffering(database.db, await createProduct(database.db, seller.id), {
    classification: LicenseClassification.Subscription,
    priceMinor: 900,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
  });
  await database.db.feature.createMany({
    data: [
      { offeringId: offering.id, key: 'render', displayName: 'Render', allowance: ALLOWANCE, allowancePeriodUnit: IntervalUnit.Month, rateLimit: 120, accessLevel: 'Allowed' },
      { offeringId: offering.id, key: 'editor', displayName: 'Editor', accessLevel: 'Allowed' },
    ],
  });
});

afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
  await stopAllInvalidationListeners();
  await database?.drop();
});

describe('POST /consumption/runtime/messages over HTTP', () => {
  it('200 answers the receipt once the batch is committed, stamped with the credential and the seat', async () => {
    const license = await sold();
    const BatchId = crypto.randomUUID();
    const items = [item(7), item(3, 'editor'), item(2)];
    const response = await send(license, { BatchId, Items: items });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ BatchId, Items: 3, Duplicate: false, Dropped: false });
    const row = await database.db.usageBatch.findUniqueOrThrow({ where: { credentialId_batchId: { credentialId: license.codeId, batchId: BatchId } } });
    expect(row).toMatchObject({ licenseId: license.licenseId, seatId: license.seatId, credentialId: license.codeId, dropped: false, units: 12n, reportedAt: null });
    expect(row.records).toEqual(items.map((entry) => ({ FeatureKey: entry.FeatureKey, Units: entry.Units, TimeUtc: entry.TimeUtc })));
    // Only the feature with an allowance has a window: 7 + 2 units of render.
    const windows = await database.db.allowanceWindow.findMany({ where: { seatId: license.seatId } });
    expect(windows.map((window) => [window.featureKey, window.used])).toEqual([['render', 9n]]);
    expect(await remaining(license)).toBe(ALLOWANCE - 9);
  });

  it("a LicenseId that is not the credential's is 400 ValidationError naming LicenseId, and no UsageBatch row is written", async () => {
    const [mine, other] = [await sold(), await sold()];
    for (const LicenseId of [other.licenseId, crypto.randomUUID()]) {
      const BatchId = crypto.randomUUID();
      const response = await post(server.baseUrl, MESSAGES, { LicenseId, BatchId, Items: [item(1)] }, mine.token);
      const body = await expectValidationError(response, 'LicenseId');
      expect(body.Details).toEqual([expect.objectContaining({ Field: 'LicenseId', Code: 'NotCredentialLicense' })]);
      expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(0);
    }
    expect(await database.db.usageBatch.count({ where: { licenseId: { in: [mine.licenseId, other.licenseId] } } })).toBe(0);
    expect(await database.db.allowanceWindow.count({ where: { seatId: { in: [mine.seatId, other.seatId] } } })).toBe(0);
  });

  it('an unknown FeatureKey is 400 ValidationError naming the item; nothing of the batch is counted', async () => {
    const license = await sold();
    const BatchId = crypto.randomUUID();
    const response = await send(license, { BatchId, Items: [item(5), item(1, 'no-such-feature')] });
    const body = await expectValidationError(response, 'Items.1.FeatureKey');
    expect(body.Details).toEqual([expect.objectContaining({ Field: 'Items.1.FeatureKey', Code: 'UnknownFeature' })]);
    expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(0);
    expect(await remaining(license)).toBe(ALLOWANCE);
  });

  it.each([
    ['no items', { Items: [] }, 'Items'],
    ['1001 items', { Items: Array.from({ length: 1001 }, () => item(1)) }, 'Items'],
    ['Units 0', { Items: [item(0)] }, 'Items.0.Units'],
    ['the empty GUID as BatchId', { BatchId: '00000000-0000-0000-0000-000000000000', Items: [item(1)] }, 'BatchId'],
  ] as const)('%s is 400 ValidationError naming %s', async (_label, body, field) => {
    const license = await sold();
    await expectValidationError(await send(license, body), field);
    expect(await database.db.usageBatch.count({ where: { licenseId: license.licenseId } })).toBe(0);
  });

  it('1000 items are accepted: the bound is inclusive', async () => {
    const license = await sold();
    const response = await send(license, { Items: Array.from({ length: 1000 }, () => item(1, 'editor')) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Items: 1000, Duplicate: false });
  });

  it('a BatchId sent again is counted once and answered Duplicate true', async () => {
    const license = await sold();
    const BatchId = crypto.randomUUID();
    const first = await send(license, { BatchId, Items: [item(4)] });
    expect(await first.json()).toEqual({ BatchId, Items: 1, Duplicate: false, Dropped: false });
    const again = await send(license, { BatchId, Items: [item(4)] });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ BatchId, Items: 1, Duplicate: true, Dropped: false });
    expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(1);
    expect(await remaining(license)).toBe(ALLOWANCE - 4);
  });

  it('20 identical batches at once: one row, one first receipt and 19 duplicates, Remaining lowered once', async () => {
    const license = await sold();
    const BatchId = crypto.randomUUID();
    const Items = [item(2)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await send(license, { BatchId, Items });
        expect(response.status).toBe(200);
        return (await response.json()) as { Duplicate: boolean; Dropped: boolean };
      }),
    );
    expect(answers.filter((answer) => !answer.Duplicate)).toHaveLength(1);
    expect(answers.filter((answer) => answer.Duplicate)).toHaveLength(19);
    expect(answers.every((answer) => !answer.Dropped)).toBe(true);
    expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(1);
    const window = await database.db.allowanceWindow.findFirstOrThrow({ where: { seatId: license.seatId, featureKey: 'render' } });
    expect(window.used).toBe(2n);
    expect(await remaining(license)).toBe(ALLOWANCE - 2);
  });

  it('usage under a revoked credential is 200 Dropped true: kept as a dropped row, the seat\'s Remaining unchanged', async () => {
    const license = await sold();
    const live = await anotherCode(license);
    expect((await send(live, { Items: [item(5)] })).status).toBe(200);
    expect(await remaining(live)).toBe(ALLOWANCE - 5);

    await database.db.licenseCode.update({ where: { id: license.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, 'license-code', license.codeId);
    const BatchId = crypto.randomUUID();
    const response = await send(license, { BatchId, Items: [item(9)] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ BatchId, Items: 1, Duplicate: false, Dropped: true });
    const row = await database.db.usageBatch.findUniqueOrThrow({ where: { credentialId_batchId: { credentialId: license.codeId, batchId: BatchId } } });
    expect(row).toMatchObject({ dropped: true, seatId: license.seatId, credentialId: license.codeId, units: 9n });
    expect((await database.db.allowanceWindow.findFirstOrThrow({ where: { seatId: license.seatId, featureKey: 'render' } })).used).toBe(5n);
    expect(await remaining(live)).toBe(ALLOWANCE - 5);
  });

  it('seats are separate: usage on one seat lowers only that seat\'s Remaining', async () => {
    const minted = await mintLicense(database.db, { offering, buyerAccountId: null, correlationId: null, seatCount: 2 });
    const [first, other] = await Promise.all(minted.seatIds.map((seatId, index) => anotherCode({ licenseId: minted.licenseId, seatId }, `Seat ${index + 1}`)));
    expect((await send(first!, { Items: [item(30)] })).status).toBe(200);
    expect((await send(other!, { Items: [item(10)] })).status).toBe(200);
    expect(await remaining(first!)).toBe(ALLOWANCE - 30);
    expect(await remaining(other!)).toBe(ALLOWANCE - 10);
    // Two credentials of one seat share that seat's allowance.
    const sameSeat = await anotherCode({ licenseId: minted.licenseId, seatId: first!.seatId });
    expect((await send(sameSeat, { Items: [item(5)] })).status).toBe(200);
    expect(await remaining(first!)).toBe(ALLOWANCE - 35);
    expect(await remaining(other!)).toBe(ALLOWANCE - 10);
  });

  it('past the allowance usage is still recorded and Remaining is 0, never negative', async () => {
    const license = await sold();
    expect((await send(license, { Items: [item(90)] })).status).toBe(200);
    const over = await send(license, { Items: [item(60)] });
    expect(over.status).toBe(200);
    expect(await over.json()).toMatchObject({ Duplicate: false, Dropped: false });
    expect(await remaining(license)).toBe(0);
    expect((await database.db.allowanceWindow.findFirstOrThrow({ where: { seatId: license.seatId, featureKey: 'render' } })).used).toBe(150n);
    const rows = await database.db.usageBatch.findMany({ where: { licenseId: license.licenseId }, orderBy: { receivedAt: 'asc' } });
    expect(rows.map((row) => row.units)).toEqual([90n, 60n]);
  });

  it('the 4th ingestion of a license within the window is 429 RateLimited with Retry-After (limit shrunk to 3 per 30 s), and writes no row', async () => {
    const license = await sold();
    for (let i = 0; i < 3; i++) expect((await send(license, { Items: [item(1)] }, limited.baseUrl)).status).toBe(200);
    const BatchId = crypto.randomUUID();
    const refused = await send(license, { BatchId, Items: [item(1)] }, limited.baseUrl);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect((await refused.json()).Code).toBe('RateLimited');
    expect(await database.db.usageBatch.count({ where: { batchId: BatchId } })).toBe(0);
    expect(await database.db.usageBatch.count({ where: { licenseId: license.licenseId } })).toBe(3);
    // Per license: another license on the same instance is accepted.
    expect((await send(await sold(), { Items: [item(1)] }, limited.baseUrl)).status).toBe(200);
  });
});

describe('allowance periods at service level (test clock)', () => {
  const principalOf = (license: SeatCredential): RuntimePrincipal => ({ credentialId: license.codeId, licenseId: license.licenseId, seatId: license.seatId });
  const authorizeAt = (license: SeatCredential, now: Date) =>
    generateLicenseAuthorization({ db: database.db }, { requestId: crypto.randomUUID(), licenseId: license.licenseId, principal: principalOf(license), now });
  const ingestAt = (license: SeatCredential, units: number, now: Date) =>
    ingestUsage({ db: database.db }, { licenseId: license.licenseId, batchId: crypto.randomUUID(), items: [{ featureKey: 'render', units, timeUtc: now.toISOString() }], principal: principalOf(license), now });
  const renderOf = (authorization: Awaited<ReturnType<typeof generateLicenseAuthorization>>) => authorization.Features.find((feature) => feature.FeatureKey === 'render')!;
  const plusMonths = (date: Date, months: number) => {
    const moved = new Date(date);
    moved.setUTCMonth(moved.getUTCMonth() + months);
    return moved;
  };

  it('usage lowers Remaining within the period; at PeriodEndUtc a new period starts with the full allowance', async () => {
    // A term started a little while ago (its windows are recent), on a day every month has.
    const termStart = new Date(Date.now() - 3_600_000);
    termStart.setUTCDate(Math.min(termStart.getUTCDate(), 28));
    const license = await sold({ now: termStart });
    const firstEnd = plusMonths(termStart, 1);
    const at = (ms: number) => new Date(termStart.getTime() + ms);

    let render = renderOf(await authorizeAt(license, at(1_000)));
    expect(render).toMatchObject({ Allowance: ALLOWANCE, Remaining: ALLOWANCE, PeriodEndUtc: firstEnd.toISOString() });

    expect(await ingestAt(license, 30, at(60_000))).toMatchObject({ Duplicate: false, Dropped: false });
    expect(renderOf(await authorizeAt(license, at(61_000))).Remaining).toBe(ALLOWANCE - 30);
    await ingestAt(license, 25, at(120_000));
    expect(renderOf(await authorizeAt(license, at(121_000))).Remaining).toBe(ALLOWANCE - 55);
    // The last instant of the period still counts the period's usage.
    render = renderOf(await authorizeAt(license, new Date(firstEnd.getTime() - 1)));
    expect(render).toMatchObject({ Remaining: ALLOWANCE - 55, PeriodEndUtc: firstEnd.toISOString() });

    // One second past PeriodEndUtc: the next period, full allowance, ending a month later.
    const nextPeriod = new Date(firstEnd.getTime() + 1_000);
    render = renderOf(await authorizeAt(license, nextPeriod));
    expect(render).toMatchObject({ Allowance: ALLOWANCE, Remaining: ALLOWANCE, PeriodEndUtc: plusMonths(termStart, 2).toISOString() });

    // Usage in the new period counts there only.
    await ingestAt(license, 10, nextPeriod);
    expect(renderOf(await authorizeAt(license, new Date(nextPeriod.getTime() + 1_000))).Remaining).toBe(ALLOWANCE - 10);
    const windows = await database.db.allowanceWindow.findMany({ where: { seatId: license.seatId }, orderBy: { periodStart: 'asc' } });
    expect(windows.map((window) => ({ start: window.periodStart.toISOString(), end: window.periodEnd.toISOString(), used: window.used }))).toEqual([
      { start: termStart.toISOString(), end: firstEnd.toISOString(), used: 55n },
      { start: firstEnd.toISOString(), end: plusMonths(termStart, 2).toISOString(), used: 10n },
    ]);
  });

  it('usage received at a period boundary counts in the period that starts there', async () => {
    const termStart = new Date(Date.now() - 3_600_000);
    termStart.setUTCDate(Math.min(termStart.getUTCDate(), 28));
    const license = await sold({ now: termStart });
    const firstEnd = plusMonths(termStart, 1);
    await ingestAt(license, 40, firstEnd);
    expect(renderOf(await authorizeAt(license, new Date(firstEnd.getTime() - 1))).Remaining).toBe(ALLOWANCE);
    expect(renderOf(await authorizeAt(license, firstEnd)).Remaining).toBe(ALLOWANCE - 40);
  });

  it('a duplicate and a dropped batch at service level leave the allowance as it was', async () => {
    const termStart = new Date(Date.now() - 3_600_000);
    const license = await sold({ now: termStart });
    const now = new Date(termStart.getTime() + 60_000);
    const batch = { licenseId: license.licenseId, batchId: crypto.randomUUID(), items: [{ featureKey: 'render', units: 8, timeUtc: now.toISOString() }], principal: principalOf(license), now };
    expect(await ingestUsage({ db: database.db }, batch)).toEqual({ BatchId: batch.batchId, Items: 1, Duplicate: false, Dropped: false });
    expect(await ingestUsage({ db: database.db }, batch)).toEqual({ BatchId: batch.batchId, Items: 1, Duplicate: true, Dropped: false });
    expect(renderOf(await authorizeAt(license, now)).Remaining).toBe(ALLOWANCE - 8);

    const live = await anotherCode(license);
    await database.db.licenseCode.update({ where: { id: license.codeId }, data: { revokedAt: new Date() } });
    await publishInvalidation({ db: database.db }, 'license-code', license.codeId);
    expect(await ingestAt(license, 50, now)).toMatchObject({ Dropped: true, Duplicate: false });
    expect(renderOf(await authorizeAt(live, now)).Remaining).toBe(ALLOWANCE - 8);
  });
});
