import { z } from 'zod';

// The one parsed configuration. Read once; a bad or missing variable stops start-up with a message
// naming it. Every variable is documented in docs/configuration.md.
const flag = (fallback: 'true' | 'false') => z.enum(['true', 'false']).default(fallback).transform((value) => value === 'true');
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (the start script sets it for the embedded database)'),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters'),
    PUBLIC_BASE_URL: optionalUrl,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Serve every REST prefix straight from node:http (true) or through Next's route files (false: the bench baseline, the second contract run). */
    REST_DIRECT_MOUNT: flag('true'),
    /** Seed the demo seller into an empty database at start. */
    SEED_DEMO: flag('true'),

    /** The licensing resource's id: buyer tokens are for audience api://<id>, scope api://<id>/checkout.purchase. */
    LICENSING_APP_ID: z.string().regex(/^[A-Za-z0-9._-]+$/).default('licensing'),
    /** The public client of the sign-in authority (spec: service-app-client). */
    IDENTITY_CLIENT_ID: z.string().min(1).default('service-app-client'),
    /** An external authority the purchase API trusts instead of the built-in one. */
    BUYER_TOKEN_ISSUER: optionalUrl,
    BUYER_TOKEN_JWKS_URL: optionalUrl,
    BUYER_TOKEN_AUDIENCE: z.string().min(1).optional(),
    BUYER_TOKEN_CLIENT_ID: z.string().min(1).optional(),
    /** The external authority verifies every address it puts in a token (so an address may link an account without email_verified). */
    BUYER_TOKEN_ISSUER_VERIFIES_EMAIL: flag('false'),

    /** smtp(s)://user:pass@host:port; unset: e-mails are kept in the dev outbox. */
    SMTP_URL: optionalUrl,
    /** Development only: webhook endpoints may be http and on private or loopback addresses (never link-local). */
    WEBHOOK_ALLOW_PRIVATE_URLS: flag('false'),
    MAIL_FROM: z.string().min(3).default('Licensing service <no-reply@localhost>'),
    /** Stripe: set the secret key to take payments through Stripe instead of the local processor. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Where the Stripe SDK sends its requests (tests point it at a local server); default Stripe's own. */
    STRIPE_API_BASE: optionalUrl,

    /** Redis for limits shared by several instances (rate-limiter-flexible); unset: each instance counts in memory. */
    REDIS_URL: optionalUrl,
    /** A read replica of DATABASE_URL for the catalog's cache misses (docs/operations.md "Past one PostgreSQL"); unset: the catalog reads the primary. */
    DATABASE_READ_URL: optionalUrl,
    /** Prefix of every Redis key this service writes, so several deployments can share one Redis. */
    REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('svc'),
    /** The coarse per-IP limit ahead of every credential check (REST prefixes and /identity), requests per minute. */
    RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
    /** The instances sharing REDIS_URL: while Redis is unreachable, each instance allows 1/N of every limit, so together they stay within it. */
    RATE_LIMIT_INSTANCES: z.coerce.number().int().min(1).max(1000).default(2),
    /** How many proxies in front of the service append to X-Forwarded-For (0: use the socket address). */
    TRUST_PROXY: z
      .preprocess((value) => (value === 'true' ? '1' : value === 'false' || value === '' ? '0' : value), z.coerce.number().int().min(0).max(10))
      .default(0),
    /** Days raw usage batches are kept once billed; a month's batches go as one partition after it (docs/operations.md "Usage data over the years"). */
    USAGE_RETENTION_DAYS: z.coerce.number().int().min(31).max(36_500).default(400),
    /** Run the job worker in this instance (e-mail delivery, expiries, reporting); producers always run. */
    JOBS_WORKER: flag('true'),
    /** Bearer token for GET /metrics from a non-loopback client; unset: loopback only. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    /** Allow the built-in local processor (its Pay button settles without payment) under NODE_ENV=production, for a demo. */
    LOCAL_PROCESSOR_IN_PRODUCTION: flag('false'),
    /** The local processor's tax rates (development and tests), PLACE=PERCENT comma-separated: DE=19,US-CA=7.25; unset: a built-in table. */
    LOCAL_TAX_RATES: z
      .string()
      .refine(
        (text) => text.split(',').every((entry) => entry.trim() === '' || /^[A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?=(?:\d{1,2}(?:\.\d{1,2})?|100)$/.test(entry.trim())),
        'LOCAL_TAX_RATES is PLACE=PERCENT, comma-separated (DE=19,US-CA=7.25)',
      )
      .optional(),
    /** Earlier APP_SECRET values, comma-separated, still accepted for decryption while data is re-sealed (docs/security.md "Rotating APP_SECRET"). */
    APP_SECRET_PREVIOUS: z.string().optional(),
    /** Stripe's signing secret of the Connect webhook endpoint (events of connected accounts). */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),

    /** Opening a database connection, and waiting for a free one of the pool (docs/operations.md "Failure behaviour"). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    /** One statement: cancelled by the server after this long; the client stops waiting 500 ms later. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2500),
    /** A transaction idle this long is ended by the server (its locks released). */
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Connections of this instance's pool for requests and jobs. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** After SIGTERM: how long /readyz fails while the instance still serves, so a load balancer stops sending first. */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** After SIGTERM: the deadline for everything (requests in flight, running jobs, closing); the process exits by then. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),

    /** The operator's page of kept e-mails at /dev/outbox: local (this machine only), true, false. */
    DEV_OUTBOX: z.enum(['local', 'true', 'false']).default('false'),
  })
  .superRefine((value, ctx) => {
    if (value.BUYER_TOKEN_ISSUER && !value.BUYER_TOKEN_JWKS_URL) {
      ctx.addIssue({ code: 'custom', path: ['BUYER_TOKEN_JWKS_URL'], message: 'required when BUYER_TOKEN_ISSUER is set' });
    }
    if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required when STRIPE_SECRET_KEY is set' });
    }
    if (value.BUYER_TOKEN_ISSUER && !value.BUYER_TOKEN_AUDIENCE) {
      ctx.addIssue({ code: 'custom', path: ['BUYER_TOKEN_AUDIENCE'], message: 'required when BUYER_TOKEN_ISSUER is set' });
    }
  });

export type Env = z.infer<typeof envSchema> & { publicBaseUrl: string; buyerTokenAudience: string; buyerTokenScope: string; runtimeIssuer: string };

let parsed: Env | undefined;

export function env(): Env {
  if (parsed) return parsed;
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const publicBaseUrl = (result.data.PUBLIC_BASE_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/+$/, '');
  const appAudience = `api://${result.data.LICENSING_APP_ID}`;
  parsed = {
    ...result.data,
    publicBaseUrl,
    buyerTokenAudience: result.data.BUYER_TOKEN_AUDIENCE ?? appAudience,
    buyerTokenScope: `${appAudience}/checkout.purchase`,
    runtimeIssuer: `${publicBaseUrl}/licensing/runtime`,
  };
  return parsed;
}

/** Tests and the start script change process.env and then read the configuration again. */
export function resetEnvForTests(): void {
  parsed = undefined;
}
