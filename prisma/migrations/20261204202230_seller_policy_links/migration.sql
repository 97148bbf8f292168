-- AlterTable
ALTER TABLE "Seller" ADD COLUMN     "privacyUrl" VARCHAR(2048),
ADD COLUMN     "termsUrl" VARCHAR(2048);
