-- AlterTable
ALTER TABLE "Checkout" ALTER COLUMN "amountMinor" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "currency" VARCHAR(3),
ADD COLUMN     "unitPriceMinor" INTEGER;

-- AlterTable
ALTER TABLE "SeatCharge" ALTER COLUMN "amountMinor" SET DATA TYPE BIGINT;

-- Added by hand: the price of one seat fixed at sale, for licenses sold before this migration:
-- what their checkout charged per seat; a license made without a checkout (a seller's direct
-- creation) keeps its offering's price now (the best record there is, and what it was charged at).
UPDATE "License" l
   SET "unitPriceMinor" = (c."amountMinor" / GREATEST(c."quantity", 1))::integer,
       "currency" = c."currency"
  FROM "Checkout" c
 WHERE c."id" = l."checkoutId" AND c."amountMinor" > 0;

UPDATE "License" l
   SET "unitPriceMinor" = o."priceMinor",
       "currency" = o."currency"::varchar(3)
  FROM "Offering" o
 WHERE o."id" = l."offeringId" AND l."checkoutId" IS NULL AND o."priceMinor" > 0;
