import crypto from 'node:crypto';
import DataLoader from 'dataloader';
import { recordEvent } from '../events/record-event';
import { hotRows, type Db } from '../db';
import { DomainError, type ValidationDetail } from '../errors';
import { consumeLimit } from '../platform/limits/limits';
import { allowancePeriod, forgetSeatWindows, hasAllowance } from './allowance';
import { resolveRuntimeCaller } from '../runtime/runtime-caller';
import type { UsageBatchInput, UsageReceipt } from '../runtime/runtime.schema';
import type { RuntimePrincipal } from '../runtime/verify-runtime-token';

/**
 * POST /consumption/runtime/messages: one batch of metered usage of the token's seat, made durable
 * in one SQL statement (the batch row and the seat's allowance windows together), so a 2xx means
 * committed. The batch is stamped with the credential and seat. A BatchId already received from this
 * credential is counted once (the key of UsageBatchKey, written in the same statement; concurrent
 * copies wait on it), in whatever month a retry comes, and the reply says Duplicate. Usage under a
 * revoked credential is kept as dropped: never applied to the allowance, never billed. Usage counts in the allowance period current when it is
 * received; past the allowance it is still recorded (and billed as overage where the feature has a
 * rate): the next authorization shows Remaining 0 until PeriodEndUtc.
 */
export async function ingestUsage(ctx: { db: Db }, input: UsageBatchInput & { principal: RuntimePrincipal; now?: Date }): Promise<UsageReceipt> {
  const now = input.now ?? new Date();
  // Spec: a batch whose LicenseId is not the credential's license is refused with 400 before ingestion.
  if (input.licenseId !== input.principal.licenseId) {
    throw new DomainError('ValidationError', 'LicenseId is not the license of this credential.', {
      details: [{ Code: 'NotCredentialLicense', Message: 'LicenseId must be the license the runtime token names.', Field: 'LicenseId' }],
    });
  }
  await consumeLimit('consumption', input.principal.licenseId);
  const caller = await resolveRuntimeCaller(ctx, input.principal);

  const features = new Map(caller.license.features.map((feature) => [feature.key, feature]));
  const unknown: ValidationDetail[] = [];
  input.items.forEach((item, index) => {
    if (!features.has(item.featureKey)) unknown.push({ Code: 'UnknownFeature', Message: `The license has no feature "${item.featureKey}".`, Field: `Items.${index}.FeatureKey` });
  });
  if (unknown.length > 0) throw new DomainError('ValidationError', 'The batch names features this license does not have.', { details: unknown.slice(0, 20) });

  const dropped = caller.credential.revoked;
  const unitsByFeature = new Map<string, number>();
  let totalUnits = 0;
  for (const item of input.items) {
    unitsByFeature.set(item.featureKey, (unitsByFeature.get(item.featureKey) ?? 0) + item.units);
    totalUnits += item.units;
  }
  const windows: UsageWindow[] = dropped
    ? []
    : [...unitsByFeature].flatMap(([key, units]) => {
        const feature = features.get(key)!;
        if (!hasAllowance(feature)) return [];
        const period = allowancePeriod(caller.license.termStart, feature.allowancePeriodUnit!, now);
        return [{ featureKey: key, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), used: units, allowance: feature.allowance! }];
      });
  const batch: PendingBatch = {
    id: crypto.randomUUID(),
    batchId: input.batchId,
    licenseId: input.licenseId,
    seatId: caller.credential.seatId,
    credentialId: input.principal.credentialId,
    sellerId: caller.license.sellerId,
    receivedAt: now.toISOString(),
    dropped,
    records: input.items.map((item) => ({ FeatureKey: item.featureKey, Units: item.units, TimeUtc: item.timeUtc })),
    units: totalUnits,
    windows,
  };
  const inserted = await usageWriter(ctx.db).load(batch);
  if (windows.length > 0) forgetSeatWindows(batch.seatId);
  return { batchId: input.batchId, items: input.items.length, duplicate: !inserted, dropped };
}

/** A feature's units of one batch in the seat's current allowance window. */
interface UsageWindow {
  featureKey: string;
  periodStart: string;
  periodEnd: string;
  used: number;
  allowance: number;
}

/** A batch ready to be written: everything the statement needs, checked. */
interface PendingBatch {
  id: string;
  batchId: string;
  licenseId: string;
  seatId: string;
  credentialId: string;
  sellerId: string;
  receivedAt: string;
  dropped: boolean;
  records: { FeatureKey: string; Units: number; TimeUtc: string }[];
  units: number;
  windows: UsageWindow[];
}

/** Batches written by one statement at most (a statement of 1000-item batches stays a few MB). */
const MAX_BATCHES_PER_STATEMENT = 32;

// The batches of every request whose body was read in one turn of the event loop go to PostgreSQL
// in one statement, hence one commit: the commit, not the rows, is what a durable write costs. Each
// request is answered only once that statement has committed, so a 2xx still means durable. Rows and
// windows are written in key order, so two such statements (or instances) never lock in opposite orders.
const INSERT_USAGE = `
  WITH given AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS b("id" text, "batchId" text, "licenseId" text, "seatId" text, "credentialId" text,
      "receivedAt" timestamp(3), "dropped" boolean, "records" jsonb, "units" bigint)
  ), fresh AS (
    INSERT INTO "UsageBatchKey" ("credentialId", "batchId", "usageBatchId", "receivedAt")
    SELECT "credentialId", "batchId", "id", "receivedAt" FROM given
    ORDER BY "credentialId", "batchId"
    ON CONFLICT ("credentialId", "batchId") DO NOTHING
    RETURNING "usageBatchId"
  ), batch AS (
    INSERT INTO "UsageBatch" ("id", "batchId", "licenseId", "seatId", "credentialId", "receivedAt", "dropped", "records", "units")
    SELECT g."id", g."batchId", g."licenseId", g."seatId", g."credentialId", g."receivedAt", g."dropped", g."records", g."units"
    FROM given g JOIN fresh ON fresh."usageBatchId" = g."id"
    RETURNING "id"
  ), usage AS (
    SELECT w."seatId", w."featureKey", w."periodStart", max(w."periodEnd") AS "periodEnd", sum(w."used") AS "used", max(w."allowance") AS "allowance"
    FROM jsonb_to_recordset($2::jsonb) AS w("batch" text, "seatId" text, "featureKey" text, "periodStart" timestamp(3), "periodEnd" timestamp(3), "used" bigint, "allowance" bigint)
    JOIN batch ON batch."id" = w."batch"
    GROUP BY w."seatId", w."featureKey", w."periodStart"
  ), windows AS (
    INSERT INTO "AllowanceWindow" ("id", "seatId", "featureKey", "periodStart", "periodEnd", "used")
    SELECT gen_random_uuid()::text, "seatId", "featureKey", "periodStart", "periodEnd", "used" FROM usage
    ORDER BY "seatId", "featureKey", "periodStart"
    ON CONFLICT ("seatId", "featureKey", "periodStart") DO UPDATE SET "used" = "AllowanceWindow"."used" + EXCLUDED."used"
    RETURNING "seatId", "featureKey", "periodStart", "used", "exhaustedAt"
  )
  SELECT (SELECT coalesce(json_agg("id"), '[]'::json) FROM batch) AS "inserted",
         (SELECT coalesce(json_agg(json_build_object('seatId', w."seatId", 'featureKey', w."featureKey", 'periodStart', w."periodStart", 'allowance', u."allowance")), '[]'::json)
            FROM windows w JOIN usage u USING ("seatId", "featureKey", "periodStart")
           WHERE w."exhaustedAt" IS NULL AND w."used" >= u."allowance") AS "spent"`;

/** A window the statement left at or past its allowance and not yet marked exhausted. */
interface SpentWindow {
  seatId: string;
  featureKey: string;
  periodStart: string;
  allowance: number;
}

// One writer per database client (tests run services on clients of their own).
const writers = new WeakMap<Db, DataLoader<PendingBatch, boolean>>();

function usageWriter(db: Db): DataLoader<PendingBatch, boolean> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new DataLoader((batches) => writeBatchesApart(db, batches), { cache: false, maxBatchSize: MAX_BATCHES_PER_STATEMENT, batchScheduleFn: (run) => setImmediate(run) });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * The batches in one statement; should it fail, each alone, so one request's failure (a seat deleted
 * meanwhile, say) is never another's. Then the windows the statement left spent are marked, before
 * any request is answered. Answers whether each batch was new.
 */
async function writeBatchesApart(db: Db, batches: readonly PendingBatch[]): Promise<(boolean | Error)[]> {
  let outcomes: (WriteOutcome | Error)[];
  try {
    outcomes = [await writeBatches(db, batches)];
  } catch (error) {
    if (batches.length === 1) return [asError(error)];
    outcomes = await Promise.all(batches.map((batch) => writeBatches(db, [batch]).catch(asError)));
  }
  const spent = outcomes.flatMap((outcome) => (outcome instanceof Error ? [] : outcome.spent));
  if (spent.length > 0) {
    // Committed already: a failure here answers 5xx (as a retry of the batch will be Duplicate, the
    // next batch of the feature marks the window).
    const marked = await recordExhaustedAllowances(db, spent, batches).then(() => null, asError);
    if (marked) return batches.map(() => marked);
  }
  if (outcomes.length === 1 && !(outcomes[0] instanceof Error)) {
    const { inserted } = outcomes[0]!;
    return batches.map((batch) => inserted.has(batch.id));
  }
  return batches.map((batch, index) => {
    const outcome = outcomes[index]!;
    return outcome instanceof Error ? outcome : outcome.inserted.has(batch.id);
  });
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

interface WriteOutcome {
  /** The ids of the batches that were new. */
  inserted: Set<string>;
  spent: SpentWindow[];
}

async function writeBatches(db: Db, batches: readonly PendingBatch[]): Promise<WriteOutcome> {
  // A BatchId sent twice within one statement is written once; the other copy is a duplicate.
  const firstOfKey = new Map<string, PendingBatch>();
  for (const batch of batches) if (!firstOfKey.has(`${batch.credentialId} ${batch.batchId}`)) firstOfKey.set(`${batch.credentialId} ${batch.batchId}`, batch);
  const written = [...firstOfKey.values()];
  const rows = written.map(({ id, batchId, licenseId, seatId, credentialId, receivedAt, dropped, records, units }) => ({ id, batchId, licenseId, seatId, credentialId, receivedAt, dropped, records, units }));
  const windows = written.flatMap((batch) => batch.windows.map((window) => ({ batch: batch.id, seatId: batch.seatId, ...window })));
  const [result] = await hotRows<{ inserted: string[]; spent: SpentWindow[] }>(db, { name: 'usage-insert', text: INSERT_USAGE, values: [JSON.stringify(rows), JSON.stringify(windows)] });
  return { inserted: new Set(result!.inserted), spent: result!.spent };
}

/**
 * The windows these batches used up: each becomes exhausted once (the guarded update) and its
 * allowance.exhausted event is recorded in the same transaction. Only a statement that left a window
 * spent and unmarked comes here; a window left unmarked by a crash between the two is marked by the
 * next batch of that feature.
 */
async function recordExhaustedAllowances(db: Db, spent: SpentWindow[], batches: readonly PendingBatch[]): Promise<void> {
  const bySeat = new Map(batches.map((batch) => [batch.seatId, batch]));
  await db.$transaction(async (tx) => {
    const exhausted = await tx.$queryRaw<{ seatId: string; featureKey: string; periodEnd: Date }[]>`
      UPDATE "AllowanceWindow" w SET "exhaustedAt" = now()
        FROM jsonb_to_recordset(${JSON.stringify(spent)}::jsonb) AS s("seatId" text, "featureKey" text, "periodStart" timestamp(3), "allowance" bigint)
       WHERE w."seatId" = s."seatId" AND w."featureKey" = s."featureKey" AND w."periodStart" = s."periodStart"
         AND w."exhaustedAt" IS NULL AND w."used" >= s."allowance"
      RETURNING w."seatId", w."featureKey", w."periodEnd"`;
    for (const window of exhausted) {
      const { sellerId, licenseId } = bySeat.get(window.seatId)!;
      await recordEvent(tx, {
        sellerId,
        type: 'allowance.exhausted',
        licenseId,
        data: { LicenseId: licenseId, SeatId: window.seatId, FeatureKey: window.featureKey, PeriodEndUtc: window.periodEnd.toISOString() },
      });
    }
  });
}
