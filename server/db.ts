import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/generated/prisma/client';
import { env } from './env';

export type Db = PrismaClient;

// One client per process (the core is loaded once: Next's pages and the REST app share it), and its
// pool, which also serves the runtime paths' hot statements (hotRows).
const holder: { __licensingDb?: PrismaClient; __licensingPool?: pg.Pool } = {};

export function db(): PrismaClient {
  if (!holder.__licensingDb) {
    holder.__licensingPool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 10 });
    holder.__licensingDb = new PrismaClient({ adapter: new PrismaPg(holder.__licensingPool) });
  }
  return holder.__licensingDb;
}

/** Graceful shutdown: the client, then the pool it was given (an adapter leaves a given pool open). */
export async function closeDb(): Promise<void> {
  const { __licensingDb: client, __licensingPool: pool } = holder;
  holder.__licensingDb = undefined;
  holder.__licensingPool = undefined;
  await client?.$disconnect();
  await pool?.end();
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
export async function hotRows<T>(client: Db, statement: HotStatement): Promise<T[]> {
  const pool = client === holder.__licensingDb ? holder.__licensingPool : undefined;
  if (!pool) return client.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
  const result = await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: statement.values });
  return result.rows;
}
