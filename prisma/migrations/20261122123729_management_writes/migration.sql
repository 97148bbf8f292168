-- AlterTable
ALTER TABLE "License" ADD COLUMN     "tenantId" VARCHAR(128);

-- CreateTable
CREATE TABLE "ManagementRequest" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "requestId" VARCHAR(64) NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "answerCiphertext" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ManagementRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeatCharge" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seats" INTEGER NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "processor" VARCHAR(16) NOT NULL DEFAULT 'local',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SeatCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ManagementRequest_createdAt_idx" ON "ManagementRequest"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ManagementRequest_sellerId_requestId_key" ON "ManagementRequest"("sellerId", "requestId");

-- CreateIndex
CREATE INDEX "SeatCharge_licenseId_idx" ON "SeatCharge"("licenseId");

-- CreateIndex
CREATE INDEX "License_sellerId_tenantId_idx" ON "License"("sellerId", "tenantId");

-- AddForeignKey
ALTER TABLE "ManagementRequest" ADD CONSTRAINT "ManagementRequest_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatCharge" ADD CONSTRAINT "SeatCharge_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Licenses the seller bound to a tenant before this column existed: those of its embedded
-- checkouts (the purchase API's CorrelationId is the buyer's and binds nothing).
UPDATE "License" l SET "tenantId" = c."correlationId"
FROM "Checkout" c WHERE l."checkoutId" = c."id" AND c."origin" = 'embedded' AND c."correlationId" IS NOT NULL;
ALTER TABLE "SeatCharge" ADD CONSTRAINT "SeatCharge_seats_check" CHECK ("seats" > 0);
