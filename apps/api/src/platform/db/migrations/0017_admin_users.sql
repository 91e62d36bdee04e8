CREATE TABLE "purchase_limit_overrides" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_limit_overrides_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "purchase_limit_overrides_currency_check" CHECK ("purchase_limit_overrides"."currency" in ('GBP', 'USD', 'EUR', 'AUD')),
	CONSTRAINT "purchase_limit_overrides_cents_check" CHECK ("purchase_limit_overrides"."cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_purchase_limit_override_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_limit_overrides" ADD CONSTRAINT "purchase_limit_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_email_to_idx" ON "outbox" USING btree (lower("payload" ->> 'to'),"id" DESC NULLS LAST) WHERE "outbox"."kind" = 'email';--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("first_name" || ' ' || coalesce("last_name", '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_business_name_prefix_idx" ON "users" USING btree (lower("business_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The single override ("cents of any one currency") becomes one override per currency, the same amount in each.
INSERT INTO "purchase_limit_overrides" ("user_id", "currency", "cents", "reason", "set_by", "set_at")
  SELECT "id", c.currency, "purchase_limit_override_cents", 'Carried over from the single purchase-limit override', NULL, now()
  FROM "users" CROSS JOIN (VALUES ('GBP'), ('USD'), ('EUR'), ('AUD')) AS c(currency)
  WHERE "purchase_limit_override_cents" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "purchase_limit_override_cents";