CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" >= 0),
	CONSTRAINT "invoice_counters_year_check" CHECK ("invoice_counters"."year" between 2000 and 9999)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"number" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_year_sequence_key" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_order_kind_key" UNIQUE("order_id","kind"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'sale_statement')),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" = 'LU-' || "invoices"."year" || '-' || lpad("invoices"."sequence"::text, greatest(6, length("invoices"."sequence"::text)), '0'))
);
--> statement-breakpoint
ALTER TABLE "dev_mail" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_issued_idx" ON "invoices" USING btree ("user_id","issued_at" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written from here: invoices are never changed or deleted (PRODUCT-DECISIONS §10).
CREATE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: invoices are never changed or deleted', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_append_only" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoices_refuse_change"();
--> statement-breakpoint
-- Orders paid before invoices existed get theirs: numbered per year (UTC) in the order they were paid.
INSERT INTO "invoices" ("number", "year", "sequence", "kind", "order_id", "user_id", "issued_at")
SELECT 'LU-' || "y" || '-' || lpad("s"::text, greatest(6, length("s"::text)), '0'), "y", "s", "kind", "id", "user_id", "paid_at"
FROM (
  SELECT "p".*, (row_number() OVER (PARTITION BY "y" ORDER BY "paid_at", "id"))::int AS "s"
  FROM (
    SELECT "o"."id", "o"."user_id",
      CASE "o"."order_type" WHEN 'BUY' THEN 'invoice' ELSE 'sale_statement' END AS "kind",
      coalesce("h"."paid_at", "o"."updated_at") AS "paid_at",
      extract(year FROM coalesce("h"."paid_at", "o"."updated_at") AT TIME ZONE 'UTC')::int AS "y"
    FROM "orders" "o"
    LEFT JOIN LATERAL (
      SELECT min("created_at") AS "paid_at" FROM "order_status_history"
      WHERE "order_id" = "o"."id" AND "to_status" IN ('Approved', 'Completed')
    ) "h" ON true
    WHERE ("o"."order_type" = 'BUY' AND "o"."order_status" IN ('Approved', 'Completed'))
       OR ("o"."order_type" = 'SELL' AND "o"."order_status" = 'Completed')
  ) "p"
) "n";
--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last_number") SELECT "year", max("sequence") FROM "invoices" GROUP BY "year";
