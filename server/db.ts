import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from '@/generated/prisma/client';
import { env, type Env } from './env';
import { createDatabasePool, type DatabaseTimeouts } from './platform/database/database-pool';

/** The process's client (or a test's, a script's): the one that opens a transaction as a unit of work. */
export type Db = PrismaClient;

/**
 * What statements run on: a transaction's client, or Db itself outside any transaction. A function
 * that only runs statements takes Tx, so it joins whatever transaction its caller holds; it cannot
 * open one (no `$transaction`: a nested one would be a savepoint nobody asked for). A function that
 * opens a transaction takes Db, which a transaction's client is not; one that needs a transaction,
 * its caller's or else its own, goes through withinTransaction.
 */
export type Tx = Omit<Prisma.TransactionClient, '$transaction'>;

/** Whether `client` is a whole client rather than a transaction's (Prisma leaves `$connect` out of the latter). */
function opensTransactions(client: Tx): client is Db {
  return '$connect' in client && typeof client.$connect === 'function';
}

/**
 * Runs `work` inside the caller's transaction when `client` is a transaction's, else in a transaction
 * of its own: for statements that must commit together or hold a transaction-scoped lock to the end.
 */
export function withinTransaction<T>(client: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return opensTransactions(client) ? client.$transaction(work) : work(client);
}

// One client per process (the core is loaded once: Next's pages and the REST app share it), and its
// pool, which also serves the runtime paths' hot statements (hotRows).
const holder: { __licensingDb?: PrismaClient; __licensingPool?: pg.Pool; __licensingReadDb?: PrismaClient; __licensingReadPool?: pg.Pool } = {};

export function db(): PrismaClient {
  if (!holder.__licensingDb) {
    const config = env();
    holder.__licensingPool = createDatabasePool(config.DATABASE_URL, databaseTimeouts(config));
    // Prisma's own wait for a transaction's connection is the pool's; its run time, a few statements' worth.
    const transactionOptions = { maxWait: config.DB_CONNECT_TIMEOUT_MS, timeout: Math.max(5000, config.DB_STATEMENT_TIMEOUT_MS * 2) };
    holder.__licensingDb = new PrismaClient({ adapter: new PrismaPg(holder.__licensingPool), transactionOptions });
  }
  return holder.__licensingDb;
}

/**
 * The client of the read replica (DATABASE_READ_URL), else db(): for reads that may be a few
 * seconds behind and decide nothing (the catalog's cache misses, server/catalog/catalog-cache.ts).
 * Its pool is a quarter of the primary's: it only takes what the catalog cache misses.
 */
export function readDb(): PrismaClient {
  const config = env();
  if (!config.DATABASE_READ_URL) return db();
  if (!holder.__licensingReadDb) {
    const timeouts = databaseTimeouts(config);
    holder.__licensingReadPool = createDatabasePool(config.DATABASE_READ_URL, { ...timeouts, poolMax: Math.max(2, Math.ceil(timeouts.poolMax / 4)) });
    holder.__licensingReadDb = new PrismaClient({ adapter: new PrismaPg(holder.__licensingReadPool) });
  }
  return holder.__licensingReadDb;
}

/** The configured bounds of every wait on the database (docs/configuration.md). */
export function databaseTimeouts(config: Env = env()): DatabaseTimeouts {
  return {
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    poolMax: config.DB_POOL_MAX,
  };
}

/** Graceful shutdown: the client, then the pool it was given (an adapter leaves a given pool open). */
export async function closeDb(): Promise<void> {
  const { __licensingDb: client, __licensingPool: pool, __licensingReadDb: readClient, __licensingReadPool: readPool } = holder;
  holder.__licensingDb = undefined;
  holder.__licensingPool = undefined;
  holder.__licensingReadDb = undefined;
  holder.__licensingReadPool = undefined;
  await Promise.all([client?.$disconnect(), readClient?.$disconnect()]);
  await Promise.all([pool?.end(), readPool?.end()]);
}

/**
 * A statement on a hot path (DESIGN.md "Speed of the runtime paths"): positional parameters, and
 * only column types both drivers return alike (text, boolean, integer, timestamptz, json).
 */
export interface HotStatement {
  /** A prepared statement's name: parsed and planned once per connection. */
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Runs a hot statement as a named prepared statement straight on the process's pool: Prisma's
 * per-query work costs several times such a statement. On a client other than db() (a test's, a
 * script's) it runs through that client.
 */
export async function hotRows<T>(client: Tx, statement: HotStatement): Promise<T[]> {
  const pool = client === holder.__licensingDb ? holder.__licensingPool : undefined;
  if (!pool) return client.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
  const result = await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: statement.values });
  return result.rows;
}
