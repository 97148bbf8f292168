-- CreateEnum
CREATE TYPE "DeviceMode" AS ENUM ('NodeLocked', 'Floating');

-- AlterTable
ALTER TABLE "Offering" ADD COLUMN     "deviceMode" "DeviceMode" NOT NULL DEFAULT 'NodeLocked',
ADD COLUMN     "maxDevices" INTEGER,
ADD COLUMN     "maxOfflineDays" INTEGER NOT NULL DEFAULT 30;

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "deviceMode" "DeviceMode" NOT NULL DEFAULT 'NodeLocked',
ADD COLUMN     "maxDevices" INTEGER,
ADD COLUMN     "maxOfflineDays" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "Device" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "codeId" TEXT NOT NULL,
    "fingerprint" VARCHAR(256) NOT NULL,
    "name" VARCHAR(200),
    "platform" VARCHAR(100),
    "mode" "DeviceMode" NOT NULL,
    "activatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseExpiresAt" TIMESTAMP(3),
    "deactivatedAt" TIMESTAMP(3),
    "deactivatedBy" VARCHAR(16),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Device_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Device_licenseId_idx" ON "Device"("licenseId");

-- CreateIndex
CREATE INDEX "Device_codeId_idx" ON "Device"("codeId");

-- CreateIndex
CREATE UNIQUE INDEX "Device_seatId_fingerprint_key" ON "Device"("seatId", "fingerprint");

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_codeId_fkey" FOREIGN KEY ("codeId") REFERENCES "LicenseCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invariants (by hand): the device rules' ranges, and a fingerprint of 16-256 characters.
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_maxDevices_range" CHECK ("maxDevices" IS NULL OR "maxDevices" BETWEEN 1 AND 1000);
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_maxOfflineDays_range" CHECK ("maxOfflineDays" BETWEEN 0 AND 90);
ALTER TABLE "License" ADD CONSTRAINT "License_maxDevices_range" CHECK ("maxDevices" IS NULL OR "maxDevices" BETWEEN 1 AND 1000);
ALTER TABLE "License" ADD CONSTRAINT "License_maxOfflineDays_range" CHECK ("maxOfflineDays" BETWEEN 0 AND 90);
ALTER TABLE "Device" ADD CONSTRAINT "Device_fingerprint_length" CHECK (char_length("fingerprint") BETWEEN 16 AND 256);
ALTER TABLE "Device" ADD CONSTRAINT "Device_deactivation_named" CHECK (("deactivatedAt" IS NULL) = ("deactivatedBy" IS NULL));
-- The lease sweep reads the floating devices still holding a place by their lease's end.
CREATE INDEX "Device_lease_lapse_idx" ON "Device" ("leaseExpiresAt") WHERE "deactivatedAt" IS NULL AND "leaseExpiresAt" IS NOT NULL;
