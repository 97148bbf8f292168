import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { WebhookEndpoint } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { env } from '../../env';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { logger } from '../../platform/logging/logger';
import { NETWORK_TRANSPORT, sendWebhook, type WebhookTransport } from './send-webhook';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { recordEndpointDisabledEmails } from './endpoint-disabled-email';
import { signingSecrets } from './webhook-endpoints';

// Delivery of recorded events to webhook endpoints (docs/api/webhooks.md). The
// WebhookDelivery row is the outbox: made in the transaction of the event, then sent by the
// `deliver-webhooks` job, which runs at once when asked after a commit and every minute for what is
// left. No HTTP call runs inside a transaction or under a row lock: a delivery is claimed in one
// statement that pushes its next attempt ahead by a lease longer than an attempt can take, then sent,
// then marked. Every attempt carries the same webhook-id (msg_<delivery id>), so a receiver can drop
// a repeat: a crash after the receiver's 2xx and before the mark sends it again, once the lease lapses.
// Each worker keeps PARALLEL_SENDS attempts going, at most one per endpoint, so a slow endpoint holds
// one slot for at most 10 s and never the others'.

/** Waits before attempts 2, 3, …: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h (about three days in all). */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 72_000];
const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1;
/** An endpoint whose deliveries have failed, without a success, for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
/** How long a claimed delivery is left to its sender: longer than the 10 s an attempt may take. */
const WEBHOOK_LEASE_SECONDS = 15;
const PARALLEL_SENDS = 8;
const SENDS_PER_RUN = 2000;

export type DeliverWebhookOutcome = 'delivered' | 'retry' | 'failed';

interface ClaimedDelivery {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  eventId: string;
  type: string;
  sequence: bigint;
  licenseId: string | null;
  data: unknown;
  createdAt: Date;
}

/** The body every attempt of a delivery sends (PascalCase like the REST bodies). */
function webhookBody(event: { eventId: string; type: string; sequence: bigint; licenseId: string | null; data: unknown; createdAt: Date }): string {
  return JSON.stringify({ Id: event.eventId, Type: event.type, Sequence: Number(event.sequence), CreatedUtc: event.createdAt.toISOString(), LicenseId: event.licenseId, Data: event.data });
}

/** The webhook-id of every attempt of a delivery. */
const webhookIdOf = (deliveryId: string) => `msg_${deliveryId}`;

/** Claims one due delivery of an enabled endpoint not already being sent to by this worker. */
async function claimDueDelivery(db: Db, now: Date, busyEndpoints: string[]): Promise<ClaimedDelivery | null> {
  const [claimed] = await db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT d."id" FROM "WebhookDelivery" d
        JOIN "WebhookEndpoint" w ON w."id" = d."endpointId"
       WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now} AND w."enabled"
         AND NOT (d."endpointId" = ANY(${busyEndpoints}::text[]))
       ORDER BY d."nextAttemptAt", d."id"
       LIMIT 1
       FOR UPDATE OF d SKIP LOCKED)
    UPDATE "WebhookDelivery" d
       SET "attempts" = d."attempts" + 1,
           "nextAttemptAt" = CAST(${now} AS timestamp(3)) + make_interval(secs => ${WEBHOOK_LEASE_SECONDS})
      FROM due, "WebhookEndpoint" w, "Event" e
     WHERE d."id" = due."id" AND w."id" = d."endpointId" AND e."id" = d."eventId"
    RETURNING d."id", d."attempts", d."endpointId", w."url", e."id" AS "eventId", e."type", e."sequence", e."licenseId", e."data", e."createdAt"`;
  return claimed ?? null;
}

/** The signature header: one v1 signature per secret that signs now (two during a rotation's overlap). */
function signatureHeader(secrets: string[], webhookId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(webhookId, timestamp, body)).join(' ');
}

async function deliverOne(db: Db, delivery: ClaimedDelivery, now: () => Date, transport: WebhookTransport): Promise<DeliverWebhookOutcome> {
  const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: delivery.endpointId } });
  const body = webhookBody(delivery);
  const webhookId = webhookIdOf(delivery.id);
  const sentAt = now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'licensing-service-webhooks/1',
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signatureHeader(signingSecrets(endpoint, sentAt), webhookId, sentAt, body),
  };
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = (await sendWebhook({ url: delivery.url, headers, body, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_URLS }, transport)).status;
    if (status < 200 || status > 299) error = `The endpoint answered ${status}.`;
  } catch (thrown) {
    error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, 500);
  }
  const durationMs = Math.round(performance.now() - started);
  const finished = now();
  const attempt = { lastAttemptAt: sentAt, lastStatus: status, lastDurationMs: durationMs, lastError: error };

  if (error === null) {
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...attempt, status: 'delivered', deliveredAt: finished } });
    if (endpoint.failingSince) await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: null } });
    return 'delivered';
  }

  const last = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const retryAt = new Date(finished.getTime() + WEBHOOK_RETRY_SCHEDULE_SECONDS[delivery.attempts - 1]! * 1000);
  await db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...attempt, ...(last ? { status: 'failed' } : { nextAttemptAt: retryAt }) } });
  const failingSince = endpoint.failingSince ?? finished;
  if (!endpoint.failingSince) await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince } });
  else if (finished.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) await disableFailingEndpoint(db, endpoint, failingSince, error);
  const fields = { deliveryId: delivery.id, endpointId: endpoint.id, type: delivery.type, attempt: delivery.attempts, status, ms: durationMs };
  if (last) logger.warn(fields, 'webhook could not be delivered; no attempt is left');
  else logger.info({ ...fields, reason: error }, 'webhook delivery failed; it will be retried');
  return last ? 'failed' : 'retry';
}

/** Five days of failures: the endpoint is disabled and the seller's members are told, in one transaction. */
async function disableFailingEndpoint(db: Db, endpoint: WebhookEndpoint, failingSince: Date, lastError: string): Promise<void> {
  const emails = await db.$transaction(async (tx) => {
    const disabled = await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, enabled: true }, data: { enabled: false, disabledReason: `Disabled after failing since ${failingSince.toISOString()}: ${lastError}` } });
    return disabled.count === 1 ? recordEndpointDisabledEmails(tx, endpoint, { failingSince, lastError }) : 0;
  });
  logger.warn({ endpointId: endpoint.id, sellerId: endpoint.sellerId }, 'webhooks: endpoint failing for five days; disabled');
  if (emails > 0) await requestEmailDelivery();
}

/** Sends every due delivery, PARALLEL_SENDS at a time, at most one per endpoint at once. */
export async function deliverDueWebhooks(ctx: { db: Db; now?: () => Date; transport?: WebhookTransport }): Promise<Record<DeliverWebhookOutcome, number>> {
  const now = ctx.now ?? (() => new Date());
  const transport = ctx.transport ?? NETWORK_TRANSPORT;
  const outcomes: Record<DeliverWebhookOutcome, number> = { delivered: 0, retry: 0, failed: 0 };
  const busy = new Set<string>();
  let handled = 0;
  const lane = async () => {
    while (handled < SENDS_PER_RUN) {
      const delivery = await claimDueDelivery(ctx.db, now(), [...busy]);
      if (!delivery) return;
      handled++;
      busy.add(delivery.endpointId);
      try {
        outcomes[await deliverOne(ctx.db, delivery, now, transport)]++;
      } catch (error) {
        // The bookkeeping failed (the database): the lease brings the delivery back, same webhook-id.
        logger.error({ err: error, deliveryId: delivery.id }, 'webhooks: an attempt could not be recorded; it runs again after its lease');
      } finally {
        busy.delete(delivery.endpointId);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SENDS }, lane));
  await followUpAtNextDue(ctx.db, now());
  return outcomes;
}

/** A retry due within the next minute gets a run at that moment rather than at the minute's run. */
async function followUpAtNextDue(db: Db, now: Date): Promise<void> {
  const next = await db.webhookDelivery.findFirst({ where: { status: 'pending', nextAttemptAt: { gt: now, lte: new Date(now.getTime() + 60_000) } }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true } });
  if (!next) return;
  try {
    await enqueueJob('deliver-webhooks', {}, { startAfter: next.nextAttemptAt, singletonKey: 'deliver-webhooks-follow-up' });
  } catch (error) {
    logger.warn({ err: error }, "webhooks: could not plan the next delivery run; the minute's run takes it");
  }
}

/** Every minute, and at once after events are recorded: the deliveries that are due. */
export const deliverWebhooksJob = defineScheduledSweep({
  data: z.object({}),
  cron: '* * * * *',
  expireInSeconds: 15 * 60,
  run: (ctx) => deliverDueWebhooks(ctx),
});
