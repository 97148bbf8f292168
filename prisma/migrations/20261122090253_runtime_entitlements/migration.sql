-- AlterTable
ALTER TABLE "Feature" ALTER COLUMN "rate" SET DATA TYPE DECIMAL(20,6);

-- AlterTable
ALTER TABLE "UsageBatch" ADD COLUMN     "units" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "AllowanceWindow" ALTER COLUMN "used" SET DATA TYPE BIGINT;

-- CreateTable
CREATE TABLE "LicenseFeature" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "rate" DECIMAL(20,6) NOT NULL DEFAULT 0,
    "sampleSeconds" INTEGER,
    "rateLimit" INTEGER,
    "accessLevel" "ServiceAccessLevel",
    "allowance" INTEGER,
    "allowancePeriodUnit" INTEGER,

    CONSTRAINT "LicenseFeature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageCharge" (
    "id" TEXT NOT NULL,
    "usageBatchId" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "featureKey" TEXT NOT NULL,
    "units" BIGINT NOT NULL,
    "rate" DECIMAL(20,6) NOT NULL,
    "amount" DECIMAL(20,6) NOT NULL,
    "currency" TEXT NOT NULL,
    "processor" "PaymentProcessor" NOT NULL,
    "processorReference" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LicenseFeature_licenseId_key_key" ON "LicenseFeature"("licenseId", "key");

-- CreateIndex
CREATE INDEX "UsageCharge_licenseId_createdAt_idx" ON "UsageCharge"("licenseId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "UsageCharge_usageBatchId_featureKey_key" ON "UsageCharge"("usageBatchId", "featureKey");

-- AddForeignKey
ALTER TABLE "LicenseFeature" ADD CONSTRAINT "LicenseFeature_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageCharge" ADD CONSTRAINT "UsageCharge_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageCharge" ADD CONSTRAINT "UsageCharge_usageBatchId_fkey" FOREIGN KEY ("usageBatchId") REFERENCES "UsageBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Licenses sold before this migration take their offering's features as they are now: the copy a
-- license sold from here on gets at mint.
INSERT INTO "LicenseFeature" ("id", "licenseId", "key", "displayName", "description", "rate", "sampleSeconds", "rateLimit", "accessLevel", "allowance", "allowancePeriodUnit")
SELECT gen_random_uuid()::text, l."id", f."key", f."displayName", f."description", f."rate", f."sampleSeconds", f."rateLimit", f."accessLevel", f."allowance", f."allowancePeriodUnit"
FROM "License" l JOIN "Feature" f ON f."offeringId" = l."offeringId";

-- The usage reporting job reads the batches still to report.
CREATE INDEX "UsageBatch_unreported_idx" ON "UsageBatch" ("receivedAt") WHERE "reportedAt" IS NULL AND NOT "dropped";
