-- AlterTable
ALTER TABLE "License" ADD COLUMN     "processorCheckedAt" TIMESTAMP(3),
ADD COLUMN     "processorMismatch" TEXT;
