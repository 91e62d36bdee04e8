CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"unit_type" text NOT NULL,
	"bucket" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_holder_check" CHECK ("ledger_accounts"."holder" ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' or "ledger_accounts"."holder" ~ '^system:[a-z][a-z0-9_-]{0,62}$'),
	CONSTRAINT "ledger_accounts_unit_type_check" CHECK ("ledger_accounts"."unit_type" in ('LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD')),
	CONSTRAINT "ledger_accounts_bucket_check" CHECK ("ledger_accounts"."bucket" in ('owned', 'owned_DOUBLE_LAND', 'pendingBuy', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked') or ("ledger_accounts"."holder" like 'system:%' and "ledger_accounts"."bucket" ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$')),
	CONSTRAINT "ledger_accounts_user_balance_check" CHECK ("ledger_accounts"."holder" like 'system:%' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text,
	"debit_account" bigint NOT NULL,
	"credit_account" bigint NOT NULL,
	"units" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_units_check" CHECK ("ledger_entries"."units" > 0),
	CONSTRAINT "ledger_entries_distinct_accounts_check" CHECK ("ledger_entries"."debit_account" <> "ledger_entries"."credit_account")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_debit_account_ledger_accounts_id_fk" FOREIGN KEY ("debit_account") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_credit_account_ledger_accounts_id_fk" FOREIGN KEY ("credit_account") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_holder_unit_type_bucket_key" ON "ledger_accounts" USING btree ("holder","unit_type","bucket");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_debit_account_idx" ON "ledger_entries" USING btree ("debit_account");--> statement-breakpoint
CREATE INDEX "ledger_entries_credit_account_idx" ON "ledger_entries" USING btree ("credit_account");