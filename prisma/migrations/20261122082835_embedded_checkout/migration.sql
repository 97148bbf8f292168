-- AlterEnum
ALTER TYPE "ClaimIntentStatus" ADD VALUE 'superseded';

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "requestFingerprint" TEXT;
