-- By hand: a seller collecting tax says where it sells from. The first form of this CHECK let a
-- missing address through ("originAddress" ? 'country' is NULL when the address is NULL, and a
-- CHECK that is NULL holds); a missing address now counts as no country.
UPDATE "Seller" SET "taxCollection" = false WHERE "taxCollection" AND NOT coalesce("originAddress" ? 'country', false);
ALTER TABLE "Seller" DROP CONSTRAINT "Seller_tax_origin";
ALTER TABLE "Seller" ADD CONSTRAINT "Seller_tax_origin" CHECK (NOT "taxCollection" OR coalesce("originAddress" ? 'country', false));
