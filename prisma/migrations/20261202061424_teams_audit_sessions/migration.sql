-- CreateEnum
CREATE TYPE "AuditActorType" AS ENUM ('Member', 'ApiKey', 'Operator');

-- CreateEnum
CREATE TYPE "AuditSurface" AS ENUM ('Portal', 'ManagementApi', 'Mcp', 'Operator');

-- CreateEnum
CREATE TYPE "DataExportStatus" AS ENUM ('Queued', 'Running', 'Ready', 'Failed');

-- AlterEnum (by hand: the members that were "Member" keep everything they could do, as Admin)
ALTER TYPE "SellerRole" RENAME VALUE 'Member' TO 'Admin';
ALTER TYPE "SellerRole" ADD VALUE 'Developer';
ALTER TYPE "SellerRole" ADD VALUE 'Support';
ALTER TYPE "SellerRole" ADD VALUE 'Viewer';

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "erasedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "SellerMember" ALTER COLUMN "role" DROP DEFAULT;

-- CreateTable
CREATE TABLE "SellerInvitation" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "SellerRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedAccountId" TEXT,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "SellerInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BrowserSession" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "endReason" VARCHAR(40),
    "ipAddress" VARCHAR(64),
    "userAgent" VARCHAR(500),

    CONSTRAINT "BrowserSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "sequence" BIGINT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" "AuditActorType" NOT NULL,
    "actorId" TEXT,
    "actorLabel" VARCHAR(320) NOT NULL,
    "actorRole" "SellerRole",
    "actorScopes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "surface" "AuditSurface" NOT NULL,
    "operation" VARCHAR(200) NOT NULL,
    "action" VARCHAR(100) NOT NULL,
    "targetType" VARCHAR(64) NOT NULL,
    "targetId" VARCHAR(200) NOT NULL,
    "changes" JSONB,
    "ipAddress" VARCHAR(64),
    "userAgent" VARCHAR(500),
    "correlationId" VARCHAR(200),

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SellerAuditCounter" (
    "sellerId" TEXT NOT NULL,
    "last" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "SellerAuditCounter_pkey" PRIMARY KEY ("sellerId")
);

-- CreateTable
CREATE TABLE "DataExport" (
    "id" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "status" "DataExportStatus" NOT NULL DEFAULT 'Queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "file" BYTEA,
    "fileBytes" INTEGER,
    "expiresAt" TIMESTAMP(3),
    "failure" VARCHAR(500),

    CONSTRAINT "DataExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SellerInvitation_tokenHash_key" ON "SellerInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "SellerInvitation_sellerId_createdAt_idx" ON "SellerInvitation"("sellerId", "createdAt");

-- CreateIndex
CREATE INDEX "BrowserSession_accountId_createdAt_idx" ON "BrowserSession"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_sellerId_at_idx" ON "AuditEntry"("sellerId", "at");

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEntry_sellerId_sequence_key" ON "AuditEntry"("sellerId", "sequence");

-- CreateIndex
CREATE INDEX "DataExport_sellerId_createdAt_idx" ON "DataExport"("sellerId", "createdAt");

-- AddForeignKey
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BrowserSession" ADD CONSTRAINT "BrowserSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SellerAuditCounter" ADD CONSTRAINT "SellerAuditCounter_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataExport" ADD CONSTRAINT "DataExport_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataExport" ADD CONSTRAINT "DataExport_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- By hand: invariants Prisma cannot express.

-- At most one open invitation per seller and address.
CREATE UNIQUE INDEX "SellerInvitation_open_per_email" ON "SellerInvitation" ("sellerId", "email") WHERE "acceptedAt" IS NULL AND "revokedAt" IS NULL;
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_email_lower" CHECK ("email" = lower("email") AND length("email") BETWEEN 3 AND 320);
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_expiry" CHECK ("expiresAt" > "sentAt");
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_one_end" CHECK ("acceptedAt" IS NULL OR "revokedAt" IS NULL);
ALTER TABLE "SellerInvitation" ADD CONSTRAINT "SellerInvitation_accepted_by" CHECK (("acceptedAt" IS NULL) = ("acceptedAccountId" IS NULL));

ALTER TABLE "BrowserSession" ADD CONSTRAINT "BrowserSession_ended" CHECK (("endedAt" IS NULL) = ("endReason" IS NULL));
CREATE INDEX "BrowserSession_live" ON "BrowserSession" ("accountId") WHERE "endedAt" IS NULL;

ALTER TABLE "DataExport" ADD CONSTRAINT "DataExport_progress" CHECK ("progress" BETWEEN 0 AND 100);
ALTER TABLE "DataExport" ADD CONSTRAINT "DataExport_ready_file" CHECK ("status" <> 'Ready' OR "fileBytes" IS NOT NULL);

ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_sequence" CHECK ("sequence" > 0);

-- A seller always has an Owner: checked at the commit, so a transfer may promote and demote in either order.
CREATE FUNCTION seller_keeps_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Seller" WHERE "id" = OLD."sellerId")
     AND NOT EXISTS (SELECT 1 FROM "SellerMember" WHERE "sellerId" = OLD."sellerId" AND "role" = 'Owner') THEN
    RAISE EXCEPTION 'A seller keeps at least one Owner.' USING ERRCODE = '23514', CONSTRAINT = 'SellerMember_one_owner';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "SellerMember_one_owner" AFTER UPDATE OF "role" OR DELETE ON "SellerMember"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."role" = 'Owner') EXECUTE FUNCTION seller_keeps_an_owner();

-- Audit entries cannot be changed or deleted, but by the retention job (after 400 days), which says so for its transaction.
CREATE FUNCTION audit_entry_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('licensing.audit_retention', true) = 'on' AND OLD."at" < now() - interval '400 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'Audit entries cannot be changed or deleted.' USING ERRCODE = '42501';
END $$;
CREATE TRIGGER "AuditEntry_kept" BEFORE UPDATE OR DELETE ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION audit_entry_is_kept();
CREATE FUNCTION audit_log_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log cannot be emptied.' USING ERRCODE = '42501';
END $$;
CREATE TRIGGER "AuditEntry_not_truncated" BEFORE TRUNCATE ON "AuditEntry" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_kept();
