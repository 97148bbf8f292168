-- AlterTable
ALTER TABLE "PlanChange" ADD COLUMN     "fromUnitPriceMinor" INTEGER;
