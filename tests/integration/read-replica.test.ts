import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PrismaClient } from '@/generated/prisma/client';
import { CATALOG_PRIMARY_AFTER_CHANGE_MS, publishCatalogChange } from '@/server/catalog/catalog-cache';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { logger } from '@/server/platform/logging/logger';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// DATABASE_READ_URL (docs/operations.md "Past one PostgreSQL"): the catalog's cache misses read the
// replica, except just after the seller's catalog changed (then the primary: a replica a step
// behind must not put the old catalog back for 90 s), and the primary again should the replica
// fail. The replica here is a second database of the same schema holding what a replica a step
// behind would: the same rows, one of them older.

let primary: TestDatabase;
let replica: TestDatabase;
let server: InProcessService;
let seller: { id: string; issuerClientId: string };
let offering: { id: string; name: string };

/** Copies rows from the primary to the replica, as replication would have. */
async function replicate(table: 'Seller' | 'Product' | 'Offering', id: string) {
  const [row] = await primary.db.$queryRawUnsafe<{ row: unknown }[]>(`SELECT row_to_json(t) AS "row" FROM "${table}" t WHERE t.id = $1`, id);
  await replica.db.$executeRawUnsafe(`INSERT INTO "${table}" SELECT * FROM json_populate_record(null::"${table}", $1::json)`, JSON.stringify(row!.row));
}

const storefrontText = async () => {
  const response = await server.fetch(`/purchase/${seller.issuerClientId}/offerings`);
  expect(response.status).toBe(200);
  return response.text();
};

/**
 * The clock moved past the window after the last change: the listener's start counts as one (it
 * drops every catalog entry, as after missed notifications), so right after it misses read the primary.
 */
function pastTheChangeWindow() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + CATALOG_PRIMARY_AFTER_CHANGE_MS + 1000);
}

async function renameOffering(db: PrismaClient, name: string) {
  await db.offering.update({ where: { id: offering.id }, data: { name } });
}

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  server = await startInProcessService({ databaseUrl: primary.url, env: { DATABASE_READ_URL: replica.url, SEED_DEMO: 'false' } });
  seller = await createSeller(primary.db);
  const product = await createProduct(primary.db, seller.id);
  offering = await createOffering(primary.db, product, { name: 'Replica Pro' });
  await replicate('Seller', seller.id);
  await replicate('Product', product.id);
  await replicate('Offering', offering.id);
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([primary?.drop(), replica?.drop()]);
});

describe('catalog reads with DATABASE_READ_URL', () => {
  it('a cache miss of the storefront reads the replica', async () => {
    // The replica's row differs from the primary's only here, so the answer tells which was read.
    await renameOffering(replica.db, 'Replica Pro (as the replica holds it)');
    pastTheChangeWindow();
    expect(await storefrontText()).toContain('Replica Pro (as the replica holds it)');
  });

  it('just after the seller’s catalog changed, a miss reads the primary, not the replica that is still behind', async () => {
    await renameOffering(primary.db, 'Replica Pro 2');
    // Long past the listener's start, so only this change decides where the miss reads.
    pastTheChangeWindow();
    await publishCatalogChange({ db: primary.db }, seller.issuerClientId);
    // The announcement reaches this instance over LISTEN/NOTIFY and drops the cached storefront.
    await expect.poll(storefrontText, { timeout: 10_000 }).toContain('Replica Pro 2');
    expect(await storefrontText()).not.toContain('as the replica holds it');
  });

  it('a replica that cannot be reached slows a miss, it refuses nothing: the storefront is read from the primary', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => logger);
    const unreachable = new URL(replica.url);
    unreachable.port = String(closed);
    process.env.DATABASE_READ_URL = unreachable.toString();
    resetEnvForTests();
    await closeDb();
    // Another seller, so no cached entry and no recent change stands in the way of the replica.
    const other = await createSeller(primary.db, { issuerClientId: `other-${crypto.randomBytes(4).toString('hex')}` });
    await createOffering(primary.db, await createProduct(primary.db, other.id), { name: 'Primary Only' });
    pastTheChangeWindow();
    const response = await server.fetch(`/purchase/${other.issuerClientId}/offerings`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Primary Only');
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'catalog: the read replica failed; read from the primary');
    warn.mockRestore();
  });
});
