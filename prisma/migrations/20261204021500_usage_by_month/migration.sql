-- By hand: usage that grows for years (docs/operations.md "Usage data over the years").
-- "UsageBatch" becomes a table partitioned by the month of "receivedAt" (native range partitioning):
-- the raw batches of a month are dropped as one partition once they are billed and past the
-- retention (consumption/usage-partitions.ts), never row by row. A partitioned table's unique keys
-- must hold the partition key, so the exactly-once rule for a BatchId (one per credential, whatever
-- month a retry comes in) moves to "UsageBatchKey", a small table of its own. "UsageDay" holds the
-- daily rollups (per license, seat, feature and UTC day) that the license page's chart and the data
-- export read; the billing job writes them in the transaction that marks the batches reported, so
-- each batch is rolled up exactly once. The ledger ("UsageCharge") outlives the raw batches: its
-- foreign key to them goes.

ALTER TABLE "UsageCharge" DROP CONSTRAINT "UsageCharge_usageBatchId_fkey";

ALTER TABLE "UsageBatch" RENAME TO "UsageBatch_unpartitioned";
ALTER TABLE "UsageBatch_unpartitioned" RENAME CONSTRAINT "UsageBatch_pkey" TO "UsageBatch_unpartitioned_pkey";
ALTER TABLE "UsageBatch_unpartitioned" DROP CONSTRAINT "UsageBatch_seatId_fkey";
ALTER TABLE "UsageBatch_unpartitioned" DROP CONSTRAINT "UsageBatch_credentialId_fkey";
DROP INDEX "UsageBatch_licenseId_receivedAt_idx";
DROP INDEX "UsageBatch_unreported_idx";

CREATE TABLE "UsageBatch" (
    "id" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dropped" BOOLEAN NOT NULL DEFAULT false,
    "records" JSONB NOT NULL,
    "reportedAt" TIMESTAMP(3),
    "units" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "UsageBatch_pkey" PRIMARY KEY ("id", "receivedAt")
) PARTITION BY RANGE ("receivedAt");

CREATE INDEX "UsageBatch_licenseId_receivedAt_idx" ON "UsageBatch"("licenseId", "receivedAt");
CREATE INDEX "UsageBatch_unreported_idx" ON "UsageBatch" ("receivedAt") WHERE "reportedAt" IS NULL AND NOT "dropped";
ALTER TABLE "UsageBatch" ADD CONSTRAINT "UsageBatch_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "UsageBatch" ADD CONSTRAINT "UsageBatch_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "LicenseCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rows of a month that has no partition yet (the job makes them months ahead; a clock far off, or
-- a job that has not run, lands here rather than failing the write).
CREATE TABLE "UsageBatch_default" PARTITION OF "UsageBatch" DEFAULT;

-- The month's partition, made once (concurrent callers wait on the advisory lock). Rows of that
-- month already in the default partition move into it, so the attach never fails on them.
CREATE FUNCTION usage_batch_month_partition(month_start date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month_start)::date;
  next_month date := (date_trunc('month', month_start) + interval '1 month')::date;
  partition_name text := 'UsageBatch_' || to_char(date_trunc('month', month_start), 'YYYY_MM');
BEGIN
  PERFORM pg_advisory_xact_lock(72707370);
  IF to_regclass(format('%I', partition_name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM "UsageBatch_default" WHERE "receivedAt" >= first_day AND "receivedAt" < next_month) THEN
    EXECUTE format('CREATE TABLE %I (LIKE "UsageBatch" INCLUDING DEFAULTS)', partition_name);
    EXECUTE format('WITH moved AS (DELETE FROM "UsageBatch_default" WHERE "receivedAt" >= %L AND "receivedAt" < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', first_day, next_month, partition_name);
    EXECUTE format('ALTER TABLE "UsageBatch" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', partition_name, first_day, next_month);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF "UsageBatch" FOR VALUES FROM (%L) TO (%L)', partition_name, first_day, next_month);
  END IF;
  RETURN true;
END $$;

-- Partitions for every month that has usage, and the current one and the next three.
SELECT usage_batch_month_partition(month::date)
FROM generate_series(
  date_trunc('month', least(coalesce((SELECT min("receivedAt") FROM "UsageBatch_unpartitioned"), now()), now())),
  date_trunc('month', now()) + interval '3 months',
  interval '1 month') AS month;

-- One BatchId per credential, for good.
CREATE TABLE "UsageBatchKey" (
    "credentialId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "usageBatchId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsageBatchKey_pkey" PRIMARY KEY ("credentialId", "batchId")
);
CREATE INDEX "UsageBatchKey_receivedAt_idx" ON "UsageBatchKey"("receivedAt");
ALTER TABLE "UsageBatchKey" ADD CONSTRAINT "UsageBatchKey_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "LicenseCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "UsageBatch" SELECT "id", "batchId", "licenseId", "seatId", "credentialId", "receivedAt", "dropped", "records", "reportedAt", "units" FROM "UsageBatch_unpartitioned";
INSERT INTO "UsageBatchKey" ("credentialId", "batchId", "usageBatchId", "receivedAt") SELECT "credentialId", "batchId", "id", "receivedAt" FROM "UsageBatch_unpartitioned";

-- Daily rollups.
CREATE TABLE "UsageDay" (
    "licenseId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "featureKey" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "units" BIGINT NOT NULL,

    CONSTRAINT "UsageDay_pkey" PRIMARY KEY ("licenseId", "day", "featureKey", "seatId")
);
ALTER TABLE "UsageDay" ADD CONSTRAINT "UsageDay_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The batches already billed are rolled up now; the rest when the billing job takes them.
INSERT INTO "UsageDay" ("licenseId", "day", "featureKey", "seatId", "units")
SELECT b."licenseId", b."receivedAt"::date, item->>'FeatureKey', b."seatId", sum((item->>'Units')::bigint)
FROM "UsageBatch_unpartitioned" b, jsonb_array_elements(b."records") AS item
WHERE b."reportedAt" IS NOT NULL AND NOT b."dropped"
GROUP BY 1, 2, 3, 4;

DROP TABLE "UsageBatch_unpartitioned";
