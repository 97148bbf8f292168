import type { z } from 'zod';
import type { Db } from '../../db';

// What a background job is (DESIGN.md "Platform decisions": jobs on pg-boss). Each domain defines
// its own jobs beside their handlers (the zod schema of the data, the handler, the retry policy);
// server/jobs.ts names them all and registers their types here, so platform/ names no domain.
// job-queue.ts creates a queue per job, validates data on enqueue and runs the handlers.

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
  /**
   * `coalesce`: a run requested while another waits to start is that one (pg-boss's `short` queue
   * policy: at most one waiting job), and a run requested while one is busy waits for it and starts
   * right after, so work committed during a run is taken at once, never at the next timer.
   */
  requests?: 'each' | 'coalesce';
}

export const defineJob = <Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> => definition;

/**
 * A sweep on a timer (`cron`, UTC) that takes no data: one run at a time, no retries (the next
 * scheduled run is the retry).
 */
export function defineScheduledSweep(sweep: {
  data: z.ZodObject;
  cron: string;
  expireInSeconds: number;
  run: (ctx: JobContext) => Promise<unknown>;
  requests?: JobDefinition['requests'];
}): JobDefinition {
  return defineJob({
    requests: sweep.requests,
    data: sweep.data,
    handle: (_data, ctx) => sweep.run(ctx),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: sweep.expireInSeconds,
    concurrency: 1,
    schedule: { cron: sweep.cron, data: {} },
  });
}

/**
 * The service's jobs by name. Empty here: server/jobs.ts adds every job (declaration merging), so
 * that enqueueJob checks a job's name and data at compile time without platform/ naming a domain.
 * Exported for that merge, which no import shows.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface to merge into
export interface JobRegistry {}

export type JobName = Extract<keyof JobRegistry, string>;
/** The data a producer passes for job `N` (the input of its schema). */
export type JobData<N extends JobName> = JobRegistry[N] extends JobDefinition<infer Schema> ? z.input<Schema> : never;
/** The definitions the queue runs, by name. */
export type JobDefinitions = { readonly [N in JobName]: JobDefinition };
