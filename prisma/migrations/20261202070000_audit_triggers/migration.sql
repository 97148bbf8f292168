-- By hand: the seller's audit log (docs/design.md "Audit log"). Every change a seller side makes to
-- the tables below is recorded by a row trigger in the change's own transaction, so a change that
-- rolls back leaves no entry and no service can forget to write one. Who acts comes from the
-- session setting licensing.audit_context, which the application's pool sets on the connection
-- (server/platform/database/acting-context-pool.ts); with no setting (buyers, the runtime paths,
-- jobs) the trigger writes nothing.

-- audit_row_change(target, key columns, excluded column...): one entry per changed row. `target`
-- names it in the action (`license.updated`); the key columns (comma-separated) make its targetId;
-- the excluded columns (and any whose name says it holds a secret) never appear in `changes`.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := current_setting('licensing.audit_context', true);
  context jsonb;
  excluded text[] := CASE WHEN TG_NARGS > 2 THEN TG_ARGV[2:TG_NARGS - 1] ELSE ARRAY[]::text[] END;
  before_row jsonb;
  after_row jsonb;
  any_row jsonb;
  field text;
  changes jsonb := '{}'::jsonb;
  seller text;
  target_id text;
  next_sequence bigint;
BEGIN
  IF setting IS NULL OR setting = '' THEN
    RETURN NULL;
  END IF;
  context := setting::jsonb;
  IF TG_OP <> 'INSERT' THEN before_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN after_row := to_jsonb(NEW); END IF;
  any_row := coalesce(after_row, before_row);

  -- The row's own seller when it names one, else the seller the caller acts for.
  seller := CASE WHEN TG_TABLE_NAME = 'Seller' THEN any_row ->> 'id' ELSE coalesce(any_row ->> 'sellerId', context ->> 'sellerId') END;
  -- A seller being deleted (and what goes with it) has no log left to write to.
  IF seller IS NULL OR NOT EXISTS (SELECT 1 FROM "Seller" WHERE "id" = seller) THEN
    RETURN NULL;
  END IF;

  FOR field IN SELECT jsonb_object_keys(any_row) LOOP
    CONTINUE WHEN field = ANY (excluded) OR field ~* '(hash|secret|ciphertext|sealed|token|password|bytes)';
    IF TG_OP = 'INSERT' THEN
      IF after_row -> field <> 'null'::jsonb THEN
        changes := changes || jsonb_build_object(field, jsonb_build_object('After', after_row -> field));
      END IF;
    ELSIF TG_OP = 'DELETE' THEN
      IF before_row -> field <> 'null'::jsonb THEN
        changes := changes || jsonb_build_object(field, jsonb_build_object('Before', before_row -> field));
      END IF;
    ELSIF before_row -> field IS DISTINCT FROM after_row -> field THEN
      changes := changes || jsonb_build_object(field, jsonb_build_object('Before', before_row -> field, 'After', after_row -> field));
    END IF;
  END LOOP;
  -- An update of nothing recorded (a lastUsedAt bump, a touch of updatedAt) is no change to log.
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;

  SELECT string_agg(any_row ->> key_column, ':' ORDER BY position)
    INTO target_id
    FROM unnest(string_to_array(TG_ARGV[1], ',')) WITH ORDINALITY AS keys(key_column, position);

  -- The seller's next number: the counter row stays locked to the commit, so numbers follow the
  -- commit order and a rolled-back change gives its number back (as SellerEventCounter does).
  INSERT INTO "SellerAuditCounter" ("sellerId", "last") VALUES (seller, 1)
    ON CONFLICT ("sellerId") DO UPDATE SET "last" = "SellerAuditCounter"."last" + 1
    RETURNING "last" INTO next_sequence;

  INSERT INTO "AuditEntry" ("id", "sellerId", "sequence", "actorType", "actorId", "actorLabel", "actorRole", "actorScopes",
                            "surface", "operation", "action", "targetType", "targetId", "changes", "ipAddress", "userAgent", "correlationId")
  VALUES (
    gen_random_uuid()::text, seller, next_sequence,
    (context ->> 'actorType')::"AuditActorType",
    context ->> 'actorId',
    -- A key's label is read here, so authenticating a key costs nothing more.
    left(coalesce(context ->> 'actorLabel', (SELECT "label" FROM "ApiKey" WHERE "id" = context ->> 'actorId' AND context ->> 'actorType' = 'ApiKey'), ''), 320),
    (context ->> 'actorRole')::"SellerRole",
    ARRAY(SELECT jsonb_array_elements_text(coalesce(context -> 'actorScopes', '[]'::jsonb))),
    (context ->> 'surface')::"AuditSurface",
    left(coalesce(context ->> 'operation', ''), 200),
    TG_ARGV[0] || CASE TG_OP WHEN 'INSERT' THEN '.created' WHEN 'UPDATE' THEN '.updated' ELSE '.deleted' END,
    TG_ARGV[0],
    left(target_id, 200),
    changes,
    left(context ->> 'ipAddress', 64),
    left(context ->> 'userAgent', 500),
    left(context ->> 'correlationId', 200)
  );
  RETURN NULL;
END $$;

CREATE TRIGGER "Seller_audit" AFTER INSERT OR UPDATE OR DELETE ON "Seller" FOR EACH ROW EXECUTE FUNCTION audit_row_change('seller', 'id', 'updatedAt');
CREATE TRIGGER "SellerLogo_audit" AFTER INSERT OR UPDATE OR DELETE ON "SellerLogo" FOR EACH ROW EXECUTE FUNCTION audit_row_change('seller_logo', 'sellerId', 'bytes', 'updatedAt');
CREATE TRIGGER "SellerMember_audit" AFTER INSERT OR UPDATE OR DELETE ON "SellerMember" FOR EACH ROW EXECUTE FUNCTION audit_row_change('member', 'id');
CREATE TRIGGER "SellerInvitation_audit" AFTER INSERT OR UPDATE OR DELETE ON "SellerInvitation" FOR EACH ROW EXECUTE FUNCTION audit_row_change('invitation', 'id', 'tokenHash', 'email');
-- lastUsedAt moves at each use of a key: no change a person made.
CREATE TRIGGER "ApiKey_audit" AFTER INSERT OR UPDATE OR DELETE ON "ApiKey" FOR EACH ROW EXECUTE FUNCTION audit_row_change('api_key', 'id', 'secretHash', 'lastUsedAt');
CREATE TRIGGER "Product_audit" AFTER INSERT OR UPDATE OR DELETE ON "Product" FOR EACH ROW EXECUTE FUNCTION audit_row_change('product', 'id', 'updatedAt');
CREATE TRIGGER "Offering_audit" AFTER INSERT OR UPDATE OR DELETE ON "Offering" FOR EACH ROW EXECUTE FUNCTION audit_row_change('offering', 'id', 'updatedAt');
CREATE TRIGGER "OfferingPrice_audit" AFTER INSERT OR UPDATE OR DELETE ON "OfferingPrice" FOR EACH ROW EXECUTE FUNCTION audit_row_change('offering_price', 'offeringId,currency');
CREATE TRIGGER "Feature_audit" AFTER INSERT OR UPDATE OR DELETE ON "Feature" FOR EACH ROW EXECUTE FUNCTION audit_row_change('feature', 'id');
CREATE TRIGGER "Discount_audit" AFTER INSERT OR UPDATE OR DELETE ON "Discount" FOR EACH ROW EXECUTE FUNCTION audit_row_change('discount', 'id', 'updatedAt');
CREATE TRIGGER "DiscountAmount_audit" AFTER INSERT OR UPDATE OR DELETE ON "DiscountAmount" FOR EACH ROW EXECUTE FUNCTION audit_row_change('discount_amount', 'discountId,currency');
CREATE TRIGGER "DiscountOffering_audit" AFTER INSERT OR UPDATE OR DELETE ON "DiscountOffering" FOR EACH ROW EXECUTE FUNCTION audit_row_change('discount_offering', 'discountId,offeringId');
CREATE TRIGGER "WebhookEndpoint_audit" AFTER INSERT OR UPDATE OR DELETE ON "WebhookEndpoint" FOR EACH ROW EXECUTE FUNCTION audit_row_change('webhook_endpoint', 'id', 'secretCiphertext', 'previousSecretCiphertext', 'updatedAt');
-- A buyer's e-mail and billing address never go in: entries cannot be changed, and a buyer's erasure
-- (docs/data-rights.md) must leave no copy of them. The same for an invitation's address.
CREATE TRIGGER "Checkout_audit" AFTER INSERT OR UPDATE OR DELETE ON "Checkout" FOR EACH ROW EXECUTE FUNCTION audit_row_change('checkout', 'id', 'credentialCiphertext', 'requestFingerprint', 'sessionUrl', 'updatedAt', 'customerEmail', 'billingAddress', 'buyerTaxId');
CREATE TRIGGER "License_audit" AFTER INSERT OR UPDATE OR DELETE ON "License" FOR EACH ROW EXECUTE FUNCTION audit_row_change('license', 'id', 'updatedAt', 'processorCheckedAt');
CREATE TRIGGER "Seat_audit" AFTER INSERT OR UPDATE OR DELETE ON "Seat" FOR EACH ROW EXECUTE FUNCTION audit_row_change('seat', 'id');
CREATE TRIGGER "LicenseCode_audit" AFTER INSERT OR UPDATE OR DELETE ON "LicenseCode" FOR EACH ROW EXECUTE FUNCTION audit_row_change('license_code', 'id', 'secretHash', 'lastUsedAt');
CREATE TRIGGER "Device_audit" AFTER INSERT OR UPDATE OR DELETE ON "Device" FOR EACH ROW EXECUTE FUNCTION audit_row_change('device', 'id', 'lastSeenAt');
CREATE TRIGGER "PlanChange_audit" AFTER INSERT OR UPDATE OR DELETE ON "PlanChange" FOR EACH ROW EXECUTE FUNCTION audit_row_change('plan_change', 'id');
CREATE TRIGGER "Refund_audit" AFTER INSERT OR UPDATE OR DELETE ON "Refund" FOR EACH ROW EXECUTE FUNCTION audit_row_change('refund', 'id');
CREATE TRIGGER "DataExport_audit" AFTER INSERT OR UPDATE OR DELETE ON "DataExport" FOR EACH ROW EXECUTE FUNCTION audit_row_change('data_export', 'id', 'file');

-- The feed reads a seller's entries in sequence order: the unique index (sellerId, sequence) serves it.

-- A new scope: audit:read (server/api-keys/api-key-scopes.ts).
ALTER TABLE "ApiKey" DROP CONSTRAINT "ApiKey_scopes_known";
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_scopes_known" CHECK ("scopes" <@ ARRAY['catalog:read', 'catalog:write', 'licenses:read', 'licenses:write', 'orders:read', 'checkout', 'refunds', 'webhooks', 'events:read', 'audit:read']::TEXT[]);
