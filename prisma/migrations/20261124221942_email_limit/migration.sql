-- AlterTable
ALTER TABLE "Email" ADD COLUMN     "limitName" TEXT;
