import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import type { Db } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { handleRest } from '@/server/http/rest-app';
import { assertLocalProcessorPayable, describeLiveProcessor, localProcessorStartRefusal } from '@/server/payments/local/local-processor';
import { logger } from '@/server/platform/logging/logger';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rememberProcessConfig } from '../support/process-config';

// The local processor takes no money: under NODE_ENV=production it is refused unless the operator
// opts in for a demo (LOCAL_PROCESSOR_IN_PRODUCTION=true). The start refuses (see
// production-start.test.ts); here, the checkout creation and the Pay endpoint refuse too.

const CONFIG_KEYS = ['NODE_ENV', 'DATABASE_URL', 'APP_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'LOCAL_PROCESSOR_IN_PRODUCTION'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);
const BASE_URL = 'http://local-processor.test';

let database: TestDatabase;
let ctx: { db: Db };

function configure(switches: { NODE_ENV: string; LOCAL_PROCESSOR_IN_PRODUCTION?: string; STRIPE_SECRET_KEY?: string }) {
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: 'local-processor-test-secret-of-32-chars', PUBLIC_BASE_URL: BASE_URL, NODE_ENV: switches.NODE_ENV });
  delete process.env.SMTP_URL;
  for (const key of ['LOCAL_PROCESSOR_IN_PRODUCTION', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) delete process.env[key];
  if (switches.LOCAL_PROCESSOR_IN_PRODUCTION) process.env.LOCAL_PROCESSOR_IN_PRODUCTION = switches.LOCAL_PROCESSOR_IN_PRODUCTION;
  if (switches.STRIPE_SECRET_KEY) Object.assign(process.env, { STRIPE_SECRET_KEY: switches.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: 'whsec_test' });
  resetEnvForTests();
}

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db };
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  restoreConfig();
  await database?.drop();
});

async function paidOffering() {
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  return { seller, offering };
}

async function buy(): Promise<{ sessionId: string }> {
  const buyer = await database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com` } });
  const { seller, offering } = await paidOffering();
  const session = await createPurchaseCheckout(ctx, {
    requestId: crypto.randomUUID(),
    offeringId: offering.id,
    issuerClientId: seller.issuerClientId,
    buyerAccountId: buyer.id,
    buyerEmail: buyer.email,
  });
  return { sessionId: session.sessionId };
}

const pay = (sessionId: string) => handleRest(new Request(`${BASE_URL}/checkout/local/${sessionId}/pay`, { method: 'POST', body: '' }));

describe('the local processor under NODE_ENV=production', () => {
  it('the start refuses production with the local processor unless opted in, naming both ways out; the banner names the live processor', () => {
    const refusal = localProcessorStartRefusal({ NODE_ENV: 'production' });
    expect(refusal).toMatch(/STRIPE_SECRET_KEY/);
    expect(refusal).toMatch(/LOCAL_PROCESSOR_IN_PRODUCTION=true/);
    expect(localProcessorStartRefusal({ NODE_ENV: 'production', LOCAL_PROCESSOR_IN_PRODUCTION: 'true' })).toBeNull();
    expect(localProcessorStartRefusal({ NODE_ENV: 'production', LOCAL_PROCESSOR_IN_PRODUCTION: 'false' })).toBe(refusal);
    expect(localProcessorStartRefusal({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toBeNull();
    expect(localProcessorStartRefusal({ NODE_ENV: 'development' })).toBeNull();
    expect(localProcessorStartRefusal({})).toBeNull();
    expect(describeLiveProcessor({})).toBe('local processor (demo: no money is taken)');
    expect(describeLiveProcessor({ STRIPE_SECRET_KEY: 'sk_live_x' })).toBe('Stripe');
  });

  it('the Pay endpoint refuses (404) under production without the opt-in: the checkout stays pending and no license is minted', async () => {
    configure({ NODE_ENV: 'test' });
    const { sessionId } = await buy();
    configure({ NODE_ENV: 'production' });
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    const response = await pay(sessionId);

    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ status: 'pending', credentialCiphertext: null });
    expect(await database.db.license.count({ where: { checkoutId: sessionId } })).toBe(0);
  });

  it('a paid checkout is refused at creation under production without the opt-in: no local payment page is handed out', async () => {
    configure({ NODE_ENV: 'production' });
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const { seller, offering } = await paidOffering();
    const buyer = await database.db.account.create({ data: { email: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com` } });

    await expect(
      createPurchaseCheckout(ctx, { requestId: crypto.randomUUID(), offeringId: offering.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email }),
    ).rejects.toMatchObject({ code: 'ServerError' });
    expect(await database.db.checkout.count({ where: { offeringId: offering.id } })).toBe(0);
  });

  it('with LOCAL_PROCESSOR_IN_PRODUCTION=true (a demo) the local processor takes checkouts and its Pay is allowed', async () => {
    // (Paying renders the delivery e-mail, which React cannot do in this process under NODE_ENV=production:
    // the whole paid flow in production runs over HTTP in production-start.test.ts.)
    configure({ NODE_ENV: 'production', LOCAL_PROCESSOR_IN_PRODUCTION: 'true' });
    const { sessionId } = await buy();

    expect((await database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } })).sessionUrl).toBe(`${BASE_URL}/checkout/local/${sessionId}`);
    expect(() => assertLocalProcessorPayable()).not.toThrow();
  });

  it('with Stripe configured, a local checkout left from earlier cannot be paid for free', async () => {
    configure({ NODE_ENV: 'test' });
    const { sessionId } = await buy();
    configure({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x' });
    vi.spyOn(logger, 'warn').mockImplementation(() => {});

    expect((await pay(sessionId)).status).toBe(404);
    expect((await database.db.checkout.findUniqueOrThrow({ where: { id: sessionId } })).status).toBe('pending');
  });
});
