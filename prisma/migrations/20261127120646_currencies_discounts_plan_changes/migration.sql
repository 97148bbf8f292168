-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('percent', 'amount');

-- CreateEnum
CREATE TYPE "DiscountDuration" AS ENUM ('once', 'forever', 'repeating');

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "discountCode" VARCHAR(32),
ADD COLUMN     "discountId" TEXT,
ADD COLUMN     "discountMinor" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ProcessorCall" ADD COLUMN     "planChangeId" TEXT;

-- CreateTable
CREATE TABLE "OfferingPrice" (
    "offeringId" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OfferingPrice_pkey" PRIMARY KEY ("offeringId","currency")
);

-- CreateTable
CREATE TABLE "Discount" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(80),
    "kind" "DiscountKind" NOT NULL,
    "percentOff" INTEGER,
    "duration" "DiscountDuration" NOT NULL DEFAULT 'once',
    "durationMonths" INTEGER,
    "expiresAt" TIMESTAMP(3),
    "maxRedemptions" INTEGER,
    "redemptions" INTEGER NOT NULL DEFAULT 0,
    "stripeCouponId" TEXT,
    "stripePromotionCodeId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Discount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountAmount" (
    "discountId" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "amountMinor" INTEGER NOT NULL,

    CONSTRAINT "DiscountAmount_pkey" PRIMARY KEY ("discountId","currency")
);

-- CreateTable
CREATE TABLE "DiscountOffering" (
    "discountId" TEXT NOT NULL,
    "offeringId" TEXT NOT NULL,

    CONSTRAINT "DiscountOffering_pkey" PRIMARY KEY ("discountId","offeringId")
);

-- CreateTable
CREATE TABLE "PlanChange" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "requestId" UUID NOT NULL,
    "fromOfferingId" TEXT NOT NULL,
    "toOfferingId" TEXT NOT NULL,
    "timing" VARCHAR(16) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'scheduled',
    "requestedBy" VARCHAR(16) NOT NULL,
    "effectiveAt" TIMESTAMP(3) NOT NULL,
    "unitPriceMinor" INTEGER,
    "currency" VARCHAR(3),
    "prorationMinor" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "PlanChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Discount_sellerId_code_key" ON "Discount"("sellerId", "code");

-- CreateIndex
CREATE INDEX "DiscountOffering_offeringId_idx" ON "DiscountOffering"("offeringId");

-- CreateIndex
CREATE UNIQUE INDEX "PlanChange_requestId_key" ON "PlanChange"("requestId");

-- CreateIndex
CREATE INDEX "PlanChange_status_effectiveAt_idx" ON "PlanChange"("status", "effectiveAt");

-- CreateIndex
CREATE INDEX "PlanChange_licenseId_createdAt_idx" ON "PlanChange"("licenseId", "createdAt");

-- CreateIndex
CREATE INDEX "Checkout_discountId_idx" ON "Checkout"("discountId");

-- CreateIndex
CREATE UNIQUE INDEX "ProcessorCall_planChangeId_key" ON "ProcessorCall"("planChangeId");

-- AddForeignKey
ALTER TABLE "OfferingPrice" ADD CONSTRAINT "OfferingPrice_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProcessorCall" ADD CONSTRAINT "ProcessorCall_planChangeId_fkey" FOREIGN KEY ("planChangeId") REFERENCES "PlanChange"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountAmount" ADD CONSTRAINT "DiscountAmount_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountOffering" ADD CONSTRAINT "DiscountOffering_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountOffering" ADD CONSTRAINT "DiscountOffering_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanChange" ADD CONSTRAINT "PlanChange_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: amounts are positive minor units; a currency is three lower-case letters.
ALTER TABLE "OfferingPrice" ADD CONSTRAINT "OfferingPrice_amount" CHECK ("amountMinor" > 0 AND "currency" ~ '^[a-z]{3}$');
ALTER TABLE "DiscountAmount" ADD CONSTRAINT "DiscountAmount_amount" CHECK ("amountMinor" > 0 AND "currency" ~ '^[a-z]{3}$');

-- By hand: a discount takes off a percent (1-100) or amounts, never both; `repeating` has its months;
-- its redemptions never run below zero nor past its maximum (the count is taken atomically at checkout).
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_kind" CHECK (("kind" = 'percent') = ("percentOff" IS NOT NULL) AND ("percentOff" IS NULL OR "percentOff" BETWEEN 1 AND 100));
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_duration" CHECK (("duration" = 'repeating') = ("durationMonths" IS NOT NULL) AND ("durationMonths" IS NULL OR "durationMonths" BETWEEN 1 AND 36));
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_redemptions" CHECK ("redemptions" >= 0 AND ("maxRedemptions" IS NULL OR ("maxRedemptions" >= 1 AND "redemptions" <= "maxRedemptions")));
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_code" CHECK ("code" ~ '^[A-Z0-9_-]{3,32}$');
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_discount" CHECK ("discountMinor" >= 0 AND ("discountMinor" = 0 OR "discountCode" IS NOT NULL));

-- By hand: a checkout that fails (expired, cancelled, refused, its claim lapsed or superseded) gives
-- its discount's redemption back, whichever path failed it.
CREATE FUNCTION "Checkout_give_back_redemption"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Discount" SET "redemptions" = "redemptions" - 1 WHERE "id" = NEW."discountId" AND "redemptions" > 0;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Checkout_give_back_redemption"
  AFTER UPDATE OF "status" ON "Checkout"
  FOR EACH ROW
  WHEN (OLD."status" = 'pending' AND NEW."status" = 'failed' AND NEW."discountId" IS NOT NULL)
  EXECUTE FUNCTION "Checkout_give_back_redemption"();

-- By hand: a plan change is `now` or `period_end`, scheduled, applied or cancelled; a license has at
-- most one scheduled at a time.
ALTER TABLE "PlanChange" ADD CONSTRAINT "PlanChange_timing" CHECK ("timing" IN ('now', 'period_end') AND "status" IN ('scheduled', 'applied', 'cancelled') AND "requestedBy" IN ('seller', 'buyer'));
CREATE UNIQUE INDEX "PlanChange_one_scheduled" ON "PlanChange"("licenseId") WHERE "status" = 'scheduled';
