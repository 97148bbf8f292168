-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "unitPriceMinor" INTEGER;
