-- AlterTable
ALTER TABLE "License" ADD COLUMN     "suspendedBySeller" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ProcessorCall" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "action" VARCHAR(16) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "ProcessorCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProcessorCall_status_nextAttemptAt_idx" ON "ProcessorCall"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ProcessorCall_licenseId_createdAt_idx" ON "ProcessorCall"("licenseId", "createdAt");

-- AddForeignKey
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: the closed sets of actions and states.
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_action_check" CHECK ("action" IN ('cancel', 'pause', 'resume', 'set-seats'));
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_status_check" CHECK ("status" IN ('pending', 'done', 'attention'));
