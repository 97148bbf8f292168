-- AlterTable
ALTER TABLE "RefreshToken" ADD COLUMN     "authorizationCodeId" TEXT,
ADD COLUMN     "familyExpiresAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "processorStateAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "SigningKey" ADD COLUMN     "activatesAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "Email" ALTER COLUMN "html" DROP NOT NULL,
ALTER COLUMN "text" DROP NOT NULL;

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "account" TEXT,
    "livemode" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);
