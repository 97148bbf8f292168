-- AlterTable
ALTER TABLE "Seller" ADD COLUMN     "closedAt" TIMESTAMP(3);

-- A deleted store has no members (they all go with it): its last Owner may go, and nobody joins it again.
CREATE OR REPLACE FUNCTION seller_keeps_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Seller" WHERE "id" = OLD."sellerId" AND "closedAt" IS NULL)
     AND NOT EXISTS (SELECT 1 FROM "SellerMember" WHERE "sellerId" = OLD."sellerId" AND "role" = 'Owner') THEN
    RAISE EXCEPTION 'A seller keeps at least one Owner.' USING ERRCODE = '23514', CONSTRAINT = 'SellerMember_one_owner';
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION seller_member_joins_an_open_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Seller" WHERE "id" = NEW."sellerId" AND "closedAt" IS NOT NULL) THEN
    RAISE EXCEPTION 'A deleted store has no members.' USING ERRCODE = '23514', CONSTRAINT = 'SellerMember_store_open';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "SellerMember_store_open" BEFORE INSERT OR UPDATE OF "sellerId" ON "SellerMember"
  FOR EACH ROW EXECUTE FUNCTION seller_member_joins_an_open_store();

-- A deleted store stays deleted: its closing time is set once.
CREATE FUNCTION seller_stays_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."closedAt" IS NOT NULL AND NEW."closedAt" IS DISTINCT FROM OLD."closedAt" THEN
    RAISE EXCEPTION 'A deleted store is never reopened.' USING ERRCODE = '23514', CONSTRAINT = 'Seller_stays_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Seller_stays_closed" BEFORE UPDATE OF "closedAt" ON "Seller"
  FOR EACH ROW EXECUTE FUNCTION seller_stays_closed();
