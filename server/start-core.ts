// What every instance runs beside its HTTP server, started and stopped in one order by the
// production entry (server/start-service.ts) and by the tests that drive the REST app in their own
// process (tests/support/in-process-service.ts): the signing keys, the demo seed, the invalidation
// listener, the job queue with its worker, and the gauges read at scrape time. The configuration
// (DATABASE_URL included) is read from the environment, so the caller sets it first.
import { env } from './env';
import { db, closeDb } from './db';
import { seedIfEmpty } from '../prisma/seed';
import { ensureSigningKeys } from './keys/signing-keys';
import { JOBS } from './jobs';
import { jobQueueDepth, startJobQueue, stopJobQueue } from './platform/jobs/job-queue';
import { startInvalidationListener, stopInvalidationListener } from './platform/invalidation/invalidation';
import { closeLimits } from './platform/limits/limits';
import { gaugeReadAtScrape } from './platform/metrics/metrics';
import { countProcessorCalls } from './payments/processor-calls';
import { countProcessorMismatches } from './payments/reconcile-subscriptions';
import { countDisputes } from './orders/disputes/apply-dispute-events';
import { countUsageReports } from './payments/usage-reports';

/** Starts the core on the configured database; `seeded` tells whether the demo seller was made now. */
export async function startCore(): Promise<{ seeded: boolean }> {
  const config = env();
  await ensureSigningKeys({ db: db() });
  const seeded = config.SEED_DEMO && (await seedIfEmpty(db()));
  await startInvalidationListener(config.DATABASE_URL);
  await startJobQueue({ databaseUrl: config.DATABASE_URL, worker: config.JOBS_WORKER, jobs: JOBS });
  // A worker that starts (after a crash, say) looks at once for e-mails left mid-send, rather than at the next minute.
  if (config.JOBS_WORKER) await (await import('./mail/deliver-email')).requestEmailDelivery();
  // Webhook deliveries go out at the commit of the change that made them, on a worker instance.
  if (config.JOBS_WORKER) (await import('./events/webhooks/delivery-signal')).watchWebhookDeliveries(db);
  gaugeReadAtScrape({ name: 'job_queue_depth', help: 'Jobs waiting in each queue, read at scrape time.', labelName: 'queue', read: jobQueueDepth });
  gaugeReadAtScrape({
    name: 'processor_calls',
    help: 'Calls to the payment processor pending, and given up on (attention: retry with npm run admin -- retry-processor-calls), read at scrape time.',
    labelName: 'status',
    read: () => countProcessorCalls({ db: db() }),
  });
  gaugeReadAtScrape({
    name: 'processor_mismatches',
    help: 'Licenses whose last reconciliation found a difference with the processor it could not settle (npm run admin -- reconcile lists them), read at scrape time.',
    labelName: 'state',
    read: () => countProcessorMismatches({ db: db() }),
  });
  gaugeReadAtScrape({
    name: 'processor_disputes',
    help: 'Disputes (chargebacks) of orders by status; an open one holds its license suspended, read at scrape time.',
    labelName: 'status',
    read: () => countDisputes({ db: db() }),
  });
  gaugeReadAtScrape({
    name: 'usage_reports',
    help: 'Metered usage reports to Stripe waiting to be sent, and held for review (not confirmed within 23 hours), read at scrape time.',
    labelName: 'status',
    read: () => countUsageReports({ db: db() }),
  });
  return { seeded };
}

/**
 * Stops the core once no request is served any more: the worker first (its running jobs finish
 * within `jobGraceMs`, or are released for another instance), then the rest, each step through
 * `bounded` (closing a connection to a host that no longer answers waits forever).
 */
export async function stopCore(options: { jobGraceMs: number; bounded: (name: string, work: () => Promise<unknown>) => Promise<void> }): Promise<void> {
  await stopJobQueue({ graceMs: options.jobGraceMs });
  await options.bounded('invalidation listener', stopInvalidationListener);
  await options.bounded('limits', closeLimits);
  await options.bounded('database pool', closeDb);
}
