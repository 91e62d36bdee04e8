-- Ledger guards drizzle cannot express (docs/decisions/0005-ledger.md).
-- ledger_entries is append-only: UPDATE, DELETE and TRUNCATE are refused; corrections are new,
-- reversing entries. An account keeps its identity: holder, unit type and bucket never change and
-- an account is never deleted, so an entry always explains the balance it was posted to.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate"
  BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_fixed_identity"
  BEFORE UPDATE OF "id", "holder", "unit_type", "bucket" OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate"
  BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
