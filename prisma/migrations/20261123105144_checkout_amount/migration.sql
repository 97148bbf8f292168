-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "amountMinor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "currency" VARCHAR(3) NOT NULL DEFAULT 'usd';

-- CreateIndex
CREATE INDEX "Checkout_sellerId_createdAt_idx" ON "Checkout"("sellerId", "createdAt");

-- Added by hand: checkouts opened before this migration are charged at their offering's price now
-- (the best record there is); free checkouts (no processor) cost nothing.
UPDATE "Checkout" c
   SET "amountMinor" = CASE WHEN c."processor" = 'none' THEN 0 ELSE COALESCE(o."priceMinor", 0) * c."quantity" END,
       "currency" = o."currency"::varchar(3)
  FROM "Offering" o
 WHERE o."id" = c."offeringId";
