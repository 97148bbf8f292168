import net from 'node:net';
import pg from 'pg';
import type { Tx } from '../../db';
import { env } from '../../env';
import { logger } from '../logging/logger';
import { gaugeReadAtScrape, recordInvalidationReceived } from '../metrics/metrics';

// Cache invalidation for every instance (DESIGN.md "Platform decisions": caches). Each process holds
// one copy of its caches (the core is loaded once), and several instances may share one PostgreSQL.
// A writer publishes after its change is committed; PostgreSQL NOTIFY carries the
// message to one listening connection per process, which hands it to its handlers.
// Caches keep their bounded lifetimes as the safety net for anything this misses.

declare const invalidationTopicBrand: unique symbol;
/** A topic some domain defined with defineInvalidationTopic (the platform names none). */
export type InvalidationTopic = string & { readonly [invalidationTopicBrand]: true };

const definedTopics = new Set<string>();

/**
 * Defines a topic of cache invalidation; each domain defines its own beside the cache it keeps.
 * A notification whose topic no module of this process defined is ignored with a warning.
 */
export function defineInvalidationTopic(name: string): InvalidationTopic {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`invalidation topic ${JSON.stringify(name)}: lowercase letters, digits and hyphens`);
  definedTopics.add(name);
  return name as InvalidationTopic;
}

/** The key a handler receives when every entry of its topic must go. */
export const ALL_KEYS = '*';

/** The one channel of every instance on the database. Payload: JSON `{"topic": ..., "key": ...}`. */
export const INVALIDATION_CHANNEL = 'licensing_cache_invalidation';

/** The listener connection's application_name, so operators (and tests) can find it in pg_stat_activity. */
export const INVALIDATION_LISTENER_NAME = 'licensing-cache-invalidation';

// PostgreSQL refuses payloads of 8000 bytes or more. Keys are ids and hashes, far shorter; a longer
// one is sent as ALL_KEYS for its topic: hashing it would match no cache entry, refusing it after
// the change is committed would lose the invalidation, and a wider drop only costs reloads.
const MAX_KEY_BYTES = 1024;

// Reconnecting is retried forever, at most a second apart: a change made while this process could not
// listen is then seen (by the flush at reconnection) within about a second of the database's return.
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 1_000;
// A connection that died silently (a stalled or blackholed host, a dropped NAT entry) delivers
// nothing and reports nothing: a query every 2 s finds out, and no answer within 3 s ends the
// connection, so a lost listener is known within 5 s.
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
// Opening the listener's connection; a stalled host must not hold the reconnection loop.
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * While this process is not listening, a cached entry is served at most this long after it was
 * stored (InvalidatedCache): no notification could drop it meanwhile.
 */
export const UNWATCHED_ENTRY_MS = 5_000;
// A lazy start without usable configuration is tried again after this long, not on every read.
const LAZY_START_RETRY_MS = 60_000;

// ---------- handlers ----------

type InvalidationHandler = (key: string) => void;

const handlers = new Map<InvalidationTopic, Set<{ handle: InvalidationHandler }>>();

/**
 * Registers a handler in this process. It receives the published key, or ALL_KEYS when every
 * entry of the topic must go (the listener (re)connected, so notifications may have been missed).
 * Returns the unregistration.
 */
export function onInvalidation(topic: InvalidationTopic, handler: InvalidationHandler): () => void {
  const entry = { handle: handler };
  const registered = handlers.get(topic) ?? new Set();
  handlers.set(topic, registered);
  registered.add(entry);
  return () => {
    registered.delete(entry);
    if (registered.size === 0 && handlers.get(topic) === registered) handlers.delete(topic);
  };
}

function dispatch(topic: InvalidationTopic, key: string): void {
  for (const entry of [...(handlers.get(topic) ?? [])]) {
    try {
      entry.handle(key);
    } catch (error) {
      logger.error({ err: error, topic }, 'invalidation: a handler failed');
    }
  }
}

function flushAll(): void {
  for (const topic of [...handlers.keys()]) dispatch(topic, ALL_KEYS);
}

function isTopic(value: unknown): value is InvalidationTopic {
  return typeof value === 'string' && definedTopics.has(value);
}

function parseMessage(payload: string | undefined): { topic: InvalidationTopic; key: string } | null {
  try {
    const message = JSON.parse(payload ?? '') as { topic?: unknown; key?: unknown };
    return isTopic(message.topic) && typeof message.key === 'string' ? { topic: message.topic, key: message.key } : null;
  } catch {
    return null;
  }
}

// ---------- publishing ----------

/**
 * Drops `key` of `topic` in every instance. Call it after the change is
 * committed: this copy's handlers run at once, the others' within about a second. Inside a
 * transaction PostgreSQL delivers the notification at commit (never on rollback), while this copy's
 * handlers still run at once. The publisher's own listener hears the notification as well; the
 * second drop is cheap and undoes a read that raced the commit.
 *
 * A failed NOTIFY is logged, not thrown: the change itself is committed, and other copies then
 * drop the entry when its lifetime ends.
 */
export async function publishInvalidation(ctx: { db: Pick<Tx, '$executeRaw'> }, topic: InvalidationTopic, key: string): Promise<void> {
  const sent = Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES ? ALL_KEYS : key;
  dispatch(topic, sent);
  const payload = JSON.stringify({ topic, key: sent });
  try {
    // $executeRaw, not $queryRaw: pg_notify returns void, which the query result reader refuses.
    await ctx.db.$executeRaw`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`;
  } catch (error) {
    logger.error({ err: error, topic }, 'invalidation: could not publish; other copies rely on the cache lifetime');
  }
}

// ---------- the listener of this process ----------

interface Listener {
  url: string;
  /** Connected and listening; null while (re)connecting. */
  client: pg.Client | null;
  connecting: Promise<void> | null;
  retry: NodeJS.Timeout | null;
  failures: number;
  /** A connection was lost at least once (a reconnection, not a first connection, is under way). */
  lostOnce: boolean;
}

let listener: Listener | null = null;
let reconnections = 0;

export type ListenerState = 'listening' | 'reconnecting' | 'stopped';

/**
 * `listening`: notifications arrive. `reconnecting`: started, but no connection listens now (lost,
 * or not yet made), so cached entries are served for UNWATCHED_ENTRY_MS at most. `stopped`: never
 * started, or stopped on purpose (scripts; caches rely on their lifetimes).
 */
export function invalidationListenerState(): ListenerState {
  if (!listener) return 'stopped';
  return listener.client ? 'listening' : 'reconnecting';
}

/** Whether cached entries may be older than UNWATCHED_ENTRY_MS: false while a started listener cannot listen. */
export function invalidationsAreWatched(): boolean {
  return !listener || listener.client !== null;
}

function registerListenerGauge(): void {
  gaugeReadAtScrape({
    name: 'invalidation_listener',
    help: 'The cache invalidation listener of this process: 1 on its state (listening, reconnecting, stopped); reconnections counts the connections made again after a loss.',
    labelName: 'state',
    read: async () => {
      const state = invalidationListenerState();
      return { listening: state === 'listening' ? 1 : 0, reconnecting: state === 'reconnecting' ? 1 : 0, stopped: state === 'stopped' ? 1 : 0, reconnections };
    },
  });
}
let stoppedByCaller = false;
let lazyStartRetryAt = 0;

/**
 * Listens on INVALIDATION_CHANNEL over a dedicated connection (not the Prisma pool: a pooled
 * connection would stop listening when the pool drops it). Idempotent; resolves once listening.
 * If an attempt fails the promise rejects, and the listener keeps retrying until stopped.
 * The default URL is the configuration's DATABASE_URL.
 */
export async function startInvalidationListener(databaseUrl?: string): Promise<void> {
  stoppedByCaller = false;
  const url = databaseUrl ?? env().DATABASE_URL;
  if (listener && listener.url !== url) await stopListening();
  if (!listener) registerListenerGauge();
  listener ??= { url, client: null, connecting: null, retry: null, failures: 0, lostOnce: false };
  const state = listener;
  if (state.client) return;
  if (state.connecting) return state.connecting;
  if (state.retry) clearTimeout(state.retry);
  state.retry = null;
  return connect(state);
}

/** Closes the listener of this process; its caches then rely on their lifetimes. No lazy start follows until started again. */
export async function stopInvalidationListener(): Promise<void> {
  stoppedByCaller = true;
  await stopListening();
}


/**
 * Starts the listener of this process if nothing started it yet, without waiting for it.
 * Caches call it on their read path, so a process listens once it caches (a host without our
 * production entry, serving through Next alone, too).
 */
export function ensureInvalidationListener(): void {
  if (listener || stoppedByCaller || Date.now() < lazyStartRetryAt) return;
  let url: string;
  try {
    url = env().DATABASE_URL;
  } catch (error) {
    lazyStartRetryAt = Date.now() + LAZY_START_RETRY_MS;
    logger.warn({ reason: errorMessage(error) }, 'invalidation: listener not started; caches rely on their lifetimes');
    return;
  }
  // Failures are logged where they happen, and the listener keeps retrying.
  startInvalidationListener(url).catch(() => {});
}

async function stopListening(): Promise<void> {
  const state = listener;
  listener = null;
  if (!state) return;
  if (state.retry) clearTimeout(state.retry);
  state.retry = null;
  // An attempt under way sees that it is no longer the listener and closes its own connection.
  await state.connecting?.catch(() => {});
  const client = state.client;
  state.client = null;
  if (client) await closeClient(client);
}

/** Ends a connection politely, or cuts it when the server does not answer within a second (a stalled host). */
async function closeClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      (client as unknown as { connection?: { stream?: net.Socket } }).connection?.stream?.destroy();
      resolve();
    }, 1_000).unref();
  });
  await Promise.race([client.end().catch(() => {}), cut]);
  clearTimeout(timer);
}

function connect(state: Listener): Promise<void> {
  const attempt = listen(state).catch((error: unknown) => {
    if (listener === state) {
      const delay = scheduleRetry(state);
      logger.warn({ attempt: state.failures, delayMs: delay, reason: errorMessage(error) }, 'invalidation: could not listen; retrying');
    }
    throw error;
  });
  state.connecting = attempt;
  const settled = () => {
    if (state.connecting === attempt) state.connecting = null;
  };
  attempt.then(settled, settled);
  return attempt;
}

async function listen(state: Listener): Promise<void> {
  let socket: net.Socket | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const client = new pg.Client({
    connectionString: state.url,
    application_name: INVALIDATION_LISTENER_NAME,
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: HEARTBEAT_TIMEOUT_MS,
    // The listener never keeps a process alive on its own (scripts that read a cache still exit).
    stream: () => (socket = new net.Socket().unref()),
  });
  // Without an 'error' listener a lost connection would throw from the event emitter and end the
  // process. The first error is the reason logged when the connection ends (pg adds its own after it).
  let reason: string | undefined;
  client.on('error', (error) => {
    reason ??= errorMessage(error);
  });
  client.on('end', () => {
    clearInterval(heartbeat);
    connectionLost(state, client, reason);
  });
  client.on('notification', (notification) => {
    if (notification.channel !== INVALIDATION_CHANNEL) return;
    const message = parseMessage(notification.payload);
    if (message) {
      recordInvalidationReceived(message.topic);
      dispatch(message.topic, message.key);
    } else logger.warn({ channel: INVALIDATION_CHANNEL }, 'invalidation: ignored a malformed notification');
  });
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(INVALIDATION_CHANNEL)}`);
  } catch (error) {
    await closeClient(client);
    throw error;
  }
  if (listener !== state) {
    await closeClient(client);
    return;
  }
  const reconnection = state.lostOnce;
  state.client = client;
  state.failures = 0;
  state.lostOnce = false;
  if (reconnection) {
    reconnections += 1;
    logger.info('invalidation: listening again; every invalidated cache emptied');
  }
  heartbeat = setInterval(() => checkAlive(client, socket), HEARTBEAT_MS).unref();
  // Listening first, then flushing: a change committed from now on arrives as a notification, and
  // one that was missed while no connection listened (or before the first) is covered by the flush.
  flushAll();
}

function connectionLost(state: Listener, client: pg.Client, reason: string | undefined): void {
  if (state.client !== client) return; // an attempt that failed (logged there), or a connection closed on purpose
  state.client = null;
  state.lostOnce = true;
  if (listener !== state) return;
  const delay = scheduleRetry(state);
  logger.warn({ reason: reason ?? 'closed by the server', delayMs: delay }, 'invalidation: listener connection lost; reconnecting');
}

function checkAlive(client: pg.Client, socket: net.Socket | undefined): void {
  const deadline = setTimeout(() => socket?.destroy(new Error('no answer to the heartbeat')), HEARTBEAT_TIMEOUT_MS).unref();
  const settled = () => clearTimeout(deadline);
  client.query('select 1').then(settled, settled);
}

/** Capped exponential backoff with jitter, so instances do not reconnect in step after a restart. */
function scheduleRetry(state: Listener): number {
  const delay = Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** state.failures) * (0.6 + Math.random() * 0.4));
  state.failures += 1;
  state.retry = setTimeout(() => {
    state.retry = null;
    if (listener === state && !state.client && !state.connecting) connect(state).catch(() => {});
  }, delay);
  state.retry.unref();
  return delay;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
