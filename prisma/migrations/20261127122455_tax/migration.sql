-- CreateEnum
CREATE TYPE "TaxBehavior" AS ENUM ('exclusive', 'inclusive');

-- AlterTable
ALTER TABLE "Seller" ADD COLUMN     "originAddress" JSONB,
ADD COLUMN     "taxBehavior" "TaxBehavior" NOT NULL DEFAULT 'exclusive',
ADD COLUMN     "taxCollection" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "taxId" VARCHAR(40);

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "billingAddress" JSONB,
ADD COLUMN     "buyerTaxId" VARCHAR(40),
ADD COLUMN     "taxBehavior" "TaxBehavior",
ADD COLUMN     "taxExempt" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "taxMinor" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "taxRateBps" INTEGER;

-- AlterTable
ALTER TABLE "SeatCharge" ADD COLUMN     "taxMinor" BIGINT NOT NULL DEFAULT 0;

-- By hand: tax is part of the gross, never more; a rate is 0-100%; a seller collecting tax says where it sells from.
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_tax" CHECK ("taxMinor" >= 0 AND "taxMinor" <= "amountMinor" AND ("taxMinor" = 0 OR "taxBehavior" IS NOT NULL) AND ("taxRateBps" IS NULL OR "taxRateBps" BETWEEN 0 AND 10000));
ALTER TABLE "SeatCharge" ADD CONSTRAINT "SeatCharge_tax" CHECK ("taxMinor" >= 0 AND "taxMinor" <= "amountMinor");
ALTER TABLE "Seller" ADD CONSTRAINT "Seller_tax_origin" CHECK (NOT "taxCollection" OR "originAddress" ? 'country');
