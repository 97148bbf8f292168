-- AlterEnum
ALTER TYPE "LicenseStatus" ADD VALUE 'Trialing';

-- AlterTable
ALTER TABLE "Offering" ADD COLUMN     "trialDays" INTEGER;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "trialDays" INTEGER;

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "trialEnd" TIMESTAMP(3),
ADD COLUMN     "trialReminderAt" TIMESTAMP(3);

-- By hand: a trial that converts belongs to a subscription, and lasts 1 to 730 days.
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_trial_days" CHECK ("trialDays" IS NULL OR ("trialDays" BETWEEN 1 AND 730 AND "classification" = 1));
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_trial_days" CHECK ("trialDays" IS NULL OR "trialDays" BETWEEN 1 AND 730);
