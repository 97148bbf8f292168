-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "SellerRole" AS ENUM ('Owner', 'Member');

-- CreateEnum
CREATE TYPE "ServiceAccessLevel" AS ENUM ('Allowed', 'Denied');

-- CreateEnum
CREATE TYPE "CheckoutOrigin" AS ENUM ('purchase', 'embedded');

-- CreateEnum
CREATE TYPE "CheckoutStatus" AS ENUM ('pending', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "PaymentProcessor" AS ENUM ('none', 'local', 'stripe');

-- CreateEnum
CREATE TYPE "ClaimIntentStatus" AS ENUM ('open', 'accepted', 'expired');

-- CreateEnum
CREATE TYPE "LicenseStatus" AS ENUM ('Active', 'Paused', 'Suspended', 'Cancelled', 'Expired');

-- CreateEnum
CREATE TYPE "SigningKeyPurpose" AS ENUM ('runtime', 'identity');

-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('queued', 'sent', 'failed', 'withheld');

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "displayName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seller" (
    "id" TEXT NOT NULL,
    "issuerClientId" TEXT NOT NULL,
    "contactName" TEXT,
    "legalName" TEXT,
    "checkoutReady" BOOLEAN NOT NULL DEFAULT false,
    "stripeAccountId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Seller_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SellerMember" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "role" "SellerRole" NOT NULL DEFAULT 'Member',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SellerMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OneTimeCode" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "accountId" TEXT,
    "codeHash" TEXT NOT NULL,
    "continuationTokenHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "OneTimeCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL DEFAULT 0,
    "platform" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Offering" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "classification" INTEGER NOT NULL,
    "category" INTEGER NOT NULL DEFAULT 0,
    "priceMinor" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "interval" INTEGER,
    "intervalUnit" INTEGER,
    "seatBased" BOOLEAN NOT NULL DEFAULT false,
    "listed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Offering_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feature" (
    "id" TEXT NOT NULL,
    "offeringId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "rate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "sampleSeconds" INTEGER,
    "rateLimit" INTEGER,
    "accessLevel" "ServiceAccessLevel",
    "allowance" INTEGER,
    "allowancePeriodUnit" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Feature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Checkout" (
    "id" TEXT NOT NULL,
    "requestId" UUID NOT NULL,
    "origin" "CheckoutOrigin" NOT NULL,
    "status" "CheckoutStatus" NOT NULL DEFAULT 'pending',
    "sellerId" TEXT NOT NULL,
    "offeringId" TEXT NOT NULL,
    "buyerAccountId" TEXT,
    "correlationId" VARCHAR(128),
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "originContext" TEXT,
    "successUrl" TEXT,
    "cancelUrl" TEXT,
    "returnUrl" TEXT,
    "customerEmail" TEXT,
    "processor" "PaymentProcessor" NOT NULL DEFAULT 'none',
    "processorSessionId" TEXT,
    "processorCustomerId" TEXT,
    "processorSubscriptionId" TEXT,
    "sessionUrl" TEXT,
    "error" TEXT,
    "credentialCiphertext" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Checkout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimIntent" (
    "id" TEXT NOT NULL,
    "checkoutId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "offeringId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "status" "ClaimIntentStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "ClaimIntent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimToken" (
    "id" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "ClaimToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "License" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "offeringId" TEXT NOT NULL,
    "buyerAccountId" TEXT,
    "checkoutId" TEXT,
    "status" "LicenseStatus" NOT NULL DEFAULT 'Active',
    "classification" INTEGER NOT NULL,
    "termStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "termEnd" TIMESTAMP(3),
    "correlationId" VARCHAR(128),
    "processorSubscriptionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "License_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LicenseCode" (
    "id" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "secretHash" TEXT NOT NULL,
    "signingKeyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "LicenseCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningKey" (
    "id" TEXT NOT NULL,
    "purpose" "SigningKeyPurpose" NOT NULL,
    "kid" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateKeyCiphertext" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageBatch" (
    "id" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "licenseId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dropped" BOOLEAN NOT NULL DEFAULT false,
    "records" JSONB NOT NULL,
    "reportedAt" TIMESTAMP(3),

    CONSTRAINT "UsageBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AllowanceWindow" (
    "id" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "featureKey" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AllowanceWindow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Email" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "Email_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Account_email_key" ON "Account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Seller_issuerClientId_key" ON "Seller"("issuerClientId");

-- CreateIndex
CREATE UNIQUE INDEX "Seller_stripeAccountId_key" ON "Seller"("stripeAccountId");

-- CreateIndex
CREATE INDEX "SellerMember_accountId_idx" ON "SellerMember"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "SellerMember_sellerId_accountId_key" ON "SellerMember"("sellerId", "accountId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_secretHash_key" ON "ApiKey"("secretHash");

-- CreateIndex
CREATE INDEX "ApiKey_sellerId_idx" ON "ApiKey"("sellerId");

-- CreateIndex
CREATE UNIQUE INDEX "OneTimeCode_continuationTokenHash_key" ON "OneTimeCode"("continuationTokenHash");

-- CreateIndex
CREATE INDEX "OneTimeCode_email_createdAt_idx" ON "OneTimeCode"("email", "createdAt");

-- CreateIndex
CREATE INDEX "Product_sellerId_idx" ON "Product"("sellerId");

-- CreateIndex
CREATE INDEX "Offering_sellerId_listed_idx" ON "Offering"("sellerId", "listed");

-- CreateIndex
CREATE INDEX "Offering_productId_idx" ON "Offering"("productId");

-- CreateIndex
CREATE UNIQUE INDEX "Feature_offeringId_key_key" ON "Feature"("offeringId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_requestId_key" ON "Checkout"("requestId");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_processorSessionId_key" ON "Checkout"("processorSessionId");

-- CreateIndex
CREATE INDEX "Checkout_buyerAccountId_idx" ON "Checkout"("buyerAccountId");

-- CreateIndex
CREATE INDEX "Checkout_sellerId_correlationId_idx" ON "Checkout"("sellerId", "correlationId");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimIntent_checkoutId_key" ON "ClaimIntent"("checkoutId");

-- CreateIndex
CREATE INDEX "ClaimIntent_status_expiresAt_idx" ON "ClaimIntent"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimToken_tokenHash_key" ON "ClaimToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ClaimToken_intentId_idx" ON "ClaimToken"("intentId");

-- CreateIndex
CREATE UNIQUE INDEX "License_checkoutId_key" ON "License"("checkoutId");

-- CreateIndex
CREATE UNIQUE INDEX "License_processorSubscriptionId_key" ON "License"("processorSubscriptionId");

-- CreateIndex
CREATE INDEX "License_sellerId_correlationId_idx" ON "License"("sellerId", "correlationId");

-- CreateIndex
CREATE INDEX "License_buyerAccountId_idx" ON "License"("buyerAccountId");

-- CreateIndex
CREATE INDEX "Seat_licenseId_idx" ON "Seat"("licenseId");

-- CreateIndex
CREATE UNIQUE INDEX "LicenseCode_secretHash_key" ON "LicenseCode"("secretHash");

-- CreateIndex
CREATE INDEX "LicenseCode_seatId_idx" ON "LicenseCode"("seatId");

-- CreateIndex
CREATE INDEX "LicenseCode_licenseId_idx" ON "LicenseCode"("licenseId");

-- CreateIndex
CREATE UNIQUE INDEX "SigningKey_kid_key" ON "SigningKey"("kid");

-- CreateIndex
CREATE INDEX "SigningKey_purpose_createdAt_idx" ON "SigningKey"("purpose", "createdAt");

-- CreateIndex
CREATE INDEX "UsageBatch_licenseId_receivedAt_idx" ON "UsageBatch"("licenseId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "UsageBatch_credentialId_batchId_key" ON "UsageBatch"("credentialId", "batchId");

-- CreateIndex
CREATE UNIQUE INDEX "AllowanceWindow_seatId_featureKey_periodStart_key" ON "AllowanceWindow"("seatId", "featureKey", "periodStart");

-- CreateIndex
CREATE INDEX "Email_to_kind_createdAt_idx" ON "Email"("to", "kind", "createdAt");

-- AddForeignKey
ALTER TABLE "SellerMember" ADD CONSTRAINT "SellerMember_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SellerMember" ADD CONSTRAINT "SellerMember_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "Account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OneTimeCode" ADD CONSTRAINT "OneTimeCode_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feature" ADD CONSTRAINT "Feature_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_buyerAccountId_fkey" FOREIGN KEY ("buyerAccountId") REFERENCES "Account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimIntent" ADD CONSTRAINT "ClaimIntent_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimIntent" ADD CONSTRAINT "ClaimIntent_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimIntent" ADD CONSTRAINT "ClaimIntent_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimToken" ADD CONSTRAINT "ClaimToken_intentId_fkey" FOREIGN KEY ("intentId") REFERENCES "ClaimIntent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_offeringId_fkey" FOREIGN KEY ("offeringId") REFERENCES "Offering"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_buyerAccountId_fkey" FOREIGN KEY ("buyerAccountId") REFERENCES "Account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseCode" ADD CONSTRAINT "LicenseCode_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseCode" ADD CONSTRAINT "LicenseCode_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseCode" ADD CONSTRAINT "LicenseCode_signingKeyId_fkey" FOREIGN KEY ("signingKeyId") REFERENCES "SigningKey"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageBatch" ADD CONSTRAINT "UsageBatch_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageBatch" ADD CONSTRAINT "UsageBatch_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "LicenseCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AllowanceWindow" ADD CONSTRAINT "AllowanceWindow_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Invariants Prisma cannot express (written by hand; DESIGN.md "Seats, allowance and usage").
-- ---------------------------------------------------------------------------------------------

-- One open claim intent per (seller, offering, address).
CREATE UNIQUE INDEX "ClaimIntent_one_open_per_seller_offering_email"
    ON "ClaimIntent" ("sellerId", "offeringId", "email") WHERE "status" = 'open';

ALTER TABLE "Offering" ADD CONSTRAINT "Offering_classification_check" CHECK ("classification" IN (0, 1, 2));
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_priceMinor_check" CHECK ("priceMinor" IS NULL OR "priceMinor" >= 0);
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_currency_check" CHECK ("currency" ~ '^[a-z]{3}$');
ALTER TABLE "Offering" ADD CONSTRAINT "Offering_interval_check" CHECK ("interval" IS NULL OR "interval" > 0);
ALTER TABLE "License" ADD CONSTRAINT "License_classification_check" CHECK ("classification" IN (0, 1, 2));
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_quantity_check" CHECK ("quantity" >= 1);
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_failed_has_error_check" CHECK ("status" <> 'failed' OR "error" IS NOT NULL);
ALTER TABLE "Feature" ADD CONSTRAINT "Feature_rateLimit_check" CHECK ("rateLimit" IS NULL OR "rateLimit" > 0);
ALTER TABLE "Feature" ADD CONSTRAINT "Feature_allowance_check" CHECK ("allowance" IS NULL OR "allowance" >= 0);
ALTER TABLE "AllowanceWindow" ADD CONSTRAINT "AllowanceWindow_period_check" CHECK ("periodEnd" > "periodStart");

-- A license keeps at least one live seat, and a retired seat stays retired. The license row is
-- locked first, so two concurrent retirements of the last two seats are serialised and the
-- second one sees that only one live seat is left.
CREATE FUNCTION "seat_retirement_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."retiredAt" IS NOT NULL AND NEW."retiredAt" IS NULL THEN
    RAISE EXCEPTION 'a retired seat cannot be added back' USING ERRCODE = 'SV002';
  END IF;
  IF OLD."retiredAt" IS NULL AND NEW."retiredAt" IS NOT NULL THEN
    PERFORM 1 FROM "License" WHERE "id" = NEW."licenseId" FOR UPDATE;
    IF NOT EXISTS (
      SELECT 1 FROM "Seat"
      WHERE "licenseId" = NEW."licenseId" AND "id" <> NEW."id" AND "retiredAt" IS NULL
    ) THEN
      RAISE EXCEPTION 'the last live seat of a license cannot be retired' USING ERRCODE = 'SV001';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Seat_retirement_guard"
    BEFORE UPDATE OF "retiredAt" ON "Seat"
    FOR EACH ROW EXECUTE FUNCTION "seat_retirement_guard"();
