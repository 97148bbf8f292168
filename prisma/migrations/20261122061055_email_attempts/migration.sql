-- AlterTable
ALTER TABLE "Email" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;
