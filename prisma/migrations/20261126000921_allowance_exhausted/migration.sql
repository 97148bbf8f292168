-- AlterTable
ALTER TABLE "AllowanceWindow" ADD COLUMN     "exhaustedAt" TIMESTAMP(3);
