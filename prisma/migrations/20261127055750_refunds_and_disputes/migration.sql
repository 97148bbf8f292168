-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "processorPaymentId" TEXT,
ADD COLUMN     "refundedMinor" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "statusReason" VARCHAR(16);

-- AlterTable
ALTER TABLE "ProcessorCall" ADD COLUMN     "refundId" TEXT;

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "checkoutId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "reason" VARCHAR(500),
    "source" VARCHAR(16) NOT NULL,
    "licenseAction" VARCHAR(8) NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "processorRefundId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Dispute" (
    "id" TEXT NOT NULL,
    "checkoutId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "licenseId" TEXT,
    "processorDisputeId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "reason" VARCHAR(100),
    "status" VARCHAR(8) NOT NULL DEFAULT 'open',
    "openedAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Dispute_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Refund_processorRefundId_key" ON "Refund"("processorRefundId");

-- CreateIndex
CREATE INDEX "Refund_checkoutId_idx" ON "Refund"("checkoutId");

-- CreateIndex
CREATE INDEX "Refund_sellerId_createdAt_idx" ON "Refund"("sellerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Dispute_processorDisputeId_key" ON "Dispute"("processorDisputeId");

-- CreateIndex
CREATE INDEX "Dispute_sellerId_status_idx" ON "Dispute"("sellerId", "status");

-- CreateIndex
CREATE INDEX "Dispute_checkoutId_idx" ON "Dispute"("checkoutId");

-- CreateIndex
CREATE INDEX "Checkout_processorPaymentId_idx" ON "Checkout"("processorPaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "ProcessorCall_refundId_key" ON "ProcessorCall"("refundId");

-- AddForeignKey
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- By hand (invariants Prisma cannot express): an order never gives back more than was paid, and a
-- refund moves money. Two refunds racing for the last amount: the second update fails this check.
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_refunded_within_amount" CHECK ("refundedMinor" >= 0 AND "refundedMinor" <= "amountMinor");
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_amount_positive" CHECK ("amountMinor" > 0);
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_license_action" CHECK ("licenseAction" IN ('revoke', 'keep'));
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_status" CHECK ("status" IN ('open', 'won', 'lost'));
