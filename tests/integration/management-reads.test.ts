import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { revokeApiKey } from '@/server/api-keys/revoke-api-key';
import { handleRest } from '@/server/http/rest-app';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The management reads through the one REST handler (spec "Management API", base /licensing-mgmt).

const setup = inProcessCore();

let mine: { sellerId: string; key: string };
let theirs: { sellerId: string; key: string };
let tenantLicense: { id: string; offeringId: string; productId: string; liveSeatId: string; retiredSeatId: string };
let theirLicenseId: string;

const LICENSE_KEYS = ['CorrelationId', 'CreatedUtc', 'Features', 'LicenseClassification', 'LicenseId', 'OfferingId', 'ProductId', 'SeatCount', 'Status', 'Term'];
const FEATURE_KEYS = ['Allowance', 'AllowancePeriodUnit', 'DisplayName', 'FeatureKey', 'RateLimit', 'ServiceAccessLevel'];
const SEAT_KEYS = ['Allowance', 'CreatedUtc', 'LicenseId', 'LicenseStatus', 'RetiredUtc', 'SeatId'];

function get(path: string, headers: Record<string, string> = {}) {
  return handleRest(new Request(`http://localhost${path}`, { headers }));
}
const asMe = (path: string) => get(path, { 'dub-apiKey': mine.key });

async function sellerWithKey() {
  const seller = await createSeller(setup.database.db);
  const created = await createApiKey({ db: setup.database.db }, { sellerId: seller.id, label: 'backend' });
  return { sellerId: seller.id, key: created.key };
}

async function licenseOf(sellerId: string, correlationId: string | null, seats: number) {
  const product = await createProduct(setup.database.db, sellerId);
  const offering = await createOffering(setup.database.db, product, { seatBased: true, classification: 1, priceMinor: 1000, interval: 1, intervalUnit: 2 });
  await setup.database.db.feature.create({
    data: { offeringId: offering.id, key: 'export', displayName: 'Export', rateLimit: 60, accessLevel: 'Allowed', allowance: 100, allowancePeriodUnit: 2 },
  });
  const license = await setup.database.db.license.create({
    data: { sellerId, offeringId: offering.id, classification: 1, correlationId, tenantId: correlationId, termEnd: new Date('2030-01-01T00:00:00Z') },
  });
  // What minting copies: the entitlements the license was sold with.
  await setup.database.db.licenseFeature.create({
    data: { licenseId: license.id, key: 'export', displayName: 'Export', rateLimit: 60, accessLevel: 'Allowed', allowance: 100, allowancePeriodUnit: 2 },
  });
  const seatIds: string[] = [];
  for (let i = 0; i < seats; i++) seatIds.push((await setup.database.db.seat.create({ data: { licenseId: license.id } })).id);
  return { id: license.id, offeringId: offering.id, productId: product.id, seatIds };
}

beforeAll(async () => {
  mine = await sellerWithKey();
  theirs = await sellerWithKey();
  const tenant = await licenseOf(mine.sellerId, 'tenant-1', 2);
  const retiredSeatId = tenant.seatIds[0]!;
  await setup.database.db.seat.update({ where: { id: retiredSeatId }, data: { retiredAt: new Date() } });
  tenantLicense = { ...tenant, liveSeatId: tenant.seatIds[1]!, retiredSeatId };
  await licenseOf(mine.sellerId, 'tenant-2', 1);
  // The other seller uses the same tenant id for its own customer: never visible to me.
  theirLicenseId = (await licenseOf(theirs.sellerId, 'tenant-1', 1)).id;
});

describe('management API: the account API key', () => {
  it('no dub-apiKey header is 401 ApiKeyMissing, as an ApiError with the correlation id', async () => {
    const response = await get(`/licensing-mgmt/licenses/${tenantLicense.id}`, { 'x-correlation-id': 'mgmt-1' });
    expect(response.status).toBe(401);
    expect(response.headers.get('X-Correlation-Id')).toBe('mgmt-1');
    expect(await response.json()).toEqual({ Code: 'ApiKeyMissing', Message: expect.any(String), CorrelationId: 'mgmt-1' });
  });

  it('a key in the URL is never accepted (credentials travel in headers only)', async () => {
    const response = await get(`/licensing-mgmt/licenses?correlationId=tenant-1&dub-apiKey=${encodeURIComponent(mine.key)}`);
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('ApiKeyMissing');
  });

  it('a bad key is 403 ApiKeyInvalid', async () => {
    for (const key of ['nonsense', `${mine.key.slice(0, -2)}zz`]) {
      const response = await get(`/licensing-mgmt/licenses/${tenantLicense.id}`, { 'dub-apiKey': key });
      expect(response.status).toBe(403);
      expect((await response.json()).Code).toBe('ApiKeyInvalid');
    }
  });

  it('the header name is case-insensitive', async () => {
    const response = await get(`/licensing-mgmt/licenses/${tenantLicense.id}`, { 'DUB-APIKEY': mine.key });
    expect(response.status).toBe(200);
  });

  it('a revoked key is 403 ApiKeyInvalid', async () => {
    const seller = await createSeller(setup.database.db);
    const created = await createApiKey({ db: setup.database.db }, { sellerId: seller.id, label: 'old' });
    expect((await get('/licensing-mgmt/licenses?correlationId=x', { 'dub-apiKey': created.key })).status).toBe(200);
    await revokeApiKey({ db: setup.database.db }, { sellerId: seller.id, id: created.id });
    const response = await get('/licensing-mgmt/licenses?correlationId=x', { 'dub-apiKey': created.key });
    expect(response.status).toBe(403);
    expect((await response.json()).Code).toBe('ApiKeyInvalid');
  });
});

describe('GET /licensing-mgmt/licenses/{licenseId}', () => {
  it('reads a license with exactly the documented fields', async () => {
    const response = await asMe(`/licensing-mgmt/licenses/${tenantLicense.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const license = await response.json();
    expect(Object.keys(license).sort()).toEqual(LICENSE_KEYS);
    expect(license).toMatchObject({
      LicenseId: tenantLicense.id,
      Status: 'Active',
      LicenseClassification: 1,
      OfferingId: tenantLicense.offeringId,
      ProductId: tenantLicense.productId,
      CorrelationId: 'tenant-1',
      Term: { StartUtc: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), EndUtc: '2030-01-01T00:00:00.000Z' },
      SeatCount: 1,
    });
    expect(license.Features).toEqual([
      { FeatureKey: 'export', DisplayName: 'Export', ServiceAccessLevel: 'Allowed', RateLimit: 60, Allowance: 100, AllowancePeriodUnit: 2 },
    ]);
    expect(Object.keys(license.Features[0]).sort()).toEqual(FEATURE_KEYS);
  });

  it("another seller's license is 404 NotFound, as is an unknown id", async () => {
    for (const licenseId of [theirLicenseId, '0192f000-0000-7000-8000-00000000dead', 'not-a-uuid']) {
      const response = await asMe(`/licensing-mgmt/licenses/${licenseId}`);
      expect(response.status).toBe(404);
      expect((await response.json()).Code).toBe('NotFound');
    }
  });
});

describe('GET /licensing-mgmt/licenses?correlationId=', () => {
  it("finds the seller's licenses by its own tenant id, never another seller's", async () => {
    const response = await asMe('/licensing-mgmt/licenses?correlationId=tenant-1');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['Licenses', 'NextCursor']);
    expect(body.NextCursor).toBeNull();
    expect(body.Licenses.map((license: { LicenseId: string }) => license.LicenseId)).toEqual([tenantLicense.id]);
    expect(Object.keys(body.Licenses[0]).sort()).toEqual(LICENSE_KEYS);
  });

  it('answers an empty list for a tenant without licenses', async () => {
    const response = await asMe('/licensing-mgmt/licenses?correlationId=nobody');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Licenses: [], NextCursor: null });
  });

  it('pages by limit and cursor, oldest first, until NextCursor is null', async () => {
    const tenant = `tenant-paged-${crypto.randomUUID()}`;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await licenseOf(mine.sellerId, tenant, 1)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await asMe(`/licensing-mgmt/licenses?correlationId=${tenant}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const body = (await response.json()) as { Licenses: { LicenseId: string }[]; NextCursor: string | null };
      expect(body.Licenses.length).toBeLessThanOrEqual(2);
      seen.push(...body.Licenses.map((license) => license.LicenseId));
      cursor = body.NextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    for (const limit of ['0', '101', 'x']) expect((await asMe(`/licensing-mgmt/licenses?correlationId=${tenant}&limit=${limit}`)).status).toBe(400);
  });

  it('a missing, empty or over-long correlationId is 400 ValidationError on Field correlationId', async () => {
    const cases: [string, string][] = [
      ['/licensing-mgmt/licenses', 'Required'],
      ['/licensing-mgmt/licenses?correlationId=', 'TooShort'],
      [`/licensing-mgmt/licenses?correlationId=${'x'.repeat(129)}`, 'TooLong'],
    ];
    for (const [path, code] of cases) {
      const response = await asMe(path);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.Code).toBe('ValidationError');
      expect(body.Details).toEqual([{ Code: code, Message: expect.any(String), Field: 'correlationId' }]);
    }
  });

  it('checks the key before the query', async () => {
    expect((await get('/licensing-mgmt/licenses')).status).toBe(401);
  });
});

describe('GET /licensing-mgmt/licenses/{licenseId}/seats', () => {
  it('lists every seat, retired ones with RetiredUtc set', async () => {
    const response = await asMe(`/licensing-mgmt/licenses/${tenantLicense.id}/seats`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['LicenseId', 'Seats']);
    expect(body.LicenseId).toBe(tenantLicense.id);
    expect(body.Seats).toHaveLength(2);
    for (const seat of body.Seats) {
      expect(Object.keys(seat).sort()).toEqual(SEAT_KEYS);
      expect(seat).toMatchObject({ LicenseId: tenantLicense.id, LicenseStatus: 'Active', CreatedUtc: expect.any(String) });
    }
    const bySeat = Object.fromEntries(body.Seats.map((seat: { SeatId: string }) => [seat.SeatId, seat]));
    expect(bySeat[tenantLicense.retiredSeatId].RetiredUtc).toEqual(expect.stringMatching(/Z$/));
    expect(bySeat[tenantLicense.liveSeatId].RetiredUtc).toBeNull();
  });

  it('names what each seat has left per feature this period: usage of one seat lowers only that seat', async () => {
    const license = await setup.database.db.license.findUniqueOrThrow({ where: { id: tenantLicense.id } });
    const periodStart = new Date(license.termStart);
    // The monthly period that contains now, anchored at the term start.
    while (new Date(Date.UTC(periodStart.getUTCFullYear(), periodStart.getUTCMonth() + 1, periodStart.getUTCDate(), periodStart.getUTCHours(), periodStart.getUTCMinutes(), periodStart.getUTCSeconds(), periodStart.getUTCMilliseconds())) <= new Date()) {
      periodStart.setUTCMonth(periodStart.getUTCMonth() + 1);
    }
    const periodEnd = new Date(periodStart);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    await setup.database.db.allowanceWindow.create({ data: { seatId: tenantLicense.liveSeatId, featureKey: 'export', periodStart, periodEnd, used: 30 } });
    const body = await (await asMe(`/licensing-mgmt/licenses/${tenantLicense.id}/seats`)).json();
    const bySeat = Object.fromEntries(body.Seats.map((seat: { SeatId: string }) => [seat.SeatId, seat]));
    expect(bySeat[tenantLicense.liveSeatId].Allowance).toEqual([{ FeatureKey: 'export', Remaining: 70, PeriodEndUtc: periodEnd.toISOString() }]);
    expect(bySeat[tenantLicense.retiredSeatId].Allowance).toEqual([{ FeatureKey: 'export', Remaining: 100, PeriodEndUtc: periodEnd.toISOString() }]);
  });

  it("another seller's license is 404 NotFound", async () => {
    const response = await asMe(`/licensing-mgmt/licenses/${theirLicenseId}/seats`);
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe('NotFound');
  });

  it('the seats path takes GET (read) and POST (add seats) only: 405 with Allow', async () => {
    const response = await handleRest(
      new Request(`http://localhost/licensing-mgmt/licenses/${tenantLicense.id}/seats`, { method: 'PUT', body: '{}', headers: { 'dub-apiKey': mine.key } }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });
});
