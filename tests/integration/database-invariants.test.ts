import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '@/server/platform/database/migrate';
import { sqlStateOf } from '@/server/platform/database/sql-error';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return sqlStateOf(error);
  }
}

async function licenseWithSeats(count: number) {
  const seller = await createSeller(database.db);
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { seatBased: true, classification: 1, priceMinor: 100 });
  const license = await database.db.license.create({ data: { sellerId: seller.id, offeringId: offering.id, classification: 1 } });
  const seats = [];
  for (let i = 0; i < count; i++) seats.push(await database.db.seat.create({ data: { licenseId: license.id } }));
  return { seller, offering, license, seats };
}

describe('migrations', () => {
  it('the migrations cover prisma/schema.prisma: the schema-to-schema diff is empty', () => {
    const result = spawnSync('npm', ['run', '--silent', 'db:migration', '--', '--check'], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    });
    expect(result.stderr + result.stdout).toContain('Migrations cover prisma/schema.prisma.');
    expect(result.status).toBe(0);
  });

  it('are recorded in _prisma_migrations with sha256 checksums, and re-applying does nothing', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = (await client.query('select migration_name, checksum, finished_at from "_prisma_migrations" order by migration_name')).rows;
    await client.end();
    const files = readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    expect(rows.map((row) => row.checksum)).toEqual(files.map((file) => file.checksum));
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    expect(await applyMigrations(database.url)).toEqual([]);
  });

  it('instances starting together apply each migration once (advisory lock)', async () => {
    const fresh = await createTestDatabase();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    await client.query('drop schema public cascade; create schema public;');
    await client.end();
    const results = await Promise.all([applyMigrations(fresh.url), applyMigrations(fresh.url), applyMigrations(fresh.url)]);
    expect(results.flat().sort()).toEqual(readMigrations().map((file) => file.name));
    await fresh.drop();
  });
});

describe('database invariants', () => {
  it('a RequestId belongs to one checkout', async () => {
    const { seller, offering } = await licenseWithSeats(1);
    const requestId = crypto.randomUUID();
    const data = { requestId, origin: 'purchase' as const, sellerId: seller.id, offeringId: offering.id };
    await database.db.checkout.create({ data });
    expect(await sqlState(database.db.checkout.create({ data }))).toBe('23505');
  });

  it('one open claim intent per (seller, offering, address); closed intents do not count', async () => {
    const { seller, offering } = await licenseWithSeats(1);
    const intentFor = async (status: 'open' | 'expired' | 'accepted') => {
      const checkout = await database.db.checkout.create({
        data: { requestId: crypto.randomUUID(), origin: 'embedded', sellerId: seller.id, offeringId: offering.id, status: status === 'expired' ? 'failed' : 'pending', error: status === 'expired' ? 'Claim expired.' : null },
      });
      return database.db.claimIntent.create({
        data: { checkoutId: checkout.id, sellerId: seller.id, offeringId: offering.id, email: 'buyer@example.com', status, expiresAt: new Date(Date.now() + 7 * 86_400_000) },
      });
    };
    await intentFor('expired');
    await intentFor('open');
    expect(await sqlState(intentFor('open'))).toBe('23505');
    await expect(intentFor('accepted')).resolves.toBeTruthy();
  });

  it('the last live seat of a license cannot be retired', async () => {
    const { seats } = await licenseWithSeats(1);
    expect(await sqlState(database.db.seat.update({ where: { id: seats[0]!.id }, data: { retiredAt: new Date() } }))).toBe('SV001');
  });

  it('concurrent retirements cannot remove the last live seat', async () => {
    const { license, seats } = await licenseWithSeats(2);
    const outcomes = await Promise.allSettled(
      seats.map((seat) =>
        database.db.$transaction(async (tx) => {
          await tx.seat.update({ where: { id: seat.id }, data: { retiredAt: new Date() } });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await database.db.seat.count({ where: { licenseId: license.id, retiredAt: null } })).toBe(1);
  });

  it('a retired seat stays retired', async () => {
    const { seats } = await licenseWithSeats(2);
    await database.db.seat.update({ where: { id: seats[0]!.id }, data: { retiredAt: new Date() } });
    expect(await sqlState(database.db.seat.update({ where: { id: seats[0]!.id }, data: { retiredAt: null } }))).toBe('SV002');
  });

  it('a failed checkout always carries its Error', async () => {
    const { seller, offering } = await licenseWithSeats(1);
    expect(
      await sqlState(database.db.checkout.create({ data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, status: 'failed' } })),
    ).toBe('23514');
  });
});
