import type { z } from 'zod';
import type { Db } from '../../db';
import { cleanExpiredSignIns, cleanExpiredSignInsData } from '../../identity/clean-expired-sign-ins';
import { deliverEmail, deliverEmailData } from '../../mail/deliver-email';
import { expireClaims, expireClaimsData } from '../../checkout/claim/expire-claims';
import { expireLicenses, expireLicensesData } from '../../runtime/expire-licenses';
import { reportUsage, reportUsageData } from '../../runtime/report-usage';

// Every background job of the service, in one place (DESIGN.md "Platform decisions": jobs on
// pg-boss). A new job is one entry: its name, the zod schema of its data, its handler and its
// retry policy. job-queue.ts creates a queue per entry, validates data on enqueue and runs the
// handlers in the worker.

/** pg-boss's retry options: retryDelay in whole seconds; with retryBackoff it doubles per retry (with jitter). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/** What a handler is told about the run it is in. */
export interface JobContext {
  db: Db;
  /** 1 for the job's first run, 2 for its first retry, … */
  attempt: number;
  /** No retry follows this run: a failure now is final. */
  lastAttempt: boolean;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  data: Schema;
  /** Throw to have the job retried (until retryLimit); return when done. */
  handle(data: z.output<Schema>, ctx: JobContext): Promise<unknown>;
  retry: RetryPolicy;
  /** How long one run may take before the queue counts it failed (and retries it). */
  expireInSeconds: number;
  /** Jobs of this kind run at the same time in one worker instance. */
  concurrency: number;
  /**
   * Run on a timer: a cron expression (UTC) for pg-boss's `schedule`, with the data each run gets.
   * Worker instances register it at start; pg-boss sends one job per due time across instances.
   */
  schedule?: { cron: string; data: z.input<Schema> };
}

const defineJob = <Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> => definition;

/** Retries after the first failed delivery: 7 attempts in all. */
export const DELIVER_EMAIL_RETRY_LIMIT = 6;
/**
 * Base delay before the first retry, in seconds. With backoff the n-th retry waits between
 * base·2^(n-1) and base·2^n: 30-60 s, 1-2 min, 2-4 min, … about 32-64 minutes in all before the
 * e-mail is marked failed, enough to ride out an SMTP server's restart or a short outage.
 */
export const DELIVER_EMAIL_RETRY_DELAY_SECONDS = 30;

export const JOBS = {
  /** Sends one recorded e-mail (status `queued`) over SMTP. */
  'deliver-email': defineJob({
    data: deliverEmailData,
    handle: deliverEmail,
    retry: { retryLimit: DELIVER_EMAIL_RETRY_LIMIT, retryDelay: DELIVER_EMAIL_RETRY_DELAY_SECONDS, retryBackoff: true },
    // Far beyond nodemailer's bounded timeouts and the delivery's own transaction bound (3 min).
    expireInSeconds: 10 * 60,
    concurrency: 4,
  }),
  /** Deletes expired sign-in rows (authorize requests, one-time codes, authorization codes, refresh tokens). */
  'clean-expired-sign-ins': defineJob({
    data: cleanExpiredSignInsData,
    handle: (_data, ctx) => cleanExpiredSignIns(ctx),
    // The next scheduled run is the retry.
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 5 * 60,
    concurrency: 1,
    schedule: { cron: '*/5 * * * *', data: {} },
  }),
  /** Fails free embedded checkouts whose claim passed its seven days (`Claim expired.`). */
  'expire-claims': defineJob({
    data: expireClaimsData,
    handle: (_data, ctx) => expireClaims(ctx),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 5 * 60,
    concurrency: 1,
    schedule: { cron: '* * * * *', data: {} },
  }),
  /** Trials past their end become Expired (authorization checks the time as well). */
  'expire-licenses': defineJob({
    data: expireLicensesData,
    handle: (_data, ctx) => expireLicenses(ctx),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 5 * 60,
    concurrency: 1,
    schedule: { cron: '* * * * *', data: {} },
  }),
  /** Metered usage to the processor: Stripe meter events, or the local usage ledger. */
  'report-usage': defineJob({
    data: reportUsageData,
    handle: (_data, ctx) => reportUsage(ctx),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 10 * 60,
    concurrency: 1,
    schedule: { cron: '* * * * *', data: {} },
  }),
} satisfies Record<string, JobDefinition<z.ZodType>>;

export type JobName = keyof typeof JOBS;
/** The data a producer passes for job `N` (the input of its schema). */
export type JobData<N extends JobName> = z.input<(typeof JOBS)[N]['data']>;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];
