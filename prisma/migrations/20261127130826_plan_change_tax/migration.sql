-- AlterTable
ALTER TABLE "PlanChange" ADD COLUMN     "taxMinor" BIGINT NOT NULL DEFAULT 0;

-- By hand: the tax is part of the proration, with its sign (a credit's tax is credited too).
ALTER TABLE "PlanChange" ADD CONSTRAINT "PlanChange_tax" CHECK (abs("taxMinor") <= abs("prorationMinor") AND ("taxMinor" = 0 OR sign("taxMinor") = sign("prorationMinor")));
