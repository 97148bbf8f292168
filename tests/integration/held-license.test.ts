import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { codeReader, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startInProcessService, type InProcessService } from '../support/in-process-service';

// A buyer does not take a trial twice, nor buy again what they hold (docs/api/purchase.md,
// 409 AlreadyLicensed), unless the seller allows repeats on the offering.

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: InProcessService;
let buyerToken: string;
let buyerAccountId: string;
let sellerId: string;
let issuerClientId: string;
let productId: string;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  server = await startInProcessService({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'false' } });
  buyerToken = (await nativeSignIn(server, 'repeat.buyer@example.com', codeReader(smtp))).body.access_token;
  buyerAccountId = (await database.db.account.findUniqueOrThrow({ where: { email: 'repeat.buyer@example.com' } })).id;
  const seller = await createSeller(database.db, { checkoutReady: true });
  [sellerId, issuerClientId] = [seller.id, seller.issuerClientId];
  productId = (await createProduct(database.db, seller.id)).id;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const product = () => ({ id: productId, sellerId });

function buy(offeringId: string) {
  return server.fetch(`/purchase/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyerToken}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: offeringId, IssuerClientId: issuerClientId }),
  });
}

const licensesOf = (offeringId: string) => database.db.license.count({ where: { offeringId, buyerAccountId } });

describe('one trial per buyer and offering', () => {
  it('a second trial is 409 AlreadyLicensed naming the license, and no second license exists', async () => {
    const trial = await createOffering(database.db, product(), { classification: LicenseClassification.Trial, interval: 14, intervalUnit: IntervalUnit.Day });
    expect((await buy(trial.id)).status).toBe(200);
    const second = await buy(trial.id);
    expect(second.status).toBe(409);
    const body = await second.json();
    const license = await database.db.license.findFirstOrThrow({ where: { offeringId: trial.id, buyerAccountId } });
    expect(body).toMatchObject({ Code: 'AlreadyLicensed', CorrelationId: second.headers.get('x-correlation-id') });
    expect(body.Message).toContain(license.id);
    expect(await licensesOf(trial.id)).toBe(1);
  });

  it('a trial that ended is still taken: the buyer cannot start it again', async () => {
    const trial = await createOffering(database.db, product(), { classification: LicenseClassification.Trial, interval: 7, intervalUnit: IntervalUnit.Day });
    expect((await buy(trial.id)).status).toBe(200);
    await database.db.license.updateMany({ where: { offeringId: trial.id }, data: { status: 'Expired' } });
    expect((await buy(trial.id)).status).toBe(409);
    expect(await licensesOf(trial.id)).toBe(1);
  });
});

describe('a held offering is not sold to its holder again', () => {
  it('a free offering clicked 10 times at once mints one license; the others are 409 AlreadyLicensed', async () => {
    const free = await createOffering(database.db, product());
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(free.id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await licensesOf(free.id)).toBe(1);
    expect(await database.db.checkout.count({ where: { offeringId: free.id, status: 'completed' } })).toBe(1);
  });

  it('a paid offering held live is refused before any checkout opens; once the license is cancelled it can be bought again', async () => {
    const paid = await createOffering(database.db, product(), { priceMinor: 2500 });
    const first = await buy(paid.id);
    expect(first.status).toBe(200);
    const { SessionId } = await first.json();
    await server.fetch(`/checkout/local/${SessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(await licensesOf(paid.id)).toBe(1);
    const checkoutsBefore = await database.db.checkout.count({ where: { offeringId: paid.id } });

    const again = await buy(paid.id);
    expect(again.status).toBe(409);
    expect((await again.json()).Code).toBe('AlreadyLicensed');
    expect(await database.db.checkout.count({ where: { offeringId: paid.id } })).toBe(checkoutsBefore);

    await database.db.license.updateMany({ where: { offeringId: paid.id }, data: { status: 'Cancelled' } });
    expect((await buy(paid.id)).status).toBe(200);
  });

  it('an offering whose seller allows repeats sells again, trials included', async () => {
    const trial = await createOffering(database.db, product(), { classification: LicenseClassification.Trial, interval: 14, intervalUnit: IntervalUnit.Day });
    await database.db.offering.update({ where: { id: trial.id }, data: { allowRepeatPurchase: true } });
    expect((await buy(trial.id)).status).toBe(200);
    expect((await buy(trial.id)).status).toBe(200);
    expect(await licensesOf(trial.id)).toBe(2);
  });
});
