import pg from 'pg';
import { ActingContextPool } from './acting-context-pool';

/**
 * Every wait on the database is bounded (docs/configuration.md, docs/operations.md "Failure behaviour"), so an
 * unreachable or hung database turns into a prompt 503 instead of requests that hang and a process
 * that cannot stop.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one of the pool. */
  connectTimeoutMs: number;
  /**
   * One statement: the server cancels it after this long (statement_timeout), and the client gives
   * up 500 ms later when no answer comes at all (a blackholed host never sends the cancel's error).
   */
  statementTimeoutMs: number;
  /** A transaction left idle this long is ended by the server, releasing its locks. */
  idleInTransactionTimeoutMs: number;
  poolMax: number;
}

/** How long after the server's own cancel the client stops waiting for an answer. */
const CLIENT_GRACE_MS = 500;

/** The connection options that carry the timeouts (for pools, pg-boss and single clients alike). */
export interface ConnectionOptions {
  connectionTimeoutMillis: number;
  statement_timeout: number;
  query_timeout: number;
  idle_in_transaction_session_timeout: number;
  keepAlive: boolean;
}

export function connectionOptions(timeouts: DatabaseTimeouts): ConnectionOptions {
  return {
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + CLIENT_GRACE_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    keepAlive: true,
  };
}

/**
 * A connection that gave up waiting for an answer is closed at once. pg would otherwise keep it with
 * the unanswered statement still in flight, and a transaction's ROLLBACK (or the next borrower's
 * statement) would queue behind it for another full timeout.
 */
class DeadlineClient extends pg.Client {
  // pg's query() has callback and promise forms; both are wrapped.
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        if (error) this.closeAfterReadTimeout(error);
        (last as (error: Error | null, result: unknown) => void)(error, result);
      };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.catch((error: Error) => {
        this.closeAfterReadTimeout(error);
        throw error;
      }) as never;
    }
    return result as never;
  }

  private closeAfterReadTimeout(error: Error): void {
    if (error.message !== 'Query read timeout') return;
    (this as unknown as { connection?: { stream?: { destroy: (error?: Error) => void } } }).connection?.stream?.destroy(error);
  }
}

export function createDatabasePool(connectionString: string, timeouts: DatabaseTimeouts, extra: pg.PoolConfig = {}): pg.Pool {
  // Its connections carry who acts (acting-context-pool.ts), for the audit triggers.
  const pool = new ActingContextPool({ connectionString, max: timeouts.poolMax, Client: DeadlineClient, ...connectionOptions(timeouts), ...extra });
  // An idle connection the server or the network ended: the pool drops it; nothing to throw.
  pool.on('error', () => {});
  return pool;
}

const UNREACHABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: statement_timeout (57014), the server shutting down or restarting (57P01-57P03), too
// many connections (53300), a connection failure (08xxx).
const UNAVAILABLE_SQLSTATES = /^(57014|57P0[1-3]|53300|08...)$/;
// Prisma's own words for the same conditions (it wraps the driver's error).
// P2028: a transaction that could not start or finish within its deadline.
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);

/**
 * Whether an error says the database could not be reached or did not answer in time (as opposed
 * to refusing the statement): such a request is answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { message?: unknown; code?: unknown; originalCode?: unknown; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code))) return true;
    if (typeof e.originalCode === 'string' && (UNREACHABLE_CODES.has(e.originalCode) || UNAVAILABLE_SQLSTATES.test(e.originalCode))) return true;
    if (e.kind === 'DatabaseNotReachable' || e.kind === 'ConnectionClosed' || e.kind === 'SocketTimeout') return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.some((text) => (e.message as string).includes(text))) return true;
    current = e.cause ?? e.meta?.driverAdapterError;
  }
  return false;
}
