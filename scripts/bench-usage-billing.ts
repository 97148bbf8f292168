// Part of `npm run bench`: usage billing that keeps up. A backlog of 1,000,000 metered items
// (10,000 batches of 100 items over 1,000 licenses sold through Stripe) is taken into the ledger
// and reported to a local server that answers like Stripe, by the report-usage job's own code in
// this process. Printed: the time, items per second, and the calls made to the processor beside the
// number of batches (one meter event per license and feature, not one per batch).
import crypto from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { reportUsage } from '../server/billing/report-usage';
import { CatalogStatus, IntervalUnit, LicenseClassification } from '../server/catalog/catalog-enums';
import { resetEnvForTests } from '../server/env';
import { ensureSigningKeys } from '../server/keys/signing-keys';
import { stopInvalidationListener } from '../server/platform/invalidation/invalidation';
import { startStripeServer } from '../tests/support/stripe-server';
import { freshBenchDatabase } from './bench-runtime';

const LICENSES = Number(process.env.BENCH_USAGE_LICENSES ?? 1000);
const BATCHES_PER_LICENSE = 10;
const ITEMS_PER_BATCH = 100;

async function seed(db: PrismaClient): Promise<void> {
  await ensureSigningKeys({ db });
  const signingKey = await db.signingKey.findFirstOrThrow({ where: { purpose: 'runtime' } });
  const seller = await db.seller.create({ data: { issuerClientId: 'bench-usage', legalName: 'Bench Usage Ltd', checkoutReady: true, stripeAccountId: 'acct_bench' } });
  const product = await db.product.create({ data: { sellerId: seller.id, name: 'Bench', status: CatalogStatus.Active } });
  const offering = await db.offering.create({
    data: { sellerId: seller.id, productId: product.id, name: 'Metered', status: CatalogStatus.Active, classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: IntervalUnit.Month },
  });
  const timeUtc = new Date().toISOString();
  const records = Array.from({ length: ITEMS_PER_BATCH }, () => ({ FeatureKey: 'render', Units: 1, TimeUtc: timeUtc }));
  for (let start = 0; start < LICENSES; start += 100) {
    const count = Math.min(100, LICENSES - start);
    const ids = Array.from({ length: count }, () => ({ license: crypto.randomUUID(), checkout: crypto.randomUUID(), seat: crypto.randomUUID(), code: crypto.randomUUID() }));
    await db.checkout.createMany({
      data: ids.map((id, i) => ({
        id: id.checkout,
        requestId: crypto.randomUUID(),
        origin: 'purchase',
        status: 'completed',
        sellerId: seller.id,
        offeringId: offering.id,
        processor: 'stripe',
        processorCustomerId: `cus_bench_${start + i}`,
        amountMinor: 900,
      })),
    });
    await db.license.createMany({
      data: ids.map((id, i) => ({ id: id.license, sellerId: seller.id, offeringId: offering.id, checkoutId: id.checkout, classification: LicenseClassification.Subscription, processorSubscriptionId: `sub_bench_${start + i}` })),
    });
    await db.licenseFeature.createMany({ data: ids.map((id) => ({ licenseId: id.license, key: 'render', displayName: 'Render', rate: '0.01' })) });
    await db.seat.createMany({ data: ids.map((id) => ({ id: id.seat, licenseId: id.license })) });
    await db.licenseCode.createMany({ data: ids.map((id) => ({ id: id.code, licenseId: id.license, seatId: id.seat, label: 'bench', secretHash: crypto.randomBytes(16).toString('hex'), signingKeyId: signingKey.id })) });
    await db.usageBatch.createMany({
      data: ids.flatMap((id) =>
        Array.from({ length: BATCHES_PER_LICENSE }, () => ({ batchId: crypto.randomUUID(), licenseId: id.license, seatId: id.seat, credentialId: id.code, records, units: BigInt(ITEMS_PER_BATCH) })),
      ),
    });
  }
}

export async function benchUsageBilling(options: { anyDatabaseUrl: string; appSecret: string }): Promise<void> {
  const url = await freshBenchDatabase(options.anyDatabaseUrl);
  const stripe = await startStripeServer();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 8 }) });
  Object.assign(process.env, { DATABASE_URL: url, APP_SECRET: options.appSecret, STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_API_BASE: stripe.baseUrl, LOG_LEVEL: 'warn' });
  resetEnvForTests();
  try {
    const seededAt = Date.now();
    await seed(db);
    const batches = LICENSES * BATCHES_PER_LICENSE;
    const items = batches * ITEMS_PER_BATCH;
    console.log(`\nUsage billing: ${items.toLocaleString('en')} items in ${batches.toLocaleString('en')} batches over ${LICENSES} licenses sold through Stripe, seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    const startedAt = process.hrtime.bigint();
    const run = await reportUsage({ db });
    const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    const calls = stripe.requests.filter((request) => request.path === '/v1/billing/meter_events').length;
    const left = await db.usageBatch.count({ where: { reportedAt: null } });
    console.log(`  reported in ${seconds.toFixed(1)} s (${Math.round(items / seconds).toLocaleString('en')} items/s): ${run.batches.toLocaleString('en')} batches into the ledger, ${calls.toLocaleString('en')} processor calls (meter events) for them, ${run.sent} reports sent, ${run.failed} failed, ${left} batches left`);
  } finally {
    await stopInvalidationListener();
    await db.$disconnect();
    await stripe.stop();
  }
}
