import { expireClaimsJob } from './checkout/claim/expire-claims';
import { expireLocalCheckoutsJob } from './checkout/local-checkout/expire-local-checkouts';
import { cleanExpiredSignInsJob } from './identity/clean-expired-sign-ins';
import { deliverEmailJob } from './mail/deliver-email';
import type { JobDefinition } from './platform/jobs/job-definition';
import { expireLicensesJob } from './licensing/licenses/expire-licenses';
import { reportUsageJob } from './billing/report-usage';
import { maintainUsagePartitionsJob } from './consumption/usage-partitions';
import { performProcessorCallsJob } from './payments/processor-calls';
import { reconcileSubscriptionsJob } from './payments/reconcile-subscriptions';
import { deliverWebhooksJob } from './events/webhooks/deliver-webhooks';
import { pruneEventsJob } from './events/list-events';
import { pruneAuditLogJob } from './audit/prune-audit-log';
import { advanceLocalTrialsJob } from './licensing/subscriptions/trials';
import { applyPlanChangesJob } from './licensing/licenses/apply-plan-changes';
import { sweepLapsedLeasesJob } from './licensing/devices/sweep-lapsed-leases';
import { buildDataExportJob } from './sellers/data-export/build-data-export';
import { cleanExpiredDataExportsJob, resumeDataExportsJob } from './sellers/data-export/data-export-sweeps';

// Every background job of the service, by name: each is defined in its own domain room, beside its
// handler; the job queue (platform/) runs what this names. A new job is one more line here.
export const JOBS = {
  'deliver-email': deliverEmailJob,
  'clean-expired-sign-ins': cleanExpiredSignInsJob,
  'expire-claims': expireClaimsJob,
  'expire-local-checkouts': expireLocalCheckoutsJob,
  'expire-licenses': expireLicensesJob,
  'report-usage': reportUsageJob,
  'maintain-usage-partitions': maintainUsagePartitionsJob,
  'perform-processor-calls': performProcessorCallsJob,
  'reconcile-subscriptions': reconcileSubscriptionsJob,
  'deliver-webhooks': deliverWebhooksJob,
  'prune-events': pruneEventsJob,
  'prune-audit-log': pruneAuditLogJob,
  'advance-local-trials': advanceLocalTrialsJob,
  'apply-plan-changes': applyPlanChangesJob,
  'sweep-lapsed-leases': sweepLapsedLeasesJob,
  'build-data-export': buildDataExportJob,
  'resume-data-exports': resumeDataExportsJob,
  'clean-expired-data-exports': cleanExpiredDataExportsJob,
} satisfies Record<string, JobDefinition>;

type ServiceJobs = typeof JOBS;

declare module './platform/jobs/job-definition' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds its members through `extends`
  interface JobRegistry extends ServiceJobs {}
}
