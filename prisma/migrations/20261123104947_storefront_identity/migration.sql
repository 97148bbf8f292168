-- AlterTable
ALTER TABLE "Seller" ADD COLUMN     "storeName" VARCHAR(80);

-- AlterTable
ALTER TABLE "Offering" ADD COLUMN     "allowRepeatPurchase" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "License" ADD COLUMN     "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "SellerLogo" (
    "sellerId" TEXT NOT NULL,
    "contentType" VARCHAR(32) NOT NULL,
    "bytes" BYTEA NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SellerLogo_pkey" PRIMARY KEY ("sellerId")
);

-- CreateTable
CREATE TABLE "SellerFormerId" (
    "issuerClientId" TEXT NOT NULL,
    "sellerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SellerFormerId_pkey" PRIMARY KEY ("issuerClientId")
);

-- CreateIndex
CREATE INDEX "SellerFormerId_sellerId_idx" ON "SellerFormerId"("sellerId");

-- AddForeignKey
ALTER TABLE "SellerLogo" ADD CONSTRAINT "SellerLogo_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SellerFormerId" ADD CONSTRAINT "SellerFormerId_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "Seller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: one storefront id names one seller, current or former. A seller's former id is
-- never taken by another seller (apps embed it), and a current id is never another's former one.
CREATE FUNCTION "seller_id_unclaimed"() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'Seller' THEN
    IF EXISTS (SELECT 1 FROM "SellerFormerId" WHERE "issuerClientId" = NEW."issuerClientId" AND "sellerId" <> NEW."id") THEN
      RAISE EXCEPTION 'issuerClientId % was used by another seller', NEW."issuerClientId" USING ERRCODE = '23505';
    END IF;
  ELSE
    IF EXISTS (SELECT 1 FROM "Seller" WHERE "issuerClientId" = NEW."issuerClientId" AND "id" <> NEW."sellerId") THEN
      RAISE EXCEPTION 'issuerClientId % is another seller''s', NEW."issuerClientId" USING ERRCODE = '23505';
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Seller_issuerClientId_unclaimed" BEFORE INSERT OR UPDATE OF "issuerClientId" ON "Seller"
  FOR EACH ROW EXECUTE FUNCTION "seller_id_unclaimed"();
CREATE TRIGGER "SellerFormerId_unclaimed" BEFORE INSERT OR UPDATE ON "SellerFormerId"
  FOR EACH ROW EXECUTE FUNCTION "seller_id_unclaimed"();
