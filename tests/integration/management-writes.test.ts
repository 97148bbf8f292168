import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { listSeatCharges } from '@/server/billing/list-seat-charges';
import { seal } from '@/server/crypto/secret-box';
import { MANAGEMENT_ANSWER_SEAL_PURPOSE } from '@/server/licensing/management-request';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { authorizeWithCode, ok, postWithKey, refused } from '../support/management-http';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The management writes over real HTTP, as a seller backend runs the spec's tenant seat workflow:
// embedded checkout for 3 seats (local processor), one code per seat, an authorization per seat,
// retire, add, suspend and resume, the last seat refusing retirement, a pasted license bound to a
// tenant and refused for a second one; idempotency by RequestId; racing retirements; another
// seller's key refused with 404 on every path.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let key: string;
let otherKey: string;
let teamOffering: Awaited<ReturnType<typeof createOffering>>;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id, { name: 'Render Farm' });
  teamOffering = await createOffering(database.db, product, {
    name: 'Team Monthly',
    classification: LicenseClassification.Subscription,
    priceMinor: 3000,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
  });
  await database.db.feature.create({ data: { offeringId: teamOffering.id, key: 'render', displayName: 'Render', allowance: 100, allowancePeriodUnit: IntervalUnit.Month, accessLevel: 'Allowed' } });
  key = (await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' })).key;
  const other = await createSeller(database.db, { checkoutReady: true });
  otherKey = (await createApiKey({ db: database.db }, { sellerId: other.id, label: 'other' })).key;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const post = (path: string, body: Record<string, unknown> = {}, apiKey = key) => postWithKey(server.baseUrl, apiKey, path, body);
const authorize = (licenseId: string, code: string) => authorizeWithCode(server.baseUrl, licenseId, code);

/** What the seller's backend holds for a tenant: the license and one code per live seat. */
interface Tenant {
  licenseId: string;
  codes: Map<string, string>;
}

async function buyForTenant(tenantId: string, quantity: number): Promise<{ licenseId: string; seatIds: string[] }> {
  const session = await ok(
    await post('/licensing/checkout/embedded', { OfferingId: teamOffering.id, CorrelationId: tenantId, CustomerEmail: `${tenantId}@example.test`, Quantity: quantity }),
  );
  expect((await fetch(`${server.baseUrl}/checkout/local/${session.SessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const result = await ok(await post('/licensing/checkout/session/result', { SessionId: session.SessionId }));
  return { licenseId: result.LicenseId, seatIds: result.SeatIds };
}

async function issueCodes(licenseId: string, seatIds: string[]): Promise<Tenant> {
  const codes = new Map<string, string>();
  for (const [index, seatId] of seatIds.entries()) {
    const issued = await ok(await post(`/licensing-mgmt/licenses/${licenseId}/seats/${seatId}/codes`, { Label: `machine-${index + 1}` }));
    expect(issued).toMatchObject({ LicenseId: licenseId, SeatId: seatId, Label: `machine-${index + 1}`, EncodedCredential: expect.stringMatching(/^SVC_LIC_/) });
    codes.set(seatId, issued.EncodedCredential);
  }
  return { licenseId, codes };
}

describe('the tenant seat workflow, end to end', () => {
  it('checkout for 3 seats, a code and an authorization per seat, retire, add, suspend, resume, and the last seat kept', async () => {
    const bought = await buyForTenant('tenant-a', 3);
    expect(bought.seatIds).toHaveLength(3);
    const tenant = await issueCodes(bought.licenseId, bought.seatIds);
    for (const [seatId, code] of tenant.codes) expect((await ok(await authorize(tenant.licenseId, code))).SeatId).toBe(seatId);

    // The tenant lookup finds the license the seller's own checkout bound to the tenant.
    const found = await ok(await fetch(`${server.baseUrl}/licensing-mgmt/licenses?correlationId=tenant-a`, { headers: { 'dub-apiKey': key } }));
    expect(found.Licenses.map((license: { LicenseId: string }) => license.LicenseId)).toEqual([bought.licenseId]);

    // Retire the first seat: its code is revoked with it and refused SeatRetired at the next authorization.
    const [first, second, third] = bought.seatIds as [string, string, string];
    const retired = await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats/${first}/retire`));
    expect(retired).toMatchObject({ SeatId: first, RetiredUtc: expect.any(String), RevokedCodeIds: [expect.any(String)] });
    const refusedRetired = await refused(await authorize(bought.licenseId, tenant.codes.get(first)!), 403, 'AuthorizationDenied');
    expect(refusedRetired.Message).toMatch(/^SeatRetired/);
    expect(await database.db.licenseCode.count({ where: { seatId: first, revokedAt: null } })).toBe(0);
    // A retired seat takes no new code.
    await refused(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats/${first}/codes`, { Label: 'again' }), 409, 'SeatRetired');

    // Add a seat: no code comes with it; the rest of this month is charged (local processor ledger).
    const added = await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats`, { Quantity: 1 }));
    expect(added.SeatIds).toHaveLength(1);
    expect(added.Proration).toMatchObject({ Currency: 'usd', PeriodEndUtc: expect.any(String) });
    expect(added.Proration.AmountMinor).toBeGreaterThan(0);
    expect(added.Proration.AmountMinor).toBeLessThanOrEqual(3000);
    expect(await database.db.seatCharge.findMany({ where: { licenseId: bought.licenseId } })).toEqual([
      expect.objectContaining({ seats: 1, amountMinor: BigInt(added.Proration.AmountMinor), currency: 'usd' }),
    ]);
    expect(await database.db.licenseCode.count({ where: { seatId: added.SeatIds[0] } })).toBe(0);
    // What the portal's usage page lists under "Seats added": this seller's lines only.
    expect(await listSeatCharges({ db: database.db }, { sellerId: teamOffering.sellerId })).toEqual([
      expect.objectContaining({ licenseId: bought.licenseId, seats: 1, amountMinor: added.Proration.AmountMinor, processor: 'local' }),
    ]);
    const fourth = added.SeatIds[0] as string;
    Object.assign(tenant, await issueCodes(bought.licenseId, [second, third, fourth]));

    // Suspend: every seat is refused; resume: every seat runs again.
    expect((await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/suspend`))).Status).toBe('Suspended');
    for (const code of tenant.codes.values()) expect((await refused(await authorize(bought.licenseId, code), 403, 'AuthorizationDenied')).Message).toMatch(/^LicenseSuspended/);
    // Seats change only on an active license.
    await refused(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats`, { Quantity: 1 }), 409, 'LicenseNotActive');
    expect((await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/resume`))).Status).toBe('Active');
    for (const code of tenant.codes.values()) expect((await authorize(bought.licenseId, code)).status).toBe(200);

    // Down to one live seat: that one cannot be retired.
    await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats/${second}/retire`));
    await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats/${third}/retire`));
    await refused(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats/${fourth}/retire`), 409, 'LastLiveSeat');
    expect((await authorize(bought.licenseId, tenant.codes.get(fourth)!)).status).toBe(200);
    const seats = await ok(await fetch(`${server.baseUrl}/licensing-mgmt/licenses/${bought.licenseId}/seats`, { headers: { 'dub-apiKey': key } }));
    expect(seats.Seats.filter((seat: { RetiredUtc: string | null }) => seat.RetiredUtc === null).map((seat: { SeatId: string }) => seat.SeatId)).toEqual([fourth]);
  });

  it('seats added after the offering\'s price rose are prorated at the price the license was sold at', async () => {
    const bought = await buyForTenant('tenant-price-rise', 1);
    expect(await database.db.license.findUniqueOrThrow({ where: { id: bought.licenseId } })).toMatchObject({ unitPriceMinor: 3000, currency: 'usd' });
    await database.db.offering.update({ where: { id: teamOffering.id }, data: { priceMinor: 9000 } });
    try {
      const added = await ok(await post(`/licensing-mgmt/licenses/${bought.licenseId}/seats`, { Quantity: 2 }));
      // Bought moments ago: nearly the whole period is left, at 2 × 3000 (at 9000 it would be near 18000).
      expect(added.Proration.AmountMinor).toBeGreaterThan(5800);
      expect(added.Proration.AmountMinor).toBeLessThanOrEqual(6000);
    } finally {
      await database.db.offering.update({ where: { id: teamOffering.id }, data: { priceMinor: 3000 } });
    }
  });

  it('a pasted license is bound to a tenant, and refused for a second tenant; the tenant lookup reads only bindings', async () => {
    // A license sold elsewhere (here: the purchase API's kind, whose CorrelationId is the buyer's and binds nothing).
    const license = await database.db.license.create({
      data: { sellerId: teamOffering.sellerId, offeringId: teamOffering.id, classification: LicenseClassification.Subscription, correlationId: 'tenant-b' },
    });
    await database.db.seat.create({ data: { licenseId: license.id } });
    const lookup = (tenantId: string) => fetch(`${server.baseUrl}/licensing-mgmt/licenses?correlationId=${tenantId}`, { headers: { 'dub-apiKey': key } }).then(ok);
    expect((await lookup('tenant-b')).Licenses).toEqual([]);

    const bound = await ok(await post(`/licensing-mgmt/licenses/${license.id}/tenant`, { CorrelationId: 'tenant-b' }));
    expect(bound).toMatchObject({ LicenseId: license.id, CorrelationId: 'tenant-b' });
    expect((await lookup('tenant-b')).Licenses.map((found: { LicenseId: string }) => found.LicenseId)).toEqual([license.id]);
    // The same tenant again is fine; another tenant is refused and nothing changes.
    await ok(await post(`/licensing-mgmt/licenses/${license.id}/tenant`, { CorrelationId: 'tenant-b' }));
    await refused(await post(`/licensing-mgmt/licenses/${license.id}/tenant`, { CorrelationId: 'tenant-c' }), 409, 'TenantMismatch');
    expect((await lookup('tenant-c')).Licenses).toEqual([]);
  });

  it('a license created directly is bound to its tenant, with the asked number of seats, and a one-seat license answers its code once', async () => {
    const created = await ok(await post('/licensing-mgmt/licenses', { OfferingId: teamOffering.id, CorrelationId: 'tenant-d', Seats: 5 }));
    expect(created).toMatchObject({ License: { CorrelationId: 'tenant-d', SeatCount: 5, Status: 'Active' }, EncodedCredential: null });
    expect(created.SeatIds).toHaveLength(5);
    const single = await ok(await post('/licensing-mgmt/licenses', { OfferingId: teamOffering.id, CorrelationId: 'tenant-e', Seats: 1 }));
    expect((await authorize(single.License.LicenseId, single.EncodedCredential)).status).toBe(200);
  });
});

describe('seats of a one-time purchase', () => {
  it('are fixed: adding or retiring seats is 409 SeatsFixed; retiring a retired seat again answers as the first time', async () => {
    const perpetual = await createOffering(database.db, { id: teamOffering.productId, sellerId: teamOffering.sellerId }, { name: 'Team Forever', classification: LicenseClassification.Perpetual, priceMinor: 9000, seatBased: true });
    const created = await ok(await post('/licensing-mgmt/licenses', { OfferingId: perpetual.id, CorrelationId: 'tenant-forever', Seats: 2 }));
    const licenseId = created.License.LicenseId as string;
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/seats`, { Quantity: 1 }), 409, 'SeatsFixed');
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/seats/${created.SeatIds[0]}/retire`), 409, 'SeatsFixed');
    expect(await database.db.seat.count({ where: { licenseId, retiredAt: null } })).toBe(2);

    // On a subscription: a second retirement of the same seat (another RequestId) answers the first one's time.
    const { licenseId: subscription, seatIds } = await buyForTenant('tenant-twice', 3);
    const first = await ok(await post(`/licensing-mgmt/licenses/${subscription}/seats/${seatIds[0]}/retire`));
    const again = await ok(await post(`/licensing-mgmt/licenses/${subscription}/seats/${seatIds[0]}/retire`));
    expect(again.RetiredUtc).toBe(first.RetiredUtc);
    expect(await database.db.seat.count({ where: { licenseId: subscription, retiredAt: null } })).toBe(2);
  });
});

describe('the OpenAPI document', () => {
  it('describes every management write', async () => {
    const document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
    for (const operationId of ['createLicense', 'addSeats', 'retireSeat', 'issueSeatCode', 'revokeLicenseCode', 'bindLicenseToTenant', 'suspendLicense', 'resumeLicense', 'cancelLicense', 'changeLicenseOffering', 'cancelLicenseOfferingChange']) {
      expect(operations).toContain(operationId);
    }
  });
});

describe('idempotency by RequestId', () => {
  it('the same request again answers the first answer (the same code); other inputs under it are 409 RequestIdMismatch', async () => {
    const { licenseId, seatIds } = await buyForTenant('tenant-idem', 2);
    const requestId = crypto.randomUUID();
    const issue = (label: string) => post(`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[0]}/codes`, { RequestId: requestId, Label: label });
    const first = await ok(await issue('build-agent'));
    const again = await ok(await issue('build-agent'));
    expect(again).toEqual(first);
    expect(await database.db.licenseCode.count({ where: { seatId: seatIds[0] } })).toBe(1);
    await refused(await issue('another-machine'), 409, 'RequestIdMismatch');
    // Nor may another operation reuse it.
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/suspend`, { RequestId: requestId }), 409, 'RequestIdMismatch');
    // Nothing of the answer is stored in the clear.
    const stored = await database.db.managementRequest.findMany({ where: { requestId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.answerCiphertext).not.toContain(first.EncodedCredential.slice(8, 40));
  });

  it('an answer recorded with the wire\'s PascalCase keys (before the services answered camelCase) is replayed as the same body', async () => {
    const { licenseId, seatIds } = await buyForTenant('tenant-recorded-pascal', 2);
    const requestId = crypto.randomUUID();
    const retire = () => post(`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[1]}/retire`, { RequestId: requestId });
    const first = await ok(await retire());
    const [row] = await database.db.managementRequest.findMany({ where: { requestId } });
    const recordedAsBefore = { SeatId: first.SeatId, LicenseId: first.LicenseId, RetiredUtc: first.RetiredUtc, RevokedCodeIds: first.RevokedCodeIds };
    await database.db.managementRequest.update({
      where: { id: row!.id },
      data: { answerCiphertext: seal(MANAGEMENT_ANSWER_SEAL_PURPOSE, JSON.stringify(recordedAsBefore), { current: APP_SECRET, previous: [] }) },
    });
    expect(await ok(await retire())).toEqual(first);
  });
});

describe('racing retirements', () => {
  it('10 concurrent retirements on a two-seat license leave exactly one live seat', async () => {
    const { licenseId, seatIds } = await buyForTenant('tenant-race', 2);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => post(`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[index % 2]}/retire`)));
    const statuses = await Promise.all(responses.map(async (response) => [response.status, (await response.json()).Code ?? 'ok']));
    expect(statuses.every(([status, code]) => (status === 200 && code === 'ok') || (status === 409 && code === 'LastLiveSeat'))).toBe(true);
    expect(await database.db.seat.count({ where: { licenseId, retiredAt: null } })).toBe(1);
  });
});

describe("another seller's key", () => {
  it('gets 404 NotFound on every management path of this license, and changes nothing', async () => {
    const { licenseId, seatIds } = await buyForTenant('tenant-private', 2);
    const tenant = await issueCodes(licenseId, seatIds);
    const [codeRow] = await database.db.licenseCode.findMany({ where: { licenseId }, take: 1 });
    const paths: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      [`/licensing-mgmt/licenses/${licenseId}`, 'GET', {}],
      [`/licensing-mgmt/licenses/${licenseId}/seats`, 'GET', {}],
      [`/licensing-mgmt/licenses/${licenseId}/seats`, 'POST', { Quantity: 1 }],
      [`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[0]}/retire`, 'POST', {}],
      [`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[0]}/codes`, 'POST', { Label: 'x' }],
      [`/licensing-mgmt/licenses/${licenseId}/codes/${codeRow!.id}/revoke`, 'POST', {}],
      [`/licensing-mgmt/licenses/${licenseId}/tenant`, 'POST', { CorrelationId: 'thief' }],
      [`/licensing-mgmt/licenses/${licenseId}/suspend`, 'POST', {}],
      [`/licensing-mgmt/licenses/${licenseId}/resume`, 'POST', {}],
      [`/licensing-mgmt/licenses/${licenseId}/cancel`, 'POST', {}],
    ];
    for (const [path, method, body] of paths) {
      const response =
        method === 'GET' ? await fetch(`${server.baseUrl}${path}`, { headers: { 'dub-apiKey': otherKey } }) : await post(path, body, otherKey);
      await refused(response, 404, 'NotFound');
    }
    const license = await database.db.license.findUniqueOrThrow({ where: { id: licenseId }, include: { seats: true } });
    expect(license).toMatchObject({ status: 'Active', tenantId: 'tenant-private' });
    expect(license.seats.filter((seat) => seat.retiredAt === null)).toHaveLength(2);
    for (const code of tenant.codes.values()) expect((await authorize(licenseId, code)).status).toBe(200);
  });
});

describe('refused changes', () => {
  it('a revoked code is refused CredentialRevoked; a cancelled license refuses resume and new seats', async () => {
    const { licenseId, seatIds } = await buyForTenant('tenant-end', 2);
    const tenant = await issueCodes(licenseId, seatIds);
    const code = tenant.codes.get(seatIds[1]!)!;
    const codeId = (await database.db.licenseCode.findFirstOrThrow({ where: { seatId: seatIds[1], revokedAt: null } })).id;
    expect(await ok(await post(`/licensing-mgmt/licenses/${licenseId}/codes/${codeId}/revoke`))).toMatchObject({ CodeId: codeId, RevokedUtc: expect.any(String) });
    await refused(await authorize(licenseId, code), 403, 'CredentialRevoked');

    expect((await ok(await post(`/licensing-mgmt/licenses/${licenseId}/cancel`))).Status).toBe('Cancelled');
    expect((await refused(await authorize(licenseId, tenant.codes.get(seatIds[0]!)!), 403, 'AuthorizationDenied')).Message).toMatch(/^LicenseCancelled/);
    expect((await refused(await post(`/licensing-mgmt/licenses/${licenseId}/resume`), 409, 'StatusChangeRefused')).Message).toBe('A Cancelled license cannot be resumed.');
    expect((await refused(await post(`/licensing-mgmt/licenses/${licenseId}/suspend`), 409, 'StatusChangeRefused')).Message).toBe('A Cancelled license cannot be suspended.');
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/seats`, { Quantity: 1 }), 409, 'LicenseNotActive');
    await refused(await post(`/licensing-mgmt/licenses/${licenseId}/seats/${seatIds[0]}/codes`, { Label: 'late' }), 409, 'LicenseNotActive');
  });
});
