import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ISSUER_CLIENT_ID, seedDemo, seedIfEmpty } from '@/prisma/seed';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const counts = async () => ({
  sellers: await database.db.seller.count(),
  products: await database.db.product.count(),
  offerings: await database.db.offering.count(),
  features: await database.db.feature.count(),
});

describe('demo seed', () => {
  it('seeds an empty database once and is idempotent', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    const first = await counts();
    await seedDemo(database.db);
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('covers free perpetual, paid perpetual, monthly subscription, trial and a seat-based subscription, with rate limits and allowances', async () => {
    const seller = await database.db.seller.findUniqueOrThrow({ where: { issuerClientId: DEMO_ISSUER_CLIENT_ID }, include: { offerings: { include: { features: true } } } });
    const listed = seller.offerings.filter((offering) => offering.listed);
    expect(listed.some((o) => o.classification === 2 && o.priceMinor === null)).toBe(true);
    expect(listed.some((o) => o.classification === 2 && (o.priceMinor ?? 0) > 0)).toBe(true);
    expect(listed.some((o) => o.classification === 1 && o.intervalUnit === 2 && !o.seatBased)).toBe(true);
    expect(listed.some((o) => o.classification === 0)).toBe(true);
    expect(listed.some((o) => o.classification === 1 && o.seatBased)).toBe(true);
    const features = seller.offerings.flatMap((offering) => offering.features);
    expect(features.some((feature) => feature.rateLimit !== null)).toBe(true);
    expect(features.some((feature) => (feature.allowance ?? 0) > 0)).toBe(true);
  });
});
