import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetEnvForTests } from '@/server/env';
import { defineJob, type JobDefinitions } from '@/server/platform/jobs/job-definition';
import { enqueueJob, startJobQueue, stopJobQueue } from '@/server/platform/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A stop (SIGTERM) while a job runs (docs/operations.md "Failure behaviour"): the worker takes nothing new,
// the running job has the grace to finish, and one that does not is released back to the queue,
// where a worker (another instance, or this one started again) runs it. Real pg-boss on PostgreSQL.

let database: TestDatabase;
const saved = { ...process.env };
const attempts: number[] = [];
let releaseStuckRun!: () => void;
const stuckRun = new Promise<void>((resolve) => (releaseStuckRun = resolve));

const jobs = {
  'stop-test': defineJob({
    data: z.object({}),
    async handle(_data, ctx) {
      attempts.push(ctx.attempt);
      if (ctx.attempt === 1) await stuckRun; // the first run never finishes by itself
    },
    retry: { retryLimit: 3, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 600,
    concurrency: 1,
  }),
} as unknown as JobDefinitions;

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  resetEnvForTests();
});

afterAll(async () => {
  releaseStuckRun();
  await stopJobQueue({ graceMs: 1_000 }).catch(() => {});
  await database?.drop();
  process.env = saved;
  resetEnvForTests();
});

const until = async (condition: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('stopping the job worker', () => {
  it('a job still running when the grace ends is released to the queue and run again by the next worker', async () => {
    const options = { databaseUrl: database.url, worker: true, jobs, db: database.db, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 };
    await startJobQueue(options);
    await enqueueJob('stop-test' as never, {});
    await until(() => attempts.length === 1);

    const stopping = performance.now();
    await stopJobQueue({ graceMs: 1_000 });
    const stopMs = performance.now() - stopping;
    const [state] = await database.db.$queryRaw<{ state: string }[]>`select state::text from pgboss.job where name = 'stop-test'`;
    expect(state!.state).toBe('retry');

    // Another worker (here: this process starting its queue again) takes it.
    await startJobQueue(options);
    await until(() => attempts.length === 2);
    expect(attempts).toEqual([1, 2]);
    console.log(`[faults] stop with a job running: worker stopped in ${Math.round(stopMs)} ms (grace 1000 ms); the job went back to the queue (${state!.state}) and ran again (attempt 2)`);
    expect(stopMs).toBeLessThan(5_000);
  });
});
