import PgBoss from 'pg-boss';
import { databaseTimeouts, db as processDb, type Db } from '../../db';
import { connectionOptions } from '../database/database-pool';
import { currentLogContext, logger, runWithLogContext } from '../logging/logger';
import type { JobData, JobDefinition, JobDefinitions, JobName, RetryPolicy } from './job-definition';
import pg from 'pg';

// The job queue (DESIGN.md "Platform decisions": jobs on pg-boss 10 in PostgreSQL). One pg-boss
// instance per process (the core is loaded once; Next's pages enqueue through the same instance).
// Producing works in every instance; the workers run where JOBS_WORKER is true.

export interface StartJobQueueOptions {
  databaseUrl: string;
  /** Run the workers of every job in this process; producing works either way. */
  worker: boolean;
  /** The jobs to run (server/jobs.ts: JOBS). */
  jobs: JobDefinitions;
  /** The database the handlers use; default the process's client (server/db.ts). */
  db?: Db;
  /**
   * Tests only: the base retry delay of every job, in whole seconds, instead of the job's own.
   * 0 retries at once and without backoff (pg-boss's backoff needs at least 1 s).
   */
  retryDelaySeconds?: number;
  /** Tests only: how often an idle worker looks for jobs (pg-boss allows 0.5 s and up); default 2 s. */
  pollingIntervalSeconds?: number;
}

/** pg-boss's send options a producer may set (retries and expiry come from the job's definition). */
export type EnqueueJobOptions = Pick<PgBoss.SendOptions, 'startAfter' | 'singletonKey' | 'singletonSeconds' | 'priority'>;

/** What is stored as a job's data: the validated payload, and the request's correlation id for the worker's log lines. */
interface JobEnvelope {
  payload: unknown;
  correlationId?: string;
}

interface RunningQueue {
  boss: PgBoss;
  databaseUrl: string;
  jobs: JobDefinitions;
  /** The ids of this process's workers, per job. */
  workerIds: Map<JobName, string[]>;
  retryDelaySeconds?: number;
}

/** The pg-boss pool's application_name, so operators (and tests) can find it in pg_stat_activity. */
const JOB_QUEUE_CONNECTION_NAME = 'licensing-jobs';
const POOL_SIZE = 5;
// On stop, running jobs get this long to finish; pg-boss then fails what is left (to be retried).
const STOP_GRACE_MS = 20_000;

const slot: { running?: RunningQueue; starting?: Promise<RunningQueue> } = {};

/**
 * Starts the queue once per process (later calls return at once): creates pg-boss's schema when
 * missing and the queue of every registered job, then, with `worker`, the workers of every job.
 */
export async function startJobQueue(options: StartJobQueueOptions): Promise<void> {
  const running = slot.running ?? (await (slot.starting ??= open(options).finally(() => (slot.starting = undefined))));
  if (running.databaseUrl !== options.databaseUrl) {
    throw new Error('The job queue is already running on another database; stop it (stopJobQueue) before starting it elsewhere.');
  }
}

async function open(options: StartJobQueueOptions): Promise<RunningQueue> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    application_name: JOB_QUEUE_CONNECTION_NAME,
    max: POOL_SIZE,
    // The same bounds as every other wait on the database: a hung database fails a poll, it never hangs it.
    ...connectionOptions(databaseTimeouts()),
    // Maintenance (expiring stuck jobs, archiving) and schedules belong to the instances that work.
    supervise: options.worker,
    schedule: options.worker,
  });
  // Without a listener an 'error' event would end the process; pg-boss reports and carries on.
  boss.on('error', (err) => logger.error({ err }, 'job queue: pg-boss reported an error'));
  const running: RunningQueue = { boss, databaseUrl: options.databaseUrl, jobs: options.jobs, workerIds: new Map(), retryDelaySeconds: options.retryDelaySeconds };
  try {
    // Instances starting together would create the same queues (partitioned tables) at once and
    // deadlock in PostgreSQL: the set-up runs under one advisory lock, one instance at a time.
    await whileHoldingSetupLock(options.databaseUrl, async () => {
      await boss.start();
      for (const name of jobNamesOf(running)) {
        const queue = { name, ...retryPolicyOf(name, running), expireInSeconds: running.jobs[name].expireInSeconds, policy: queuePolicyOf(running.jobs[name]) };
        await boss.createQueue(name, queue);
        // An existing queue takes the job's current policy (createQueue leaves it as it was).
        await boss.updateQueue(name, queue);
      }
      if (options.worker) await registerSchedules(running);
    });
    if (options.worker) {
      for (const name of jobNamesOf(running)) running.workerIds.set(name, await startWorkers(running, name, options));
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw error;
  }
  slot.running = running;
  return running;
}

// Any fixed 64-bit key of ours; the migration runner uses another.
const SETUP_LOCK_KEY = 7_265_110_293;

async function whileHoldingSetupLock(databaseUrl: string, setup: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: `${JOB_QUEUE_CONNECTION_NAME}-setup` });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    await setup();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * The jobs' timers, stored by pg-boss (one schedule per job name, kept in step with the
 * definitions). The instances started with `schedule` send each due job once between them.
 */
async function registerSchedules({ boss, jobs }: RunningQueue): Promise<void> {
  for (const name of Object.keys(jobs) as JobName[]) {
    const { schedule } = jobs[name];
    if (schedule) {
      const envelope: JobEnvelope = { payload: schedule.data };
      await boss.schedule(name, schedule.cron, envelope, { tz: 'UTC' });
    } else {
      await boss.unschedule(name);
    }
  }
}

async function startWorkers(running: RunningQueue, name: JobName, options: StartJobQueueOptions): Promise<string[]> {
  const definition = running.jobs[name];
  const ids: string[] = [];
  // pg-boss checks the key's presence, not its value: leave it out for the default.
  const polling = options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds };
  for (let i = 0; i < definition.concurrency; i++) {
    let workerId = '';
    workerId = await running.boss.work<JobEnvelope>(
      name,
      { includeMetadata: true, batchSize: 1, ...polling },
      async ([job]) => {
        if (!job) return;
        // pg-boss waits a whole polling interval after each job; while jobs keep coming, look again at once.
        running.boss.notifyWorker(workerId);
        await runJob(definition, job, options.db ?? processDb());
      },
    );
    ids.push(workerId);
  }
  return ids;
}

async function runJob(definition: JobDefinition, job: PgBoss.JobWithMetadata<JobEnvelope>, db: Db): Promise<void> {
  const parsed = definition.data.safeParse(job.data?.payload);
  if (!parsed.success) {
    // Retrying cannot repair the data: record it and let the job complete.
    logger.error({ job: job.name, jobId: job.id, issues: parsed.error.issues }, 'job queue: a job with invalid data was dropped');
    return;
  }
  const ctx = { db, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit };
  const handle = () => definition.handle(parsed.data, ctx);
  const correlationId = job.data.correlationId;
  await (correlationId ? runWithLogContext({ correlationId }, handle) : handle());
}

/**
 * Puts a job on its queue and returns its id (null when pg-boss's singleton options refused it).
 * The data is checked against the job's schema first. Throws when the queue was never started in
 * this process.
 */
export async function enqueueJob<N extends JobName>(name: N, data: JobData<N>, options: EnqueueJobOptions = {}): Promise<string | null> {
  const running = requireRunning(`enqueue job "${name}"`);
  const definition = running.jobs[name];
  const envelope: JobEnvelope = { payload: definition.data.parse(data) };
  const correlationId = currentLogContext()?.correlationId;
  if (correlationId) envelope.correlationId = correlationId;
  const id = await running.boss.send(name, envelope as object, { ...options, ...retryPolicyOf(name, running), expireInSeconds: definition.expireInSeconds });
  // A worker in this process starts on it now rather than at its next poll.
  const localWorker = running.workerIds.get(name)?.[0];
  if (id && localWorker) running.boss.notifyWorker(localWorker);
  return id;
}

/** Jobs waiting (created or due for retry) per registered queue, for the `job_queue_depth` gauge. */
export async function jobQueueDepth(): Promise<Record<string, number>> {
  const running = requireRunning('read the queue depth');
  const depths = await Promise.all(jobNamesOf(running).map(async (name) => [name, (await running.boss.getQueueSize(name)) ?? 0] as const));
  return Object.fromEntries(depths);
}

/**
 * Stops the workers (no new jobs are taken), lets running jobs finish for up to `graceMs` (default
 * STOP_GRACE_MS), then closes the connections. pg-boss fails jobs still running then, so another
 * instance retries them.
 */
export async function stopJobQueue({ graceMs = STOP_GRACE_MS }: { graceMs?: number } = {}): Promise<void> {
  await slot.starting?.catch(() => {});
  const running = slot.running;
  if (!running) return;
  slot.running = undefined;
  await running.boss.stop({ graceful: true, wait: true, close: true, timeout: Math.max(1_000, graceMs) });
}

/** pg-boss's queue policy: `short` keeps at most one job waiting (a busy one aside), which is what coalescing asks. */
function queuePolicyOf(definition: JobDefinition): 'standard' | 'short' {
  return definition.requests === 'coalesce' ? 'short' : 'standard';
}

function retryPolicyOf(name: JobName, running: RunningQueue): RetryPolicy {
  const policy = running.jobs[name].retry;
  if (running.retryDelaySeconds === undefined) return policy;
  const retryDelay = Math.max(0, Math.trunc(running.retryDelaySeconds));
  return { ...policy, retryDelay, retryBackoff: policy.retryBackoff && retryDelay > 0 };
}

function jobNamesOf(running: RunningQueue): JobName[] {
  return Object.keys(running.jobs) as JobName[];
}

function requireRunning(action: string): RunningQueue {
  if (!slot.running) {
    throw new Error(`Cannot ${action}: the job queue was never started in this process (startJobQueue runs at start-up, see server/start-service.ts).`);
  }
  return slot.running;
}
