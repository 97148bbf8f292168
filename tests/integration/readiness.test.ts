import net from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '@/generated/prisma/client';
import { readMigrations } from '@/server/platform/database/migrate';
import { checkReadiness } from '@/server/platform/health/readiness';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const BOUND_MS = 2_000;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

function clientFor(url: string) {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('readiness', () => {
  it('is ready on a migrated database', async () => {
    expect(await checkReadiness({ db: database.db })).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok' } });
  });

  it('reports migrations pending once a shipped migration is no longer recorded as finished', async () => {
    const last = readMigrations().at(-1);
    expect(last).toBeDefined();
    await database.db.$executeRaw`delete from "_prisma_migrations" where migration_name = ${last!.name}`;
    expect(await checkReadiness({ db: database.db })).toEqual({ ready: false, checks: { database: 'ok', migrations: 'pending' } });
  });

  it('reports migrations pending on a database that never had any', async () => {
    await database.db.$executeRaw`drop table "_prisma_migrations"`;
    expect(await checkReadiness({ db: database.db })).toEqual({ ready: false, checks: { database: 'ok', migrations: 'pending' } });
  });

  it('is not ready when nothing listens at the database address, and says so at once', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const db = clientFor(`postgresql://nobody:nothing@127.0.0.1:${port}/none`);
    try {
      const { result, ms } = await timed(() => checkReadiness({ db }));
      expect(result).toEqual({ ready: false, checks: { database: 'error', migrations: 'error' } });
      expect(ms).toBeLessThan(BOUND_MS + 500);
    } finally {
      await db.$disconnect();
    }
  });

  it('is not ready, within the bound, when the database accepts connections but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;

    const db = clientFor(`postgresql://nobody:nothing@127.0.0.1:${port}/none`);
    try {
      const { result, ms } = await timed(() => checkReadiness({ db }));
      expect(result).toEqual({ ready: false, checks: { database: 'error', migrations: 'error' } });
      expect(sockets.size).toBeGreaterThan(0);
      expect(ms).toBeGreaterThanOrEqual(BOUND_MS - 100);
      expect(ms).toBeLessThan(BOUND_MS + 500);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await db.$disconnect().catch(() => {});
    }
  });
});
