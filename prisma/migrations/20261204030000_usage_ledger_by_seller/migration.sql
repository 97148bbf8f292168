-- By hand: the seller's metered usage page at any size. Its newest ledger lines are read by seller
-- ("UsageCharge"."sellerId", the index in the order the page reads), and its totals per currency
-- from "SellerUsageTotal", which the billing job adds to in the transaction that writes the charges,
-- instead of a sum over every charge the seller ever had (540 ms at 1,000,000 charges).

-- AlterTable
ALTER TABLE "UsageCharge" ADD COLUMN "sellerId" TEXT;
UPDATE "UsageCharge" c SET "sellerId" = l."sellerId" FROM "License" l WHERE l."id" = c."licenseId";
ALTER TABLE "UsageCharge" ALTER COLUMN "sellerId" SET NOT NULL;

-- CreateTable
CREATE TABLE "SellerUsageTotal" (
    "sellerId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "units" BIGINT NOT NULL DEFAULT 0,
    "amount" DECIMAL(20,6) NOT NULL DEFAULT 0,

    CONSTRAINT "SellerUsageTotal_pkey" PRIMARY KEY ("sellerId","currency")
);

INSERT INTO "SellerUsageTotal" ("sellerId", "currency", "units", "amount")
SELECT "sellerId", "currency", sum("units"), sum("amount") FROM "UsageCharge" GROUP BY 1, 2;

-- CreateIndex
CREATE INDEX "UsageCharge_sellerId_createdAt_id_idx" ON "UsageCharge"("sellerId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "UsageCharge" ADD CONSTRAINT "UsageCharge_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SellerUsageTotal" ADD CONSTRAINT "SellerUsageTotal_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;
