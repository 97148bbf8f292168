-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "invoiceNumber" INTEGER;

-- CreateTable
CREATE TABLE "SellerInvoiceCounter" (
    "sellerId" TEXT NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SellerInvoiceCounter_pkey" PRIMARY KEY ("sellerId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_sellerId_invoiceNumber_key" ON "Checkout"("sellerId", "invoiceNumber");

-- AddForeignKey
ALTER TABLE "SellerInvoiceCounter" ADD CONSTRAINT "SellerInvoiceCounter_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: paid checkouts completed before numbering get their numbers in the order they were
-- paid, and each seller's counter continues from the last.
WITH numbered AS (
  SELECT "id", row_number() OVER (PARTITION BY "sellerId" ORDER BY "completedAt", "id") AS n
    FROM "Checkout" WHERE "status" = 'completed' AND "amountMinor" > 0)
UPDATE "Checkout" c SET "invoiceNumber" = numbered.n FROM numbered WHERE c."id" = numbered."id";
INSERT INTO "SellerInvoiceCounter" ("sellerId", "last")
SELECT "sellerId", max("invoiceNumber") FROM "Checkout" WHERE "invoiceNumber" IS NOT NULL GROUP BY "sellerId";
