-- By hand: a seller's events and audit entries are numbered at the commit, not at the change.
-- Taking the seller's counter row at the change (recordEvent, the first audited row) held it to the
-- commit, so one seller's writes ran one after another for the rest of their length: 20 concurrent
-- license creations queued on SellerEventCounter past the pool's wait and some answered 503. Now
-- the row is written with a negative placeholder (unique, never shown: only its own transaction
-- sees it), and a deferred trigger gives it the seller's next number while the transaction commits.
-- The counter row is held only from there to the end of the commit, and numbers still follow the
-- commit order, so the feeds' cursors never skip.
CREATE SEQUENCE "AuditEntry_unnumbered";
CREATE SEQUENCE "Event_unnumbered";

-- AlterTable
ALTER TABLE "AuditEntry" ALTER COLUMN "sequence" SET DEFAULT (- nextval('"AuditEntry_unnumbered"'::regclass));

-- AlterTable
ALTER TABLE "Event" ALTER COLUMN "sequence" SET DEFAULT (- nextval('"Event_unnumbered"'::regclass));

ALTER TABLE "AuditEntry" DROP CONSTRAINT "AuditEntry_sequence";
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_sequence" CHECK ("sequence" <> 0);

-- The row trigger of the audited tables, as before but for the number (the column's default).
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
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

  INSERT INTO "AuditEntry" ("id", "sellerId", "actorType", "actorId", "actorLabel", "actorRole", "actorScopes",
                            "surface", "operation", "action", "targetType", "targetId", "changes", "ipAddress", "userAgent", "correlationId")
  VALUES (
    gen_random_uuid()::text, seller,
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

-- number_at_commit(counter table): the row's seller's next number of that counter, at the commit.
-- Every transaction takes a seller's counters in one order (events, then the audit log), so two
-- commits of the same seller never wait on each other crosswise.
CREATE FUNCTION number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_sequence bigint;
BEGIN
  IF TG_ARGV[0] = 'SellerAuditCounter' THEN
    INSERT INTO "SellerEventCounter" ("sellerId", "last") VALUES (NEW."sellerId", 0)
      ON CONFLICT ("sellerId") DO UPDATE SET "last" = "SellerEventCounter"."last";
  END IF;
  EXECUTE format('INSERT INTO %1$I ("sellerId", "last") VALUES ($1, 1) ON CONFLICT ("sellerId") DO UPDATE SET "last" = %1$I."last" + 1 RETURNING "last"', TG_ARGV[0])
    INTO next_sequence USING NEW."sellerId";
  PERFORM set_config('licensing.numbering', 'on', true);
  EXECUTE format('UPDATE %I SET "sequence" = $1 WHERE "id" = $2', TG_TABLE_NAME) USING next_sequence, NEW."id";
  PERFORM set_config('licensing.numbering', '', true);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "Event_numbered" AFTER INSERT ON "Event"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."sequence" < 0) EXECUTE FUNCTION number_at_commit('SellerEventCounter');
CREATE CONSTRAINT TRIGGER "AuditEntry_numbered" AFTER INSERT ON "AuditEntry"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."sequence" < 0) EXECUTE FUNCTION number_at_commit('SellerAuditCounter');

-- Entries cannot be changed or deleted, but by the retention job (after 400 days) and by the
-- numbering above, which only ever replaces a placeholder with the number and changes nothing else.
CREATE OR REPLACE FUNCTION audit_entry_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('licensing.audit_retention', true) = 'on' AND OLD."at" < now() - interval '400 days' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('licensing.numbering', true) = 'on' AND OLD."sequence" < 0 AND NEW."sequence" > 0
     AND (to_jsonb(NEW) - 'sequence') = (to_jsonb(OLD) - 'sequence') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Audit entries cannot be changed or deleted.' USING ERRCODE = '42501';
END $$;
