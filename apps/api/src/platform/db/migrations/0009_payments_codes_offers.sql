CREATE TABLE "offer_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"sold_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_counters_sold_check" CHECK ("offer_counters"."sold_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reference_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"code_type" text NOT NULL,
	"is_percent" boolean DEFAULT false NOT NULL,
	"amount" text DEFAULT '0' NOT NULL,
	"bonus_units" bigint DEFAULT 0 NOT NULL,
	"min_payment_amount_cents" bigint,
	"max_payment_amount_cents" bigint,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_codes_code_check" CHECK ("reference_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "reference_codes_type_check" CHECK ("reference_codes"."code_type" in ('DISCOUNT', 'BONUS')),
	CONSTRAINT "reference_codes_uses_check" CHECK ("reference_codes"."uses" >= 0 and ("reference_codes"."max_uses" is null or "reference_codes"."uses" <= "reference_codes"."max_uses")),
	CONSTRAINT "reference_codes_bonus_check" CHECK ("reference_codes"."bonus_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_units" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_double_land" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_flag" text;--> statement-breakpoint
ALTER TABLE "reference_codes" ADD CONSTRAINT "reference_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_codes_code_key" ON "reference_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reference_code_id_reference_codes_id_fk" FOREIGN KEY ("reference_code_id") REFERENCES "public"."reference_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_payment_idx" ON "orders" USING btree ("payment_method","provider_payment_id") WHERE "orders"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_bonus_idx" ON "orders" USING btree ("user_id") WHERE "orders"."bonus_units" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_double_land_idx" ON "orders" USING btree ("user_id") WHERE "orders"."is_double_land";--> statement-breakpoint
CREATE INDEX "orders_flagged_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_flag" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bonus_units_check" CHECK ("orders"."bonus_units" is null or "orders"."bonus_units" > 0);--> statement-breakpoint
INSERT INTO "offer_counters" ("name", "sold_units") VALUES ('LU2X', 0);
