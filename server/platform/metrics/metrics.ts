import crypto from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { logger } from '../logging/logger';

type RequestLabel = 'route' | 'method' | 'status';

interface Metrics {
  registry: Registry;
  httpRequests: Counter<RequestLabel>;
  httpRequestDuration: Histogram<RequestLabel>;
  rateLimitRefusals: Counter<'limit'>;
  invalidationsReceived: Counter<'topic'>;
  /** Gauges read at scrape time, by name, each with its current source. */
  readAtScrape: Map<string, { gauge: Gauge<string>; read: () => Promise<Record<string, number>> }>;
  /**
   * The request series of each route, method and status answered so far, bound to their labels
   * once: labelling hashes the label values at every call, on every request. As bounded as the
   * labels themselves (route patterns, never raw paths).
   */
  requestSeries: Map<string, { count: { inc: () => void }; duration: { observe: (seconds: number) => void } }>;
}

// A scrape waits this long for a gauge read at scrape time, then reports without it.
const READ_AT_SCRAPE_TIMEOUT_MS = 2_000;

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit.',
      labelNames: ['limit'],
      registers: [registry],
    }),
    invalidationsReceived: new Counter({
      name: 'cache_invalidations_received_total',
      help: 'Cache invalidations this process received from PostgreSQL, by topic (one per notification: the process holds one copy of the caches).',
      labelNames: ['topic'],
      registers: [registry],
    }),
    readAtScrape: new Map(),
    requestSeries: new Map(),
  };
  return metrics;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const holder: { __licensingMetrics?: Metrics } = {};

function metrics(): Metrics {
  holder.__licensingMetrics ??= createMetrics();
  return holder.__licensingMetrics;
}

export function recordInvalidationReceived(topic: string): void {
  metrics().invalidationsReceived.inc({ topic });
}

export function recordRateLimitRefusal(limit: string): void {
  metrics().rateLimitRefusals.inc({ limit });
}

/**
 * Counts one answered request and its duration. `route` must be the route pattern
 * (`/purchase/:issuerClientId/offerings`), never the raw path: every distinct label value is a new
 * time series, and raw paths carry ids. Unmatched requests belong under one fixed label.
 */
export function recordHttpRequest(labels: { route: string; method: string; status: number }, seconds: number): void {
  const { httpRequests, httpRequestDuration, requestSeries } = metrics();
  const key = `${labels.route} ${labels.method} ${labels.status}`;
  let series = requestSeries.get(key);
  if (!series) {
    const values = { route: labels.route, method: labels.method.toUpperCase(), status: String(labels.status) };
    series = { count: httpRequests.labels(values), duration: httpRequestDuration.labels(values) };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.duration.observe(seconds);
}

/**
 * A gauge read from `read` at each scrape (label value → number), e.g. `job_queue_depth{queue}`:
 * exactly what the source says now, nothing stale. A source that fails or takes over 2 s leaves its
 * gauge out of that scrape; the rest still answers. Defining a name again replaces its source.
 */
export function gaugeReadAtScrape(definition: { name: string; help: string; labelName: string; read: () => Promise<Record<string, number>> }): void {
  const { registry, readAtScrape } = metrics();
  const known = readAtScrape.get(definition.name);
  if (known) {
    known.read = definition.read;
    return;
  }
  const entry = {
    read: definition.read,
    gauge: new Gauge({
      name: definition.name,
      help: definition.help,
      labelNames: [definition.labelName],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const values = await withTimeout(entry.read(), READ_AT_SCRAPE_TIMEOUT_MS);
          for (const [label, value] of Object.entries(values)) this.set({ [definition.labelName]: label }, value);
        } catch (err) {
          logger.warn({ err }, `${definition.name} could not be read; left out of this scrape`);
        }
      },
    }),
  };
  readAtScrape.set(definition.name, entry);
}

/** The Prometheus text exposition of every metric of this process. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * GET /metrics: always from loopback; from elsewhere only with `Authorization: Bearer <METRICS_TOKEN>`,
 * and never when no token is configured. Compared over digests so neither the content nor the length
 * of the token leaks through timing.
 */
export function metricsAccessAllowed(input: { isLoopback: boolean; authorization: string | null; token: string | undefined }): boolean {
  if (input.isLoopback) return true;
  if (!input.token || !input.authorization) return false;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(input.authorization);
  if (!match?.[1]) return false;
  const presented = crypto.createHash('sha256').update(match[1]).digest();
  const expected = crypto.createHash('sha256').update(input.token).digest();
  return crypto.timingSafeEqual(presented, expected);
}
