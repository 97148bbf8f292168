-- AlterTable
ALTER TABLE "UsageCharge" ADD COLUMN     "reportId" TEXT;

-- CreateTable
CREATE TABLE "UsageReport" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "featureKey" TEXT NOT NULL,
    "units" BIGINT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reportedAt" TIMESTAMP(3),

    CONSTRAINT "UsageReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UsageReport_status_nextAttemptAt_idx" ON "UsageReport"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "UsageReport_licenseId_createdAt_idx" ON "UsageReport"("licenseId", "createdAt");

-- AddForeignKey
ALTER TABLE "UsageReport" ADD CONSTRAINT "UsageReport_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: the closed set of states.
ALTER TABLE "UsageReport" ADD CONSTRAINT "UsageReport_status_check" CHECK ("status" IN ('pending', 'reported', 'held'));
