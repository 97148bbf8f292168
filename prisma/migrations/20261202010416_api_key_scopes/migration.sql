-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "restricted" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Invariants (by hand): scopes always a list, a restricted key names at least one scope and an
-- unrestricted one none, and every scope is one the service knows (server/api-keys/api-key-scopes.ts;
-- a new scope is a new migration).
ALTER TABLE "ApiKey" ALTER COLUMN "scopes" SET NOT NULL;
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_scopes_match_restriction" CHECK ("restricted" = (cardinality("scopes") > 0));
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_scopes_known" CHECK ("scopes" <@ ARRAY['catalog:read', 'catalog:write', 'licenses:read', 'licenses:write', 'orders:read', 'checkout', 'refunds', 'webhooks', 'events:read']::TEXT[]);
