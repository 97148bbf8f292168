import crypto from 'node:crypto';
import { recordEvent } from '../events/record-event';
import type { Db } from '../db';
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
 * credential is counted once (the unique (credentialId, batchId) index; concurrent copies wait on
 * it) and the reply says Duplicate. Usage under a revoked credential is kept as dropped: never
 * applied to the allowance, never billed. Usage counts in the allowance period current when it is
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
  const windows = dropped
    ? []
    : [...unitsByFeature].flatMap(([key, units]) => {
        const feature = features.get(key)!;
        if (!hasAllowance(feature)) return [];
        const period = allowancePeriod(caller.license.termStart, feature.allowancePeriodUnit!, now);
        return [{ id: crypto.randomUUID(), featureKey: key, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), used: units }];
      });
  const records = input.items.map((item) => ({ FeatureKey: item.featureKey, Units: item.units, TimeUtc: item.timeUtc }));

  const inserted = await ctx.db.$queryRaw<{ id: string }[]>`
    WITH batch AS (
      INSERT INTO "UsageBatch" ("id", "batchId", "licenseId", "seatId", "credentialId", "receivedAt", "dropped", "records", "units")
      VALUES (${crypto.randomUUID()}, ${input.batchId}, ${input.licenseId}, ${caller.credential.seatId}, ${input.principal.credentialId},
              ${now}, ${dropped}, ${JSON.stringify(records)}::jsonb, ${totalUnits})
      ON CONFLICT ("credentialId", "batchId") DO NOTHING
      RETURNING "id"
    ), windows AS (
      INSERT INTO "AllowanceWindow" ("id", "seatId", "featureKey", "periodStart", "periodEnd", "used")
      SELECT w."id", ${caller.credential.seatId}, w."featureKey", w."periodStart", w."periodEnd", w."used"
      FROM jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) AS w("id" text, "featureKey" text, "periodStart" timestamp(3), "periodEnd" timestamp(3), "used" bigint)
      WHERE EXISTS (SELECT 1 FROM batch)
      ON CONFLICT ("seatId", "featureKey", "periodStart") DO UPDATE SET "used" = "AllowanceWindow"."used" + EXCLUDED."used"
    )
    SELECT "id" FROM batch`;
  if (windows.length > 0) forgetSeatWindows(caller.credential.seatId);
  if (windows.length > 0 && inserted.length > 0) await recordExhaustedAllowances(ctx, { sellerId: caller.license.sellerId, licenseId: input.licenseId, seatId: caller.credential.seatId, windows, features });
  return { batchId: input.batchId, items: input.items.length, duplicate: inserted.length === 0, dropped };
}

/**
 * The windows this batch used up: each becomes exhausted once (the guarded update) and its
 * allowance.exhausted event is recorded in the same transaction. A window left unmarked by a crash
 * between the two transactions is marked by the next batch of that feature.
 */
async function recordExhaustedAllowances(
  ctx: { db: Db },
  input: { sellerId: string; licenseId: string; seatId: string; windows: { featureKey: string; periodStart: string }[]; features: Map<string, { allowance: number | null }> },
): Promise<void> {
  const limits = input.windows.map((window) => ({ featureKey: window.featureKey, periodStart: window.periodStart, allowance: input.features.get(window.featureKey)!.allowance }));
  await ctx.db.$transaction(async (tx) => {
    const exhausted = await tx.$queryRaw<{ featureKey: string; periodEnd: Date }[]>`
      UPDATE "AllowanceWindow" w SET "exhaustedAt" = now()
        FROM jsonb_to_recordset(${JSON.stringify(limits)}::jsonb) AS l("featureKey" text, "periodStart" timestamp(3), "allowance" bigint)
       WHERE w."seatId" = ${input.seatId} AND w."featureKey" = l."featureKey" AND w."periodStart" = l."periodStart"
         AND w."exhaustedAt" IS NULL AND w."used" >= l."allowance"
      RETURNING w."featureKey", w."periodEnd"`;
    for (const window of exhausted) {
      await recordEvent(tx, {
        sellerId: input.sellerId,
        type: 'allowance.exhausted',
        licenseId: input.licenseId,
        data: { LicenseId: input.licenseId, SeatId: input.seatId, FeatureKey: window.featureKey, PeriodEndUtc: window.periodEnd.toISOString() },
      });
    }
  });
}
